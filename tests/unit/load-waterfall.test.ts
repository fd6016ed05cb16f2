import { describe, expect, it } from "vitest";
import { type Fetched, median, waterfallDepth, wireBytes } from "../../bench/load/waterfall";

const request = (type: string, start: number, end: number, bytes = 100): Fetched => ({
  url: `${type}-${String(start)}`,
  type,
  start,
  end,
  bytes,
});

describe("waterfallDepth", () => {
  it("counts requests each sent after the previous answer, not those in parallel", () => {
    const load = [
      request("Document", 0, 1),
      request("Script", 1, 2),
      request("Stylesheet", 1, 1.5),
      request("Script", 2, 3),
      request("Fetch", 2.1, 2.5), // in parallel with the page chunk
      request("Fetch", 3, 4),
      request("Image", 4, 5), // pictures never hold back the first content
    ];
    expect(waterfallDepth(load, 10)).toBe(4);
    // Only what started before the content was there counts.
    expect(waterfallDepth(load, 2.9)).toBe(3);
  });

  it("is 0 for nothing", () => {
    expect(waterfallDepth([], 1)).toBe(0);
  });
});

describe("wireBytes and median", () => {
  it("sums bytes by kind", () => {
    const load = [
      request("Script", 0, 1, 300),
      request("Script", 0, 1, 200),
      request("Stylesheet", 0, 1, 50),
      request("XHR", 0, 1, 7),
      request("Fetch", 0, 1, 3),
      request("Image", 0, 1, 1000),
    ];
    expect(wireBytes(load)).toEqual({ js: 500, css: 50, data: 10, total: 1560 });
  });

  it("takes the middle value", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
