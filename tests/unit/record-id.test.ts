import { describe, expect, it } from "vitest";
import { parseRecordId, recordLookup } from "../../src/lib/record-id";

describe("parseRecordId", () => {
  it("reads a positive record id", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("4711")).toBe(4711);
    expect(parseRecordId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    undefined,
    "",
    "0",
    "007",
    "-3",
    "+3",
    "1.5",
    "1e3",
    " 12",
    "12 ",
    "0x1f",
    "abc",
    "12abc",
    "9007199254740993",
    "99999999999999999",
  ])("refuses %j", (value) => {
    expect(parseRecordId(value)).toBeUndefined();
  });
});

describe("recordLookup", () => {
  it("asks for one record after the one before", () => {
    expect(recordLookup(4711)).toEqual({ count: 1, offset_id: "4710" });
    expect(recordLookup(1)).toEqual({ count: 1, offset_id: "0" });
  });
});
