import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitPoints, maxPointsFor } from "../../src/lib/fit-points";
import { createLimiter } from "../../src/lib/limit-concurrency";

const point = (i: number, a: number, b: number) => ({
  label: `d${String(i)}`,
  title: `day ${String(i)}`,
  values: [a, b],
});

describe("fitPoints", () => {
  it("leaves a series that fits as it is", () => {
    const points = [point(1, 1, 2), point(2, 3, 4)];
    expect(fitPoints(points, 2)).toEqual(points);
  });

  it("merges neighbours into runs, adding their values and naming both ends", () => {
    const points = Array.from({ length: 5 }, (_v, i) => point(i + 1, i, 1));
    expect(fitPoints(points, 2)).toEqual([
      { label: "d1–d3", title: "day 1 – day 3", values: [0 + 1 + 2, 3] },
      { label: "d4–d5", title: "day 4 – day 5", values: [3 + 4, 2] },
    ]);
  });

  it("never draws more points than pixels, and keeps every total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), { minLength: 1, maxLength: 800 }),
        fc.integer({ min: 1, max: 1400 }),
        fc.integer({ min: 1, max: 6 }),
        (values, width, pxPerPoint) => {
          const points = values.map(([a, b], i) => point(i, a, b));
          const max = maxPointsFor(width, pxPerPoint);
          const fitted = fitPoints(points, max);
          expect(fitted.length).toBeLessThanOrEqual(Math.max(1, Math.floor(width / pxPerPoint)));
          expect(fitted.length).toBeGreaterThan(0);
          for (const k of [0, 1]) {
            const total = (list: { values: readonly number[] }[]) =>
              list.reduce((sum, p) => sum + (p.values[k] ?? 0), 0);
            expect(total(fitted)).toBe(total(points));
          }
        },
      ),
    );
  });
});

describe("createLimiter", () => {
  it("runs at most `limit` tasks at a time, all of them in the end", async () => {
    const limit = createLimiter(4);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_v, i) =>
        limit(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(peak).toBe(4);
    expect(results).toEqual(Array.from({ length: 30 }, (_v, i) => i));
  });

  it("frees the slot of a task that failed", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit(() => Promise.resolve(2))).resolves.toBe(2);
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
