import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatApiDateTime, parseApiDateTime } from "../../src/contract/datetime";
import { buildBuckets } from "../../src/lib/buckets";
import {
  aggregateEvents,
  planSeries,
  seriesCost,
  sumCounts,
  type CountedEvent,
} from "../../src/lib/chart-strategy";

const SECOND = 1000;
const DAY = 86_400_000;

function at(text: string, zone: string): number {
  const instant = parseApiDateTime(text, zone);
  if (instant === null) throw new Error(`did not parse ${text}`);
  return instant;
}

describe("planSeries", () => {
  it.each([
    // events, buckets → kind, calls
    [0, 30, "page", 1],
    [1, 30, "page", 2],
    [100, 30, "page", 2],
    [101, 30, "page", 3],
    [2900, 30, "page", 30],
    [2901, 30, "per-bucket", 31],
    [3000, 30, "per-bucket", 31],
    [250_000, 30, "per-bucket", 31],
    [150, 2, "per-bucket", 3],
    [50, 1, "per-bucket", 2],
  ] as const)("%d events in %d buckets: %s, %d calls", (events, buckets, kind, calls) => {
    const plan = planSeries(events, buckets);
    expect(plan.kind).toBe(kind);
    expect(plan.calls).toBe(calls);
    expect(plan.calls).toBe(seriesCost(events, buckets));
  });

  it("always takes the cheaper way, never more than min(pages, buckets) + 1 calls", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 400 }), (events, n) => {
        const plan = planSeries(events, n);
        const pages = Math.ceil(events / 100);
        expect(plan.calls).toBe(1 + Math.min(pages, n));
        expect(plan.kind === "page" ? pages : n).toBe(plan.calls - 1);
        if (plan.kind === "page") expect(plan.pages).toBe(pages);
      }),
    );
  });

  it("counts per bucket when the role may not read the events", () => {
    expect(planSeries(10, 30, false)).toEqual({ kind: "per-bucket", calls: 31 });
  });
});

describe("aggregateEvents", () => {
  const zone = "Europe/Moscow";
  const buckets = buildBuckets(
    { from: at("01.03.2026", zone), to: at("03.03.2026 23:59:59", zone) },
    zone,
  );

  it("sorts events into their day in the zone; empty days are 0", () => {
    const events: CountedEvent[] = [
      { date: "01.03.2026 00:00:00", action: 1 },
      { date: "01.03.2026 23:59:59", action: 2 },
      { date: "01.03.2026 12:00:00", action: 1 },
      { date: "03.03.2026 23:59:59", action: 1 },
    ];
    expect(aggregateEvents(buckets, events, zone)).toEqual([
      { subscribed: 2, unsubscribed: 1, net: 1 },
      { subscribed: 0, unsubscribed: 0, net: 0 },
      { subscribed: 1, unsubscribed: 0, net: 1 },
    ]);
  });

  it("leaves out actions statCount does not count, and refuses a date that is not one", () => {
    expect(
      sumCounts(aggregateEvents(buckets, [{ date: "02.03.2026 10:00:00", action: 7 }], zone)),
    ).toEqual({ subscribed: 0, unsubscribed: 0, net: 0 });
    expect(() => aggregateEvents(buckets, [{ date: "yesterday", action: 1 }], zone)).toThrow(
      RangeError,
    );
  });

  it("keeps an event read just outside the period in the nearest end bucket", () => {
    const counts = aggregateEvents(
      buckets,
      [
        { date: "28.02.2026 23:59:59", action: 1 },
        { date: "04.03.2026 00:00:00", action: 2 },
      ],
      zone,
    );
    expect(counts[0]?.subscribed).toBe(1);
    expect(counts[2]?.unsubscribed).toBe(1);
  });

  it("adds up to the period's totals, whatever the events and the zone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Europe/Moscow", "UTC", "Europe/Berlin"),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: DAY, max: 400 * DAY }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(1, 2)), {
          maxLength: 300,
        }),
        (timeZone, start, span, picks) => {
          const from = Math.floor(start / SECOND) * SECOND;
          const to = from + Math.floor(span / SECOND) * SECOND;
          const cut = buildBuckets({ from, to }, timeZone);
          const events = picks.map(([where, action]) => ({
            date: formatApiDateTime(
              from + Math.floor((where * (to - from)) / SECOND) * SECOND,
              timeZone,
            ),
            action,
          }));
          const series = aggregateEvents(cut, events, timeZone);
          expect(series).toHaveLength(cut.length);
          const subscribed = picks.filter(([, action]) => action === 1).length;
          expect(sumCounts(series)).toEqual({
            subscribed,
            unsubscribed: picks.length - subscribed,
            net: 2 * subscribed - picks.length,
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
