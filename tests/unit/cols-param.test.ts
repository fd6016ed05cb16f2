import { describe, expect, it } from "vitest";
import { colsField, decodeCols, encodeCols } from "../../src/lib/cols-param";
import { readSearch, searchSchema, writeSearch } from "../../src/lib/url-state";

const ids = ["userId", "recordId", "date", "utms", "variables"];
const schema = searchSchema({ cols: colsField() });
const read = (query: string) => readSearch(schema, new URLSearchParams(query)).cols;

describe("the columns in the URL (cols)", () => {
  it("reads absent as the browser's own choice and empty as every column shown", () => {
    expect(read("")).toBeUndefined();
    expect(decodeCols(read(""), ids)).toBeUndefined();
    expect(read("cols=")).toBe("");
    expect(decodeCols(read("cols="), ids)).toEqual({});
  });

  it("reads the hidden columns, ignoring ones this table does not have", () => {
    expect(decodeCols(read("cols=utms,variables,gone"), ids)).toEqual({
      utms: false,
      variables: false,
    });
  });

  it.each(["cols=a,,b", "cols=,a", "cols=<x>", "cols=a%20b", `cols=${"a".repeat(401)}`])(
    "falls back to the browser's choice on a malformed %s",
    (query) => {
      expect(read(query)).toBeUndefined();
    },
  );

  it("writes the hidden known columns in the table's order, and round-trips", () => {
    const visibility = { variables: false, date: true, utms: false, other: false };
    const value = encodeCols(visibility, ids);
    expect(value).toBe("utms,variables");
    const written = writeSearch(schema, new URLSearchParams("size=50"), { cols: value });
    expect(written.toString()).toBe("size=50&cols=utms%2Cvariables");
    expect(decodeCols(read(written.toString()), ids)).toEqual({ utms: false, variables: false });
  });

  it("keeps cols= for every column shown, and drops the key for the browser's choice", () => {
    expect(
      writeSearch(schema, new URLSearchParams(), { cols: encodeCols({}, ids) }).toString(),
    ).toBe("cols=");
    expect(
      writeSearch(schema, new URLSearchParams("cols=utms"), { cols: undefined }).toString(),
    ).toBe("");
  });
});
