import { describe, expect, it } from "vitest";
import { subscribersSearch } from "../../src/features/subscribers/list/subscribers-search";
import { readSearch, writeSearch } from "../../src/lib/url-state";

const read = (query: string) => readSearch(subscribersSearch, new URLSearchParams(query));

describe("the subscribers list's URL", () => {
  it("defaults to the first page of 20", () => {
    expect(read("")).toEqual({ size: "20", after: [], mode: "pages" });
  });

  it("reads a page size, a cursor stack and the load-more mode", () => {
    expect(read("size=50&after=50&after=100&mode=more")).toEqual({
      size: "50",
      after: ["50", "100"],
      mode: "more",
    });
  });

  it.each([
    ["size=37", { size: "20", after: [], mode: "pages" }],
    ["after=20&after=abc", { size: "20", after: [], mode: "pages" }],
    ["after=..%2Fx", { size: "20", after: [], mode: "pages" }],
    ["mode=grid&size=100", { size: "100", after: [], mode: "pages" }],
  ])("falls back to defaults for %s", (query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it("writes only what differs from the defaults", () => {
    const next = writeSearch(subscribersSearch, new URLSearchParams("size=50&other=1"), {
      size: "20",
      after: ["20", "40"],
    });
    expect(next.toString()).toBe("other=1&after=20&after=40");
  });
});
