import { describe, expect, it } from "vitest";
import { chunk } from "../../src/lib/chunk";

describe("chunk", () => {
  it("splits into runs of at most the size, in order", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([1, 2], 5)).toEqual([[1, 2]]);
    expect(chunk([], 3)).toEqual([]);
  });

  it("splits 250 ids into calls of 100, 100 and 50", () => {
    const ids = Array.from({ length: 250 }, (_, index) => index + 1);
    expect(chunk(ids, 100).map((run) => run.length)).toEqual([100, 100, 50]);
    expect(chunk(ids, 100).flat()).toEqual(ids);
  });

  it.each([0, -1, 1.5])("refuses a size of %s", (size) => {
    expect(() => chunk([1], size)).toThrow(RangeError);
  });
});
