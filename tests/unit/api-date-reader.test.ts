import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { formatApiDateTime, parseApiDateTime } from "../../src/contract/datetime";
import { apiDateTimeReader } from "../../src/lib/api-date-reader";
import { ODD_ZONES } from "../support/odd-zones";

describe("reading many texts of one zone (apiDateTimeReader)", () => {
  const pad = (value: number) => String(value).padStart(2, "0");
  /** The API's wire form of a wall time given as UTC fields. */
  const wallText = (local: number) => {
    const d = new Date(local);
    return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${String(d.getUTCFullYear())} ${pad(
      d.getUTCHours(),
    )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  };
  /** The wall time at an instant in the zone, read as if it were UTC (ms). */
  const wallAt = (t: number, zone: string) => {
    const local = parseApiDateTime(formatApiDateTime(t, zone), "UTC");
    if (local === null) throw new Error(`no wall time at ${String(t)}`);
    return local;
  };
  /** UTC hours at which the zone's offset changes, 2011–2012, found by Intl through format. */
  const changes = (zone: string) => {
    const found: number[] = [];
    const offset = (t: number) => wallAt(t, zone) - t;
    let before = offset(Date.UTC(2011, 0, 1));
    for (let t = Date.UTC(2011, 0, 1); t < Date.UTC(2013, 0, 1); t += 3600_000) {
      const now = offset(t);
      if (now !== before) found.push(t);
      before = now;
    }
    return found;
  };

  it("gives what parseApiDateTime gives for every wall time around each clock change", () => {
    // Gaps, repeated hours, a change at midnight (Santiago, Havana), half an hour (Lord Howe),
    // a day skipped (Apia, 30 December 2011): each wall time within a day either side of each
    // change, every 10 minutes and at the last second of each of them, read by one reader per
    // zone (days it has looked at before are read from what it learned).
    const zones = ["Europe/Berlin", ...ODD_ZONES];
    let compared = 0;
    for (const zone of zones) {
      const read = apiDateTimeReader(zone);
      const found = changes(zone);
      expect(found.length).toBeGreaterThan(0);
      for (const change of found) {
        const local = wallAt(change, zone);
        for (let wall = local - 26 * 3600_000; wall <= local + 26 * 3600_000; wall += 600_000) {
          for (const text of [wallText(wall), wallText(wall + 599_000)]) {
            expect(read(text), `${zone} ${text}`).toBe(parseApiDateTime(text, zone));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  }, 60_000);

  it("gives what parseApiDateTime gives for any text, zone and order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "UTC",
          "Europe/Moscow",
          "Europe/Berlin",
          "America/St_Johns",
          "Pacific/Apia",
        ),
        fc.array(
          fc.oneof(
            fc
              .integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) })
              .map((t) => wallText(Math.floor(t / 1000) * 1000)),
            fc.constantFrom(
              "2026-03-29T02:30:00",
              "2026-03-29T02:30:00+03:00",
              "31.02.2026 10:00:00",
            ),
            fc.string(),
          ),
          { maxLength: 40 },
        ),
        (zone, texts) => {
          const read = apiDateTimeReader(zone);
          return texts.every((text) => read(text) === parseApiDateTime(text, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses a zone that does not exist at once, as parseApiDateTime does", () => {
    expect(() => apiDateTimeReader("Mars/Olympus")).toThrow(RangeError);
  });
});
