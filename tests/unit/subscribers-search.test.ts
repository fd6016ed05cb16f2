import { describe, expect, it } from "vitest";
import {
  directorySort,
  listSource,
  subscribersSearch,
} from "../../src/features/subscribers/list/subscribers-search";
import { readSearch, writeSearch } from "../../src/lib/url-state";

const read = (query: string) => readSearch(subscribersSearch, new URLSearchParams(query));
/** The directory's fields (issue 16) at their defaults. */
const D = { source: "auto", order: "date-desc", q: "", from: [] } as const;

describe("the subscribers list's URL", () => {
  it("defaults to the first page of 20", () => {
    expect(read("")).toEqual({ size: "20", after: [], mode: "pages", ...D });
  });

  it("reads a page size, a cursor stack and the load-more mode", () => {
    expect(read("size=50&after=50&after=100&mode=more")).toEqual({
      size: "50",
      after: ["50", "100"],
      mode: "more",
      ...D,
    });
  });

  it.each([
    ["size=37", { size: "20", after: [], mode: "pages", ...D }],
    ["after=20&after=abc", { size: "20", after: [], mode: "pages", ...D }],
    ["after=..%2Fx", { size: "20", after: [], mode: "pages", ...D }],
    ["mode=grid&size=100", { size: "100", after: [], mode: "pages", ...D }],
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

describe("the subscribers list's directory state in the URL", () => {
  it("reads a source, an order, a filter and the directory's cursor stack", () => {
    expect(
      read("source=directory&order=name-asc&q=%D0%BF%D0%B5%D1%82&from=eyJrIjoxfQ&from=eyJrIjoyfQ"),
    ).toEqual({
      size: "20",
      after: [],
      mode: "pages",
      source: "directory",
      order: "name-asc",
      q: "пет",
      from: ["eyJrIjoxfQ", "eyJrIjoyfQ"],
    });
  });

  it.each([
    ["source=both", { source: "auto" }],
    ["order=name", { order: "date-desc" }],
    ["order=date-sideways", { order: "date-desc" }],
    [`q=${"x".repeat(201)}`, { q: "" }],
    ["from=abc&from=a%2Fb", { from: [] }],
    [`from=${"a".repeat(401)}`, { from: [] }],
    [Array.from({ length: 201 }, () => "from=a").join("&"), { from: [] }],
  ])("falls back for %s", (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it("leaves the defaults out of the URL", () => {
    const next = writeSearch(subscribersSearch, new URLSearchParams(""), {
      source: "auto",
      order: "date-desc",
      q: "",
      from: [],
    });
    expect(next.toString()).toBe("");
  });

  it("maps an order to the directory's sort and order", () => {
    expect(directorySort("date-desc")).toEqual({ sort: "date", order: "desc" });
    expect(directorySort("name-asc")).toEqual({ sort: "name", order: "asc" });
  });
});

describe("which source draws the list", () => {
  it("is the directory once it is complete, unless the API was chosen", () => {
    expect(listSource("auto", "ready")).toBe("directory");
    expect(listSource("directory", "ready")).toBe("directory");
    expect(listSource("api", "ready")).toBe("api");
  });

  it("is the API while the directory reads, is empty or is missing, whatever the URL says", () => {
    for (const state of ["reading", "empty", undefined] as const) {
      expect(listSource("directory", state)).toBe("api");
      expect(listSource("auto", state)).toBe("api");
    }
  });
});
