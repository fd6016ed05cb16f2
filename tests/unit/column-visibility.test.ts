import { describe, expect, it } from "vitest";
import { parseColumnVisibility, serializeColumnVisibility } from "../../src/lib/column-visibility";

const ids = ["date", "status", "utms"];

describe("column visibility from storage", () => {
  it("reads what was stored for known columns", () => {
    expect(parseColumnVisibility('{"date":false,"status":true}', ids)).toEqual({
      date: false,
      status: true,
    });
  });

  it("drops unknown columns and values that are not true or false", () => {
    expect(
      parseColumnVisibility('{"date":"no","gone":false,"utms":0,"status":false}', ids),
    ).toEqual({ status: false });
    expect(parseColumnVisibility('{"__proto__":false,"toString":false}', ids)).toEqual({});
  });

  it.each([null, "", "not json", "[false]", "null", "42", '"date"'])(
    "shows every column for %j",
    (raw) => {
      expect(parseColumnVisibility(raw, ids)).toEqual({});
    },
  );

  it("stores only the hidden columns, and reads them back", () => {
    const stored = serializeColumnVisibility({ date: false, status: true, utms: false });
    expect(JSON.parse(stored)).toEqual({ date: false, utms: false });
    expect(parseColumnVisibility(stored, ids)).toEqual({ date: false, utms: false });
  });
});
