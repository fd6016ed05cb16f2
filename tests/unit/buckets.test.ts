import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseApiDateTime } from "../../src/contract/datetime";
import {
  apiDateTimeOf,
  bucketIndexAt,
  bucketUnitFor,
  buildBuckets,
  isClosed,
  type Bucket,
} from "../../src/lib/buckets";

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** An instant from a wall time in a zone, through the codec's parser. */
function at(text: string, zone: string): number {
  const instant = parseApiDateTime(text, zone);
  if (instant === null) throw new Error(`did not parse ${text}`);
  return instant;
}

function period(from: string, to: string, zone: string) {
  return { from: at(from, zone), to: at(to, zone) };
}

const hours = (bucket: Bucket) => (bucket.end - bucket.start) / HOUR;

describe("bucketUnitFor", () => {
  it.each([
    [HOUR, "hour"],
    [2 * DAY, "hour"],
    // a two-day period holding a 25-hour day
    [2 * DAY + HOUR, "hour"],
    [3 * DAY, "day"],
    [30 * DAY, "day"],
    [92 * DAY, "day"],
    [93 * DAY, "week"],
    [365 * DAY, "week"],
    [731 * DAY, "week"],
    [732 * DAY, "month"],
    [3650 * DAY, "month"],
  ])("a period of %d ms is cut in %s", (length, unit) => {
    const from = Date.UTC(2026, 0, 1);
    expect(bucketUnitFor({ from, to: from + length - SECOND })).toBe(unit);
  });
});

describe("buildBuckets", () => {
  it("labels buckets in the language asked for", () => {
    const zone = "Europe/Moscow";
    const days = buildBuckets(period("25.10.2026", "26.10.2026 23:59:59", zone), zone, "day", "ru");
    expect(days.map((bucket) => [bucket.label, bucket.title])).toEqual([
      ["25 окт.", "25 окт. 2026"],
      ["26 окт.", "26 окт. 2026"],
    ]);
    const weeks = buildBuckets(
      period("05.01.2026", "18.01.2026 23:59:59", zone),
      zone,
      "week",
      "ru",
    );
    expect(weeks.map((bucket) => bucket.title)).toEqual(["5–11 января 2026", "12–18 января 2026"]);
  });

  it("cuts 30 days in Moscow into 30 whole days with the API's inclusive ends", () => {
    const zone = "Europe/Moscow";
    const buckets = buildBuckets(period("25.10.2026", "23.11.2026 23:59:59", zone), zone);
    expect(buckets).toHaveLength(30);
    expect(buckets.every((bucket) => hours(bucket) === 24)).toBe(true);
    expect(buckets[0]).toMatchObject({
      dateFrom: "25.10.2026 00:00:00",
      dateTo: "25.10.2026 23:59:59",
      label: "25 Oct",
      title: "25 Oct 2026",
    });
    expect(buckets[0]?.start).toBe(Date.UTC(2026, 9, 24, 21));
    expect(buckets.at(-1)).toMatchObject({
      dateFrom: "23.11.2026 00:00:00",
      dateTo: "23.11.2026 23:59:59",
    });
  });

  it("makes the day of the March change in Berlin one bucket of 23 hours", () => {
    const zone = "Europe/Berlin";
    const buckets = buildBuckets(period("27.03.2026", "31.03.2026 23:59:59", zone), zone);
    expect(buckets.map((bucket) => bucket.label)).toEqual([
      "27 Mar",
      "28 Mar",
      "29 Mar",
      "30 Mar",
      "31 Mar",
    ]);
    expect(buckets.map(hours)).toEqual([24, 24, 23, 24, 24]);
    expect(buckets[2]).toMatchObject({
      dateFrom: "29.03.2026 00:00:00",
      dateTo: "29.03.2026 23:59:59",
    });
  });

  it("makes the day of the October change in Berlin one bucket of 25 hours", () => {
    const zone = "Europe/Berlin";
    const buckets = buildBuckets(period("24.10.2026", "26.10.2026 23:59:59", zone), zone);
    expect(buckets.map(hours)).toEqual([24, 25, 24]);
    expect(buckets[1]?.start).toBe(Date.UTC(2026, 9, 24, 22));
  });

  it("cuts two Berlin days around the March change into 47 hours, skipping 02:00", () => {
    const zone = "Europe/Berlin";
    const buckets = buildBuckets(period("28.03.2026", "29.03.2026 23:59:59", zone), zone);
    expect(buckets).toHaveLength(47);
    expect(buckets.every((bucket) => hours(bucket) === 1)).toBe(true);
    const labels = buckets.map((bucket) => bucket.label);
    expect(labels).toContain("29 Mar 01:00");
    expect(labels).not.toContain("29 Mar 02:00");
    expect(labels).toContain("29 Mar 03:00");
  });

  it("keeps the repeated hour of the October change in Berlin as one two-hour bucket", () => {
    const zone = "Europe/Berlin";
    const buckets = buildBuckets(period("25.10.2026", "25.10.2026 23:59:59", zone), zone);
    expect(buckets).toHaveLength(24);
    const repeated = buckets.find((bucket) => bucket.label === "02:00");
    expect(repeated && hours(repeated)).toBe(2);
    // Its last second is the second 02:59:59, which the wall-time form cannot name.
    expect(repeated?.dateFrom).toBe("25.10.2026 02:00:00");
    expect(repeated?.dateTo).toBe("2026-10-25T02:59:59+01:00");
    expect(buckets.find((bucket) => bucket.label === "03:00")?.dateFrom).toBe(
      "25.10.2026 03:00:00",
    );
  });

  it("cuts a Moscow year into months of 28 to 31 days", () => {
    const zone = "Europe/Moscow";
    const buckets = buildBuckets(period("01.01.2025", "31.12.2027 23:59:59", zone), zone);
    expect(buckets).toHaveLength(36);
    const days = buckets.slice(0, 12).map((bucket) => (bucket.end - bucket.start) / DAY);
    expect(days).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(buckets[1]).toMatchObject({
      dateFrom: "01.02.2025 00:00:00",
      dateTo: "28.02.2025 23:59:59",
      label: "Feb 2025",
    });
  });

  it("gives a leap February 29 days in UTC, and Berlin's March 31 days less an hour", () => {
    const utc = buildBuckets(period("01.01.2024", "31.12.2025 23:59:59", "UTC"), "UTC", "month");
    expect(utc[1]).toMatchObject({ dateTo: "29.02.2024 23:59:59" });
    expect((utc[1]?.end ?? 0) - (utc[1]?.start ?? 0)).toBe(29 * DAY);
    const berlin = buildBuckets(
      period("01.01.2026", "31.12.2026 23:59:59", "Europe/Berlin"),
      "Europe/Berlin",
      "month",
    );
    expect(berlin.map(hours).slice(2, 4)).toEqual([31 * 24 - 1, 30 * 24]);
    expect(berlin.map(hours)[9]).toBe(31 * 24 + 1);
  });

  it("crosses a month end in UTC day by day", () => {
    const buckets = buildBuckets(period("30.01.2026", "02.02.2026 23:59:59", "UTC"), "UTC");
    expect(buckets.map((bucket) => bucket.dateFrom)).toEqual([
      "30.01.2026 00:00:00",
      "31.01.2026 00:00:00",
      "01.02.2026 00:00:00",
      "02.02.2026 00:00:00",
    ]);
  });

  it("starts weeks on Monday, the first and last cut to the period", () => {
    const zone = "Europe/Moscow";
    // 2026-01-01 is a Thursday.
    const buckets = buildBuckets(period("01.01.2026", "31.03.2026 23:59:59", zone), zone, "week");
    expect(buckets[0]).toMatchObject({
      dateFrom: "01.01.2026 00:00:00",
      dateTo: "04.01.2026 23:59:59",
    });
    expect(buckets[1]).toMatchObject({
      dateFrom: "05.01.2026 00:00:00",
      dateTo: "11.01.2026 23:59:59",
      title: "5\u2009–\u200911 January 2026",
    });
    expect(buckets.at(-1)).toMatchObject({
      dateFrom: "30.03.2026 00:00:00",
      dateTo: "31.03.2026 23:59:59",
    });
  });

  it("cuts a period starting and ending inside a bucket at the period's own ends", () => {
    const zone = "UTC";
    const buckets = buildBuckets(period("10.03.2026 15:30:00", "12.03.2026 08:00:00", zone), zone);
    expect(buckets.map((bucket) => [bucket.dateFrom, bucket.dateTo])).toEqual([
      ["10.03.2026 15:30:00", "10.03.2026 15:59:59"],
      ...Array.from({ length: 40 }, (_v, i) => {
        const start = Date.UTC(2026, 2, 10, 16 + i);
        return [apiDateTimeOf(start, zone), apiDateTimeOf(start + HOUR - SECOND, zone)];
      }),
      ["12.03.2026 08:00:00", "12.03.2026 08:00:00"],
    ]);
  });

  it("refuses a period that ends before it starts", () => {
    expect(() => buildBuckets({ from: 10 * DAY, to: DAY }, "UTC")).toThrow(RangeError);
  });

  it("finds the bucket of an instant and says when a bucket is closed", () => {
    const buckets = buildBuckets(period("01.03.2026", "03.03.2026 23:59:59", "UTC"), "UTC");
    expect(bucketIndexAt(buckets, Date.UTC(2026, 2, 2, 23, 59, 59))).toBe(1);
    expect(bucketIndexAt(buckets, Date.UTC(2026, 2, 3))).toBe(2);
    expect(bucketIndexAt(buckets, Date.UTC(2026, 2, 4))).toBe(-1);
    expect(bucketIndexAt(buckets, Date.UTC(2026, 1, 28))).toBe(-1);
    const first = buckets[0];
    if (!first) throw new Error("no bucket");
    expect(isClosed(first, Date.UTC(2026, 2, 2, 1))).toBe(true);
    // Ended, but late events may still come in during the first hour.
    expect(isClosed(first, Date.UTC(2026, 2, 2, 0, 59, 59))).toBe(false);
    expect(isClosed(first, Date.UTC(2026, 2, 1, 12))).toBe(false);
  });
});

describe("buckets, for any period and zone", () => {
  const zones = ["Europe/Moscow", "UTC", "Europe/Berlin", "America/Sao_Paulo"] as const;
  const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
  const length = fc.oneof(
    fc.integer({ min: 0, max: 3 * DAY }),
    fc.integer({ min: 0, max: 120 * DAY }),
    fc.integer({ min: 0, max: 3000 * DAY }),
  );

  it("tile the period with no gap or overlap, and their API strings name their edges", () => {
    fc.assert(
      fc.property(instant, length, fc.constantFrom(...zones), (start, span, zone) => {
        const from = Math.floor(start / SECOND) * SECOND;
        const to = from + Math.floor(span / SECOND) * SECOND;
        const buckets = buildBuckets({ from, to }, zone);
        expect(buckets[0]?.start).toBe(from);
        expect(buckets.at(-1)?.end).toBe(to + SECOND);
        buckets.forEach((bucket, i) => {
          expect(bucket.end).toBeGreaterThan(bucket.start);
          if (i > 0) expect(bucket.start).toBe(buckets[i - 1]?.end);
          expect(parseApiDateTime(bucket.dateFrom, zone)).toBe(bucket.start);
          expect(parseApiDateTime(bucket.dateTo, zone)).toBe(bucket.end - SECOND);
        });
        const unit = bucketUnitFor({ from, to });
        const limit = { hour: 50, day: 94, week: 107, month: 100 }[unit];
        expect(buckets.length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });
});

describe.each([
  // zone, hours of the March change day, hours of the October change day
  ["Europe/Moscow", 24, 24],
  ["UTC", 24, 24],
  ["Europe/Berlin", 23, 25],
] as const)(
  "bucket edges in %s across the clock changes and month ends",
  (zone, march, october) => {
    const dayAfter = (text: string) => {
      const [day, month, year] = text.slice(0, 10).split(".").map(Number);
      const next = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 0) + 1));
      return `${String(next.getUTCDate()).padStart(2, "0")}.${String(next.getUTCMonth() + 1).padStart(2, "0")}.${String(next.getUTCFullYear())}`;
    };

    it.each([
      ["25.03.2026", "03.04.2026", "29.03.2026", march, "31.03.2026"],
      ["22.10.2026", "02.11.2026", "25.10.2026", october, "31.10.2026"],
    ])(
      "days %s – %s: local midnights, one bucket per day",
      (from, to, change, changeHours, monthEnd) => {
        const buckets = buildBuckets(period(from, `${to} 23:59:59`, zone), zone);
        expect(buckets[0]?.dateFrom).toBe(`${from} 00:00:00`);
        for (const [i, bucket] of buckets.entries()) {
          const day = bucket.dateFrom.slice(0, 10);
          expect(bucket.dateFrom).toBe(`${day} 00:00:00`);
          expect(bucket.dateTo).toBe(`${day} 23:59:59`);
          expect(hours(bucket)).toBe(day === change ? changeHours : 24);
          const next = buckets[i + 1];
          if (next) {
            expect(next.start).toBe(bucket.end);
            expect(next.dateFrom.slice(0, 10)).toBe(dayAfter(day));
          }
        }
        const end = buckets.findIndex((bucket) => bucket.dateFrom.startsWith(monthEnd));
        expect(buckets[end + 1]?.dateFrom.slice(3, 10)).not.toBe(monthEnd.slice(3));
        expect(buckets[end + 1]?.dateFrom.slice(0, 2)).toBe("01");
        expect(buckets.at(-1)?.dateTo).toBe(`${to} 23:59:59`);
      },
    );

    it("weeks holding a change are a week of wall time, Monday to Sunday", () => {
      const buckets = buildBuckets(period("16.03.2026", "08.11.2026 23:59:59", zone), zone, "week");
      for (const bucket of buckets) {
        expect(toWeekday(bucket.start, zone)).toBe(1);
        expect(bucket.dateFrom.endsWith(" 00:00:00")).toBe(true);
      }
      const lengths = buckets.map(hours);
      expect(lengths[1]).toBe(7 * 24 - 24 + march); // 23–29 March
      expect(lengths.filter((length) => length !== 7 * 24)).toHaveLength(march === 24 ? 0 : 2);
    });

    it("months start on the 1st at midnight and hold the change's hour lost or gained", () => {
      const buckets = buildBuckets(
        period("01.01.2026", "31.12.2026 23:59:59", zone),
        zone,
        "month",
      );
      expect(buckets).toHaveLength(12);
      for (const bucket of buckets) expect(bucket.dateFrom.slice(0, 2)).toBe("01");
      expect(buckets.map(hours)[2]).toBe(31 * 24 - 24 + march);
      expect(buckets.map(hours)[9]).toBe(31 * 24 - 24 + october);
      expect(buckets[1]?.dateTo).toBe("28.02.2026 23:59:59");
      expect(buckets[3]?.dateTo).toBe("30.04.2026 23:59:59");
    });

    it("hours across the March change have no gap and no overlap", () => {
      const buckets = buildBuckets(period("29.03.2026", "29.03.2026 23:59:59", zone), zone, "hour");
      expect(buckets).toHaveLength(march);
      for (const [i, bucket] of buckets.entries()) {
        expect(hours(bucket)).toBe(1);
        if (i > 0) expect(bucket.start).toBe(buckets[i - 1]?.end);
      }
    });
  },
);

function toWeekday(instant: number, zone: string): number {
  const day = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short" }).format(
    instant,
  );
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(day) + 1;
}
