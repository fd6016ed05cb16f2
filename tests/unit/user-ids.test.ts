import { describe, expect, it } from "vitest";
import {
  parseUserIds,
  summariseUserIds,
  USER_IDS_MAX,
  userIdsProblem,
} from "../../src/lib/user-ids";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

describe("pasted user ids", () => {
  it("splits on commas, semicolons, spaces, tabs and new lines", () => {
    expect(parseUserIds("1, 2;3\t4\n5\r\n6   7,,8")).toEqual({
      ids: [1, 2, 3, 4, 5, 6, 7, 8],
      invalid: [],
      duplicates: 0,
    });
  });

  it("reads nothing from blank text", () => {
    expect(parseUserIds("  \n , ")).toEqual({ ids: [], invalid: [], duplicates: 0 });
  });

  it("drops duplicates, keeping the first place, and counts them", () => {
    expect(parseUserIds("5 3 5 5 3 007 7")).toEqual({ ids: [5, 3, 7], invalid: [], duplicates: 4 });
  });

  it.each([
    ["zero", "0"],
    ["a negative number", "-4"],
    ["a sign", "+4"],
    ["a decimal", "12.0"],
    ["an exponent", "1e3"],
    ["letters", "abc"],
    ["a mixed token", "12a"],
    ["more than a safe integer", "9007199254740993"],
  ])("reports %s as invalid", (_what, token) => {
    expect(parseUserIds(`1 ${token} 2`)).toEqual({ ids: [1, 2], invalid: [token], duplicates: 0 });
  });

  it("takes the largest safe integer", () => {
    expect(parseUserIds("9007199254740991").ids).toEqual([Number.MAX_SAFE_INTEGER]);
  });

  it("lists each invalid token once", () => {
    expect(parseUserIds("x 1 x y").invalid).toEqual(["x", "y"]);
  });
});

describe("the summary under the field", () => {
  it("counts ids and dropped duplicates", () => {
    expect(summariseUserIds(parseUserIds("1 2 3 4 5 6 7 8 9 10 11 12 1 2"), i18n)).toBe(
      "12 ids, 2 duplicates dropped",
    );
  });

  it("speaks of one id and one duplicate in the singular", () => {
    expect(summariseUserIds(parseUserIds("4 4"), i18n)).toBe("1 id, 1 duplicate dropped");
  });

  it("counts invalid entries", () => {
    expect(summariseUserIds(parseUserIds("1 a b"), i18n)).toBe("1 id, 2 invalid entries");
  });

  it("formats large numbers", () => {
    const text = Array.from({ length: 1200 }, (_, index) => String(index + 1)).join(" ");
    expect(summariseUserIds(parseUserIds(text), i18n)).toBe("1,200 ids");
  });
});

describe("what stops the ids being sent", () => {
  it("is nothing for good ids", () => {
    expect(userIdsProblem(parseUserIds("1 2 2"), i18n)).toBeUndefined();
  });

  it("asks for an id when there is none", () => {
    expect(userIdsProblem(parseUserIds(" "), i18n)).toBe("Enter at least one user id");
  });

  it("names the invalid tokens, at most five of them", () => {
    expect(userIdsProblem(parseUserIds("a 1 b"), i18n)).toBe(
      "Not a user id (a positive whole number): “a”, “b”",
    );
    expect(userIdsProblem(parseUserIds("a b c d e f g"), i18n)).toBe(
      "Not a user id (a positive whole number): “a”, “b”, “c”, “d”, “e” and 2 more",
    );
  });

  it("shortens a long token", () => {
    expect(userIdsProblem(parseUserIds("x".repeat(40)), i18n)).toBe(
      `Not a user id (a positive whole number): “${"x".repeat(23)}…”`,
    );
  });

  it("refuses more than the maximum, and takes exactly the maximum", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, index) => String(index + 1)).join(",");
    expect(USER_IDS_MAX).toBe(1000);
    expect(userIdsProblem(parseUserIds(ids(1000)), i18n)).toBeUndefined();
    expect(userIdsProblem(parseUserIds(ids(1001)), i18n)).toBe(
      "At most 1,000 ids at a time; there are 1,001",
    );
  });
});
