import { describe, expect, it } from "vitest";
import {
  customRangeProblem,
  daysBetween,
  formatPeriodDays,
  periodFromText,
  periodPresets,
  periodToText,
  readPeriodParam,
  resolvePeriod,
  writePeriodParam,
  type PeriodChoice,
} from "../../src/lib/period";

// 23 Nov 2026 15:00 in Moscow (UTC+3), a Monday.
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const MSK = "Europe/Moscow";

function days(choice: PeriodChoice, now = NOW, zone = MSK) {
  const period = resolvePeriod(choice, now, zone);
  return [period.dateFrom, period.dateTo];
}

describe("resolvePeriod", () => {
  it("resolves every preset to whole days in the channel's zone, today included", () => {
    expect(days({ preset: "today" })).toEqual(["23.11.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "7d" })).toEqual(["17.11.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "30d" })).toEqual(["25.10.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "90d" })).toEqual(["26.08.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "this-month" })).toEqual(["01.11.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "previous-month" })).toEqual([
      "01.10.2026 00:00:00",
      "31.10.2026 23:59:59",
    ]);
    expect(days({ preset: "this-year" })).toEqual(["01.01.2026 00:00:00", "23.11.2026 23:59:59"]);
    expect(days({ preset: "custom", from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "27.02.2026 00:00:00",
      "02.03.2026 23:59:59",
    ]);
  });

  it("gives instants that the API's date-times name, both ends inclusive", () => {
    const period = resolvePeriod({ preset: "7d" }, NOW, MSK);
    expect(period.from).toBe(Date.UTC(2026, 10, 16, 21, 0, 0));
    expect(period.to).toBe(Date.UTC(2026, 10, 23, 20, 59, 59));
    expect([period.firstDay, period.lastDay]).toEqual(["2026-11-17", "2026-11-23"]);
  });

  it("takes today from the zone, not from UTC", () => {
    // 22:30 UTC on 23 Nov is 24 Nov in Moscow, still 23 Nov in UTC.
    const late = Date.UTC(2026, 10, 23, 22, 30, 0);
    expect(days({ preset: "today" }, late, MSK)[0]).toBe("24.11.2026 00:00:00");
    expect(days({ preset: "today" }, late, "UTC")[0]).toBe("23.11.2026 00:00:00");
  });

  it("the previous month of January is December of the year before, and February ends right", () => {
    expect(days({ preset: "previous-month" }, Date.UTC(2026, 0, 10), "UTC")).toEqual([
      "01.12.2025 00:00:00",
      "31.12.2025 23:59:59",
    ]);
    expect(days({ preset: "previous-month" }, Date.UTC(2028, 2, 1, 12), "UTC")).toEqual([
      "01.02.2028 00:00:00",
      "29.02.2028 23:59:59",
    ]);
  });

  it("keeps whole days across a clock change: 7 days holding the spring-forward lose an hour", () => {
    // Berlin springs forward on 29 March 2026, falls back on 25 October 2026.
    const spring = resolvePeriod({ preset: "7d" }, Date.UTC(2026, 2, 31, 10), "Europe/Berlin");
    expect(spring.dateFrom).toBe("25.03.2026 00:00:00");
    expect(spring.to + 1000 - spring.from).toBe(7 * 86_400_000 - 3_600_000);
    const fall = resolvePeriod({ preset: "7d" }, Date.UTC(2026, 9, 27, 10), "Europe/Berlin");
    expect(fall.to + 1000 - fall.from).toBe(7 * 86_400_000 + 3_600_000);
  });

  it("starts a day whose midnight was skipped at its first real instant", () => {
    // Havana springs forward at midnight: 8 March 2026 starts at 01:00.
    const day = resolvePeriod(
      { preset: "custom", from: "2026-03-08", to: "2026-03-08" },
      NOW,
      "America/Havana",
    );
    expect(day.dateFrom).toBe("08.03.2026 01:00:00");
    expect(day.to + 1000 - day.from).toBe(23 * 3_600_000);
  });

  it("asks for the last hour of a day whose midnight falls back, by its offset", () => {
    // Santiago falls back at midnight: 4 April 2026 ends with 23:00–23:59:59 twice (-03, -04).
    const day = resolvePeriod(
      { preset: "custom", from: "2026-04-04", to: "2026-04-04" },
      NOW,
      "America/Santiago",
    );
    expect(day.to + 1000 - day.from).toBe(25 * 3_600_000);
    expect(day.dateFrom).toBe("04.04.2026 00:00:00");
    expect(day.dateTo).toBe("2026-04-04T23:59:59-04:00");
    expect(Date.parse(day.dateTo)).toBe(day.to);
  });
});

describe("custom ranges", () => {
  it("are refused with a reason at the field at fault", () => {
    expect(customRangeProblem("", "2026-11-01")).toEqual({
      field: "from",
      problem: "first-missing",
    });
    expect(customRangeProblem("2026-11-01", "2026-02-30")?.field).toBe("to");
    expect(customRangeProblem("2026-11-05", "2026-11-01")).toEqual({
      field: "to",
      problem: "last-before-first",
    });
    expect(customRangeProblem("2026-11-01", "2026-11-24", "2026-11-23")?.problem).toBe(
      "last-after-today",
    );
    expect(customRangeProblem("2026-11-24", "2026-11-25", "2026-11-23")?.field).toBe("from");
    expect(customRangeProblem("1999-12-31", "2000-01-05")?.field).toBe("from");
    expect(customRangeProblem("2000-01-01", "2010-12-31")?.problem).toBe("too-long");
    expect(customRangeProblem("2026-11-01", "2026-11-23", "2026-11-23")).toBeNull();
    expect(customRangeProblem("2026-11-23", "2026-11-23")).toBeNull();
  });

  it("count their days inclusively", () => {
    expect(daysBetween("2026-11-23", "2026-11-23")).toBe(1);
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(4);
    expect(daysBetween("2028-02-27", "2028-03-02")).toBe(5);
  });
});

describe("the URL codec", () => {
  it("round-trips every preset and a custom range", () => {
    const choices: PeriodChoice[] = [
      ...periodPresets.map((preset) => ({ preset })),
      { preset: "custom", from: "2026-01-15", to: "2026-03-01" },
    ];
    for (const choice of choices) expect(periodFromText(periodToText(choice))).toEqual(choice);
    expect(periodToText({ preset: "custom", from: "2026-01-15", to: "2026-03-01" })).toBe(
      "2026-01-15..2026-03-01",
    );
  });

  it("reads anything malformed as the fallback, never throwing", () => {
    for (const bad of [
      "",
      "31d",
      "custom",
      "2026-01-15",
      "2026-01-15..",
      "2026-03-01..2026-01-15",
      "2026-02-30..2026-03-01",
      "1990-01-01..1990-02-01",
      "2000-01-01..2020-01-01",
      "2026-1-5..2026-1-9",
    ]) {
      expect(periodFromText(bad)).toBeNull();
      expect(readPeriodParam(new URLSearchParams({ period: bad }))).toEqual({ preset: "30d" });
    }
    expect(readPeriodParam(new URLSearchParams(""), "7d")).toEqual({ preset: "7d" });
    expect(readPeriodParam(new URLSearchParams("period=90d&period=7d"))).toEqual({ preset: "90d" });
  });

  it("writes one key, keeps the others, and leaves the fallback out", () => {
    const start = new URLSearchParams("sub=3&period=7d&offset=200");
    expect(writePeriodParam(start, { preset: "90d" }).toString()).toBe(
      "sub=3&offset=200&period=90d",
    );
    expect(writePeriodParam(start, { preset: "30d" }).toString()).toBe("sub=3&offset=200");
    expect(
      writePeriodParam(start, { preset: "custom", from: "2026-01-01", to: "2026-01-31" }).get(
        "period",
      ),
    ).toBe("2026-01-01..2026-01-31");
    expect(start.toString()).toBe("sub=3&period=7d&offset=200");
  });
});

describe("formatPeriodDays", () => {
  it("writes the days as the zone's calendar reads them, in the language asked for", () => {
    expect(formatPeriodDays(resolvePeriod({ preset: "7d" }, NOW, MSK))).toBe(
      "17\u2009–\u200923 November 2026",
    );
    expect(formatPeriodDays(resolvePeriod({ preset: "today" }, NOW, MSK))).toBe("23 November 2026");
    expect(formatPeriodDays(resolvePeriod({ preset: "7d" }, NOW, MSK), "ru")).toBe(
      "17–23 ноября 2026",
    );
  });
});
