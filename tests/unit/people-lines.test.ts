import { describe, expect, it } from "vitest";
import type { DirectoryPersonBrief, DirectoryResolveResult } from "../../src/contract/directory";
import {
  chooseCandidate,
  hasNames,
  linesToResolve,
  resolutionComplete,
  resolvedLines,
  setDropped,
  summarisePeopleText,
  summariseResolution,
} from "../../src/lib/people-lines";
import { plainSpaces, testI18n } from "../support/i18n";

function person(userId: number, first: string, last: string): DirectoryPersonBrief {
  return {
    record_id: String(userId),
    user_id: userId,
    first_name: first,
    last_name: last,
    photo: "",
    status: 1,
    ignore: 0,
    date: "01.11.2026 10:00:00",
    subscriptions: [],
    left_at: null,
    confirmed_at: "2026-11-24T04:00:00.000Z",
  };
}

const ivan1 = person(11, "Иван", "Петров");
const ivan2 = person(12, "Иван", "Петров");
const anna = person(20, "Анна", "Сидорова");

function result(
  partial: Partial<DirectoryResolveResult> & { line: string },
): DirectoryResolveResult {
  return {
    outcome: "not-found",
    user_id: null,
    candidates: [],
    matches: 0,
    problem: null,
    ...partial,
  };
}

const answer: DirectoryResolveResult[] = [
  result({ line: "Иван Петров", outcome: "ambiguous", candidates: [ivan1, ivan2], matches: 7 }),
  result({ line: "Анна Сидорова", outcome: "found", user_id: 20, candidates: [anna], matches: 1 }),
  result({ line: "555", outcome: "id", user_id: 555 }),
  result({ line: "Никто Никтович" }),
  result({ line: "", outcome: "empty" }),
];

describe("reading pasted people", () => {
  it("needs the directory only when something is not a user id", () => {
    expect(hasNames("1, 2\n3")).toBe(false);
    expect(hasNames("")).toBe(false);
    expect(hasNames("1\nИван Петров")).toBe(true);
    expect(hasNames("vk.com/id5")).toBe(true);
  });

  it("splits lines of ids into ids, keeps other lines whole, drops blanks and repeats", () => {
    expect(linesToResolve(" 1, 2 3\n\nИван Петров \nиван петров\n2\nvk.com/id5\r\n")).toEqual([
      "1",
      "2",
      "3",
      "Иван Петров",
      "vk.com/id5",
    ]);
  });

  it("reads a line that lists an id beside names part by part, and keeps a name with a comma whole", () => {
    expect(linesToResolve("1967559769, Иван Петров; 12x34\nПетров, Иван")).toEqual([
      "1967559769",
      "Иван Петров",
      "12x34",
      "Петров, Иван",
    ]);
    // Empty parts are left out, an id named twice is asked about once.
    expect(linesToResolve("5;; 5, abc")).toEqual(["5", "abc"]);
  });

  it("says what the field holds, in both languages", () => {
    const en = testI18n("en");
    expect(summarisePeopleText("1 2\nИван Петров", en)).toBe(
      "2 ids, 1 line to look up in the directory",
    );
    const ru = testI18n("ru");
    // Counted as the review will read them: "0", "-5" and a number past the ids' range are no
    // ids, and are lines the directory is asked about.
    expect(summarisePeopleText("1967559769\n0\n-5\n12345678901234567890123", en)).toBe(
      "1 id, 3 lines to look up in the directory",
    );
    expect(plainSpaces(summarisePeopleText("1\nИван\nАнна\nПётр\nОля\nЮра", ru))).toBe(
      "1 ID, 5 строк для поиска в справочнике",
    );
  });
});

describe("settling the lines", () => {
  it("starts with found people and ids settled, ambiguous and unknown lines pending", () => {
    const lines = resolvedLines(answer);
    expect(lines.map((line) => [line.line, line.userId])).toEqual([
      ["Иван Петров", null],
      ["Анна Сидорова", 20],
      ["555", 555],
      ["Никто Никтович", null],
    ]);
    expect(lines[1]?.person).toBe(anna);
    expect(lines[2]?.person).toBeNull();
    const summary = summariseResolution(lines);
    expect(summary).toEqual({ ids: [20, 555], pending: 2, dropped: 0, repeats: 0 });
    expect(resolutionComplete(summary)).toBe(false);
  });

  it("is complete once the ambiguous name is chosen and the unknown line dropped", () => {
    let lines = resolvedLines(answer);
    lines = chooseCandidate(lines, 0, 12);
    expect(lines[0]?.person).toBe(ivan2);
    expect(resolutionComplete(summariseResolution(lines))).toBe(false);
    lines = setDropped(lines, 3, true);
    const summary = summariseResolution(lines);
    expect(summary).toEqual({ ids: [12, 20, 555], pending: 0, dropped: 1, repeats: 0 });
    expect(resolutionComplete(summary)).toBe(true);
  });

  it("ignores a choice that is not a candidate, or on a line that is not ambiguous", () => {
    const lines = resolvedLines(answer);
    expect(chooseCandidate(lines, 0, 999)[0]?.userId).toBeNull();
    expect(chooseCandidate(lines, 1, 11)[1]?.userId).toBe(20);
  });

  it("sends a person named twice once, and leaves a dropped found line out", () => {
    let lines = resolvedLines([
      ...answer.slice(1, 3),
      result({ line: "20", outcome: "id", user_id: 20, candidates: [anna], matches: 1 }),
    ]);
    expect(summariseResolution(lines)).toEqual({
      ids: [20, 555],
      pending: 0,
      dropped: 0,
      repeats: 1,
    });
    lines = setDropped(setDropped(lines, 0, true), 2, true);
    lines = setDropped(lines, 1, true);
    const summary = summariseResolution(lines);
    expect(summary.ids).toEqual([]);
    expect(resolutionComplete(summary)).toBe(false);
  });
});
