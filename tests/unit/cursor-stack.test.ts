import { describe, expect, it } from "vitest";
import {
  cleanCursorStack,
  currentCursor,
  isPageSize,
  MAX_CURSORS,
  mayHaveNextPage,
  pageNumber,
  popCursor,
  pushCursor,
} from "../../src/lib/cursor-stack";

describe("the cursor stack", () => {
  it("starts on the first page", () => {
    expect(currentCursor([])).toBeUndefined();
    expect(pageNumber([])).toBe(1);
    expect(popCursor([])).toEqual([]);
  });

  it("goes forward with the answer's offset_id and back the same way", () => {
    const second = pushCursor([], "20", 20, 20);
    expect(second).toEqual(["20"]);
    const third = pushCursor(second ?? [], "40", 20, 20);
    expect(third).toEqual(["20", "40"]);
    expect(currentCursor(third ?? [])).toBe("40");
    expect(pageNumber(third ?? [])).toBe(3);
    expect(popCursor(third ?? [])).toEqual(["20"]);
    expect(popCursor(popCursor(third ?? []))).toEqual([]);
  });

  it("does not go past a short or empty page", () => {
    expect(mayHaveNextPage(19, 20)).toBe(false);
    expect(mayHaveNextPage(0, 20)).toBe(false);
    expect(mayHaveNextPage(20, 20)).toBe(true);
    expect(pushCursor(["20"], "39", 19, 20)).toBeUndefined();
    expect(pushCursor(["20"], "20", 0, 20)).toBeUndefined();
  });

  it("does not push a cursor that does not move on or is not a record id", () => {
    expect(pushCursor(["20"], "20", 20, 20)).toBeUndefined();
    expect(pushCursor([], "", 20, 20)).toBeUndefined();
    expect(pushCursor([], "abc", 20, 20)).toBeUndefined();
  });

  it("keeps at most MAX_CURSORS, dropping the oldest", () => {
    const full = Array.from({ length: MAX_CURSORS }, (_, index) => String(index + 1));
    const next = pushCursor(full, "5000", 20, 20);
    expect(next).toHaveLength(MAX_CURSORS);
    expect(next?.[0]).toBe("2");
    expect(next?.at(-1)).toBe("5000");
  });

  it("trusts a stack from the URL only when every cursor is a record id", () => {
    expect(cleanCursorStack(["20", "40"])).toEqual(["20", "40"]);
    expect(cleanCursorStack(["20", "abc"])).toEqual([]);
    expect(cleanCursorStack(["-1"])).toEqual([]);
    expect(cleanCursorStack(["1".repeat(20)])).toEqual([]);
    expect(cleanCursorStack(Array.from({ length: MAX_CURSORS + 1 }, () => "1"))).toEqual([]);
  });

  it("knows the page sizes", () => {
    expect([20, 50, 100].every(isPageSize)).toBe(true);
    expect([0, 10, 25, 101].some(isPageSize)).toBe(false);
  });
});
