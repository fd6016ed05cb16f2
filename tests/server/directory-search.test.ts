import { describe, expect, it } from "vitest";
import type { Subscriber } from "../../src/contract/entities";
import { openGatewayDb } from "../../server/gateway/store/database";
import { ensureDirectory } from "../../server/gateway/store/directory-channels";
import { upsertPeople } from "../../server/gateway/store/directory-people";
import { SORTED_TIER_MAX, searchDirectory } from "../../server/gateway/store/directory-search";

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

function person(id: number, first: string, last: string): Subscriber {
  return {
    id: String(id),
    date: "01.03.2026 10:00:00",
    status: 1,
    tg_user_id: 700_000_000 + id,
    first_name: first,
    last_name: last,
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
  };
}

/** A channel where one full name is too common to sort: more than SORTED_TIER_MAX people. */
function directory() {
  const db = openGatewayDb(":memory:");
  const dirId = ensureDirectory(db, 1001, NOW).dir_id;
  const people: Subscriber[] = [];
  const common = SORTED_TIER_MAX + 30;
  for (let id = 1; id <= common; id++) people.push(person(id, "Иван", "Петров"));
  people.push(person(common + 1, "Иван", "Петровский"));
  people.push(person(common + 2, "Ivan", "Petrovsky"));
  people.push(person(common + 3, "Ивана", "Петрова"));
  people.push(person(common + 4, "Иван", "Сидоров"));
  upsertPeople(db, { dirId, timeZone: "UTC" }, people, NOW);
  return { db, dirId, common };
}

function everyPage(q: string, limit: number) {
  const { db, dirId } = fixture;
  const records: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const found = searchDirectory(db, dirId, { q, cursor, limit, field: "tg_user_id" });
    expect(found.hits.length).toBeLessThanOrEqual(limit);
    records.push(...found.hits.map((hit) => hit.row.record_id.toString()));
    if (found.nextCursor === null) return records;
    cursor = found.nextCursor;
  }
  throw new Error("the pages never end");
}

const fixture = directory();

describe("search over a common name", () => {
  it("pages through every tier once: whole names, the last word started, every word started", () => {
    const records = everyPage("иван петров", 20);
    const { common } = fixture;
    expect(new Set(records).size).toBe(records.length);
    // The common name in the index's order, then the two Петровский (sorted by name), then Петрова.
    expect(records.slice(0, common)).toEqual(
      Array.from({ length: common }, (_, index) => String(index + 1)),
    );
    expect(records.slice(common).sort()).toEqual(
      [common + 1, common + 2, common + 3].map(String).sort(),
    );
    expect(records.at(-1)).toBe(String(common + 3));
  });

  it("gives the same people whatever the page size", () => {
    expect(everyPage("ivan petr", 7).sort()).toEqual(everyPage("ivan petr", 50).sort());
  });

  it("finds nobody for a word no name starts with, and for a typo", () => {
    expect(everyPage("иван пытров", 20)).toEqual([]);
    expect(everyPage("zzz", 20)).toEqual([]);
  });
});

describe("search in the script it is typed in", () => {
  const db = openGatewayDb(":memory:");
  const dirId = ensureDirectory(db, 1001, NOW).dir_id;
  upsertPeople(
    db,
    { dirId, timeZone: "UTC" },
    [
      person(1, "Anton", "Petrov"),
      person(2, "Vladimir", "Petrov"),
      person(3, "Алексей", "Петров"),
      person(4, "Олег", "Петров"),
    ],
    NOW,
  );
  const names = (q: string) =>
    searchDirectory(db, dirId, { q, limit: 20, field: "tg_user_id" }).hits.map(
      (hit) => `${hit.row.first_name} ${hit.row.last_name}`,
    );

  it("lists Cyrillic names first for a query in Cyrillic, Latin ones first for one in Latin", () => {
    expect(names("Петров")).toEqual([
      "Алексей Петров",
      "Олег Петров",
      "Anton Petrov",
      "Vladimir Petrov",
    ]);
    expect(names("Petrov")).toEqual([
      "Anton Petrov",
      "Vladimir Petrov",
      "Алексей Петров",
      "Олег Петров",
    ]);
  });
});
