import { describe, expect, it } from "vitest";
import { changeTone, compareValues, previousPeriod } from "../../src/lib/compare-periods";
import { resolvePeriod } from "../../src/lib/period";

const MOSCOW = "Europe/Moscow";
const BERLIN = "Europe/Berlin";
const NOW = Date.parse("2026-11-24T09:00:00Z");

describe("previousPeriod", () => {
  it("compares a whole month with the whole month before (31 days with 30)", () => {
    const october = resolvePeriod({ preset: "previous-month" }, NOW, MOSCOW);
    expect([october.firstDay, october.lastDay]).toEqual(["2026-10-01", "2026-10-31"]);
    const before = previousPeriod(october);
    expect([before.firstDay, before.lastDay]).toEqual(["2026-09-01", "2026-09-30"]);
    expect(before.dateFrom).toBe("01.09.2026 00:00:00");
    expect(before.dateTo).toBe("30.09.2026 23:59:59");
    expect(before.to).toBe(october.from - 1000);
  });

  it("compares months across a year and several months at once", () => {
    const january = resolvePeriod(
      { preset: "custom", from: "2026-01-01", to: "2026-01-31" },
      NOW,
      MOSCOW,
    );
    expect([previousPeriod(january).firstDay, previousPeriod(january).lastDay]).toEqual([
      "2025-12-01",
      "2025-12-31",
    ]);
    const quarter = resolvePeriod(
      { preset: "custom", from: "2026-04-01", to: "2026-06-30" },
      NOW,
      MOSCOW,
    );
    expect([previousPeriod(quarter).firstDay, previousPeriod(quarter).lastDay]).toEqual([
      "2026-01-01",
      "2026-03-31",
    ]);
    const march = resolvePeriod(
      { preset: "custom", from: "2026-03-01", to: "2026-03-31" },
      NOW,
      MOSCOW,
    );
    expect([previousPeriod(march).firstDay, previousPeriod(march).lastDay]).toEqual([
      "2026-02-01",
      "2026-02-28",
    ]);
  });

  it("takes as many days before for any other range, presets included", () => {
    const week = resolvePeriod({ preset: "7d" }, NOW, MOSCOW);
    expect([week.firstDay, week.lastDay]).toEqual(["2026-11-18", "2026-11-24"]);
    const before = previousPeriod(week);
    expect([before.firstDay, before.lastDay]).toEqual(["2026-11-11", "2026-11-17"]);
    const thirty = previousPeriod(resolvePeriod({ preset: "30d" }, NOW, MOSCOW));
    expect([thirty.firstDay, thirty.lastDay]).toEqual(["2026-09-26", "2026-10-25"]);
    const today = previousPeriod(resolvePeriod({ preset: "today" }, NOW, MOSCOW));
    expect([today.firstDay, today.lastDay]).toEqual(["2026-11-23", "2026-11-23"]);
    // "This month" so far is compared with the same days of the month before (a probe, asking
    // "compared with last month?", met 1 December against 30 November), not the 24 days before.
    const month = previousPeriod(resolvePeriod({ preset: "this-month" }, NOW, MOSCOW));
    expect([month.firstDay, month.lastDay]).toEqual(["2026-10-01", "2026-10-24"]);
    // "This year" so far with the same days of the year before, not 31 January – 24 November.
    const year = previousPeriod(resolvePeriod({ preset: "this-year" }, NOW, MOSCOW));
    expect([year.firstDay, year.lastDay]).toEqual(["2025-01-01", "2025-11-24"]);
    // A day the month before has not: its last day.
    const march = Date.parse("2026-03-30T09:00:00Z");
    const shorter = previousPeriod(resolvePeriod({ preset: "this-month" }, march, MOSCOW));
    expect([shorter.firstDay, shorter.lastDay]).toEqual(["2026-02-01", "2026-02-28"]);
  });

  it("compares the year so far with the same days of the year before, on a month's last day too", () => {
    const yearTo = (instant: string) => {
      const before = previousPeriod(
        resolvePeriod({ preset: "this-year" }, Date.parse(instant), MOSCOW),
      );
      return [before.firstDay, before.lastDay];
    };
    // Whole months so far (1 January – 30 November) are still the year so far, not the eleven
    // months before them.
    expect(yearTo("2026-11-30T09:00:00Z")).toEqual(["2025-01-01", "2025-11-30"]);
    expect(yearTo("2026-01-31T09:00:00Z")).toEqual(["2025-01-01", "2025-01-31"]);
    expect(yearTo("2026-12-31T09:00:00Z")).toEqual(["2025-01-01", "2025-12-31"]);
    // 29 February, the end of its month: to the end of February the year before.
    expect(yearTo("2028-02-29T09:00:00Z")).toEqual(["2027-01-01", "2027-02-28"]);
    // The day before a month's end: the same day.
    expect(yearTo("2026-11-29T09:00:00Z")).toEqual(["2025-01-01", "2025-11-29"]);
    // And the month so far on its last day, as before: the whole month before.
    const april = Date.parse("2026-04-30T09:00:00Z");
    const march = previousPeriod(resolvePeriod({ preset: "this-month" }, april, MOSCOW));
    expect([march.firstDay, march.lastDay]).toEqual(["2026-03-01", "2026-03-31"]);
  });

  it("keeps 30 days 30 days when they are a whole month, as the channel's page does", () => {
    // On 30 November "30 days" are 1–30 November: the days before, not the 31 of October.
    const lastDay = Date.parse("2026-11-30T09:00:00Z");
    const thirty = resolvePeriod({ preset: "30d" }, lastDay, MOSCOW);
    expect([thirty.firstDay, thirty.lastDay]).toEqual(["2026-11-01", "2026-11-30"]);
    const before = previousPeriod(thirty);
    expect([before.firstDay, before.lastDay]).toEqual(["2026-10-02", "2026-10-31"]);
    // "This month" on its last day is the whole month: the month before, whole.
    const month = previousPeriod(resolvePeriod({ preset: "this-month" }, lastDay, MOSCOW));
    expect([month.firstDay, month.lastDay]).toEqual(["2026-10-01", "2026-10-31"]);
  });

  it("reads the days in the channel's zone, across a clock change", () => {
    // Berlin leaves summer time on 25 October 2026: that week has 169 hours.
    const week = resolvePeriod(
      { preset: "custom", from: "2026-10-26", to: "2026-11-01" },
      NOW,
      BERLIN,
    );
    const before = previousPeriod(week);
    expect([before.firstDay, before.lastDay]).toEqual(["2026-10-19", "2026-10-25"]);
    expect(before.to).toBe(week.from - 1000);
    expect(before.dateFrom).toBe("19.10.2026 00:00:00");
    expect(before.timeZone).toBe(BERLIN);
  });
});

describe("compareValues", () => {
  it.each([
    [112, 100, { kind: "up", ratio: 0.12 }],
    [50, 100, { kind: "down", ratio: -0.5 }],
    [0, 100, { kind: "down", ratio: -1 }],
    [5, 0, { kind: "new" }],
    [0, 0, { kind: "same" }],
    [7, 7, { kind: "same" }],
    [-5, 0, { kind: "none" }],
    [-5, -10, { kind: "up", ratio: 0.5 }],
    [3, undefined, { kind: "none" }],
    [undefined, 3, { kind: "none" }],
  ] as const)("%s against %s", (current, previous, change) => {
    const found = compareValues(current, previous);
    expect(found.kind).toBe(change.kind);
    if ("ratio" in change && "ratio" in found) expect(found.ratio).toBeCloseTo(change.ratio, 10);
  });
});

describe("changeTone", () => {
  it("colours more as good unless less is better", () => {
    expect(changeTone({ kind: "up", ratio: 0.1 })).toBe("good");
    expect(changeTone({ kind: "down", ratio: -0.1 })).toBe("bad");
    expect(changeTone({ kind: "new" })).toBe("good");
    expect(changeTone({ kind: "up", ratio: 0.1 }, false)).toBe("bad");
    expect(changeTone({ kind: "new" }, false)).toBe("bad");
    expect(changeTone({ kind: "same" })).toBe("neutral");
    expect(changeTone({ kind: "none" })).toBe("neutral");
  });
});
