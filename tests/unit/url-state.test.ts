import { describe, expect, it } from "vitest";
import { readSearch, searchField, searchSchema, writeSearch } from "../../src/lib/url-state";

const schema = searchSchema({
  size: searchField.oneOf(["20", "50", "100"], "20"),
  page: searchField.int(1, 1, 1000),
  sub: searchField.ids(),
  q: searchField.text(10),
  after: searchField.cursors(3),
});

const read = (query: string) => readSearch(schema, new URLSearchParams(query));

describe("page state in the URL", () => {
  it("gives the defaults for an empty query", () => {
    expect(read("")).toEqual({ size: "20", page: 1, sub: [], q: "", after: [] });
  });

  it("reads good values, arrays as repeated keys", () => {
    expect(read("size=50&page=3&sub=2&sub=7&q=anna&after=10&after=30")).toEqual({
      size: "50",
      page: 3,
      sub: [2, 7],
      q: "anna",
      after: ["10", "30"],
    });
  });

  it.each([
    ["size=33", { size: "20" }],
    ["page=-4", { page: 1 }],
    ["page=1e9", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["sub=1&sub=x&sub=1&sub=0&sub=-2", { sub: [1] }],
    ["sub=9999999999999999&sub=9007199254740993&sub=4", { sub: [4] }],
    ["q=far-too-long-text", { q: "" }],
    ["after=1&after=2&after=3&after=4", { after: [] }],
    ["after=%3Cscript%3E", { after: [] }],
    ["size=50&size=100", { size: "100" }],
  ])("a hand-edited %s falls back without breaking the rest", (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it("ignores keys it does not own, and keeps them when writing", () => {
    const next = writeSearch(schema, new URLSearchParams("period=7d&size=50"), { page: 2 });
    expect(next.toString()).toBe("period=7d&size=50&page=2");
  });

  it("leaves out values equal to their default", () => {
    const next = writeSearch(schema, new URLSearchParams("size=50&page=4&sub=3"), {
      size: "20",
      page: 1,
      sub: [],
    });
    expect(next.toString()).toBe("");
  });

  it("round-trips what it writes", () => {
    const state = { size: "100" as const, page: 9, sub: [4, 5], q: "x y&z", after: ["a", "b"] };
    const written = writeSearch(schema, new URLSearchParams(), state);
    expect(read(written.toString())).toEqual(state);
  });
});
