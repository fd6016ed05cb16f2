import { describe, expect, it } from "vitest";
import { parseApiDateTime } from "../../src/contract/datetime";
import { buildBuckets } from "../../src/lib/buckets";
import {
  aggregateDeliveries,
  DELIVERY_PAGES_PER_ROUND,
  deliveryPagesFor,
  plannedPages,
  sumDeliveries,
} from "../../src/lib/delivery-series";

const ZONE = "Europe/Moscow";

function at(text: string): number {
  const instant = parseApiDateTime(text, ZONE);
  if (instant === null) throw new Error(`did not parse ${text}`);
  return instant;
}

// Three days, 1–3 March 2026 in Moscow: three day buckets.
const buckets = buildBuckets(
  { from: at("01.03.2026 00:00:00"), to: at("03.03.2026 23:59:59") },
  ZONE,
  "day",
);

const record = (date: string, error = 0) => ({ date, error, error_code: error === 1 ? 400 : 0 });

describe("plannedPages", () => {
  it.each([
    [0, 1, 0],
    [1, 1, 1],
    [100, 1, 1],
    [101, 1, 2],
    [DELIVERY_PAGES_PER_ROUND * 100 + 1, 1, DELIVERY_PAGES_PER_ROUND],
    [DELIVERY_PAGES_PER_ROUND * 100 + 1, 2, DELIVERY_PAGES_PER_ROUND + 1],
  ])("%i records, %i rounds → %i pages", (records, rounds, pages) => {
    expect(plannedPages(records, rounds)).toBe(pages);
  });

  it("never asks for more pages than the records fill", () => {
    expect(plannedPages(250, 10)).toBe(deliveryPagesFor(250));
  });
});

describe("aggregateDeliveries", () => {
  it("counts sent, failed and not allowed per bucket; a full read covers every bucket", () => {
    const series = aggregateDeliveries(
      buckets,
      [
        record("01.03.2026 10:00:00"),
        record("01.03.2026 11:00:00", 1),
        record("02.03.2026 00:00:00", 2),
        record("03.03.2026 23:59:59"),
        record("03.03.2026 23:59:59", 3),
      ],
      ZONE,
      true,
    );
    expect(series.counts).toEqual([
      { sent: 1, failed: 1, notAllowed: 0 },
      { sent: 0, failed: 1, notAllowed: 1 },
      { sent: 1, failed: 1, notAllowed: 0 },
    ]);
    expect(series.coveredBuckets).toBe(3);
    expect(series.read).toBe(5);
    expect(sumDeliveries(series.counts)).toEqual({ sent: 2, failed: 3, notAllowed: 1 });
  });

  it("after a capped read, only buckets that end before the last record read are covered", () => {
    const partial = aggregateDeliveries(
      buckets,
      [record("01.03.2026 10:00:00"), record("02.03.2026 12:00:00")],
      ZONE,
      false,
    );
    // Day 1 is whole (the records are in time order), day 2 may have more records after noon.
    expect(partial.coveredBuckets).toBe(1);
    const none = aggregateDeliveries(buckets, [record("01.03.2026 10:00:00")], ZONE, false);
    expect(none.coveredBuckets).toBe(0);
  });

  it("puts a record just outside the period into the nearest end bucket", () => {
    const series = aggregateDeliveries(buckets, [record("28.02.2026 23:59:59")], ZONE, true);
    expect(series.counts[0]).toEqual({ sent: 1, failed: 0, notAllowed: 0 });
  });

  it("refuses a date it cannot read rather than dropping the record", () => {
    expect(() => aggregateDeliveries(buckets, [record("yesterday")], ZONE, true)).toThrow(
      RangeError,
    );
  });
});
