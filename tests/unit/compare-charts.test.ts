import { describe, expect, it } from "vitest";
import { alignByPosition, comparedPeriod, yearBeforePeriod } from "../../src/lib/compare-periods";
import { changeCell } from "../../src/lib/change-cell";
import { chartCsv } from "../../src/lib/chart-csv";
import type { CsvFormat } from "../../src/lib/csv-options";
import {
  type ComparedCsvInput,
  comparedCsvRecords,
  comparedTotals,
  compareRows,
} from "../../src/lib/compared-series";
import { daysBefore, recentDays } from "../../src/lib/recent-days";
import { resolvePeriod } from "../../src/lib/period";
import { UTF8_BOM } from "../../src/lib/csv-text";
import { parseCsv } from "../support/parse-csv";
import { testI18n } from "../support/i18n";

/** The file a compared chart's export writes: its rows through the chart's CSV writer. */
function comparedCsv(input: ComparedCsvInput & { format: CsvFormat }): string {
  return chartCsv(
    { rowHeader: "", series: [], points: [], csv: () => comparedCsvRecords(input) },
    input.format,
  );
}

const MOSCOW = "Europe/Moscow";
const BERLIN = "Europe/Berlin";
// Pinned clocks: every period below is resolved against these instants, never Date.now().
const NOW = Date.parse("2026-11-24T09:00:00Z");
const LEAP_NOW = Date.parse("2024-03-10T12:00:00Z");

const custom = (from: string, to: string, zone = MOSCOW, now = NOW) =>
  resolvePeriod({ preset: "custom", from, to }, now, zone);
const days = (period: { firstDay: string; lastDay: string }) => [period.firstDay, period.lastDay];

describe("yearBeforePeriod", () => {
  it("takes the same days a year before, in the same zone", () => {
    const november = custom("2026-11-01", "2026-11-24");
    const before = yearBeforePeriod(november);
    expect(days(before)).toEqual(["2025-11-01", "2025-11-24"]);
    expect(before.dateFrom).toBe("01.11.2025 00:00:00");
    expect(before.dateTo).toBe("24.11.2025 23:59:59");
    expect(before.timeZone).toBe(MOSCOW);
  });

  it("turns 29 February into 28 February", () => {
    const leapDay = custom("2024-02-29", "2024-02-29", MOSCOW, LEAP_NOW);
    expect(days(yearBeforePeriod(leapDay))).toEqual(["2023-02-28", "2023-02-28"]);
    const across = custom("2024-02-20", "2024-03-05", MOSCOW, LEAP_NOW);
    expect(days(yearBeforePeriod(across))).toEqual(["2023-02-20", "2023-03-05"]);
  });

  it("keeps a whole February whole, 29 days against 28 and 28 against 29", () => {
    const leapFebruary = custom("2024-02-01", "2024-02-29", MOSCOW, LEAP_NOW);
    expect(days(yearBeforePeriod(leapFebruary))).toEqual(["2023-02-01", "2023-02-28"]);
    const february = custom("2025-02-01", "2025-02-28");
    expect(days(yearBeforePeriod(february))).toEqual(["2024-02-01", "2024-02-29"]);
    // 28 February that does not end a whole month stays 28 February.
    const tail = custom("2025-02-10", "2025-02-28");
    expect(days(yearBeforePeriod(tail))).toEqual(["2024-02-10", "2024-02-28"]);
  });

  it("keeps a rolling preset's days the same days, though they end a February", () => {
    // "90 days" on 28 February 2025 start on 1 December: not three whole months to stretch to
    // 29 February 2024, but the same 90 days a year before.
    const ninety = resolvePeriod({ preset: "90d" }, Date.parse("2025-02-28T09:00:00Z"), MOSCOW);
    expect(days(ninety)).toEqual(["2024-12-01", "2025-02-28"]);
    expect(days(yearBeforePeriod(ninety))).toEqual(["2023-12-01", "2024-02-28"]);
  });

  it("reads the days in the period's own zone across a change of offset", () => {
    // Berlin: summer time ended on 26 October 2025; the period a year before straddles it too.
    const october = custom("2026-10-20", "2026-10-31", BERLIN);
    const before = yearBeforePeriod(october);
    expect(days(before)).toEqual(["2025-10-20", "2025-10-31"]);
    expect(before.from).toBe(Date.parse("2025-10-19T22:00:00Z"));
    expect(before.to).toBe(Date.parse("2025-10-31T22:59:59Z"));
  });
});

describe("comparedPeriod", () => {
  it("gives none, the period before or the year before", () => {
    const week = resolvePeriod({ preset: "7d" }, NOW, MOSCOW);
    expect(comparedPeriod(week, "none")).toBeUndefined();
    expect(days(comparedPeriod(week, "previous") ?? week)).toEqual(["2026-11-11", "2026-11-17"]);
    expect(days(comparedPeriod(week, "year") ?? week)).toEqual(["2025-11-18", "2025-11-24"]);
  });
});

describe("daysBefore", () => {
  it("is the same number of whole days just before, in the zone", () => {
    const week = recentDays(7, NOW, MOSCOW);
    const before = daysBefore(week);
    expect(before.days).toBe(7);
    expect(before.date_from).toBe("11.11.2026 00:00:00");
    expect(before.date_to).toBe("17.11.2026 23:59:59");
    expect(before.end).toBe(week.start - 1000);
  });
});

describe("alignByPosition", () => {
  it("pairs buckets by their place in the period, leaving a missing one undefined", () => {
    expect(alignByPosition([1, 2, 3], ["a", "b"])).toEqual(["a", "b", undefined]);
    expect(alignByPosition([1, 2], ["a", "b", "c"])).toEqual(["a", "b"]);
    expect(alignByPosition([], ["a"])).toEqual([]);
  });
});

describe("changeCell", () => {
  const i18n = testI18n("ru");
  it("writes the percent with the language's decimal mark, empty where no percent exists (new from 0, nothing to compare)", () => {
    expect(changeCell(112, 100, i18n)).toBe("12");
    expect(changeCell(50, 100, i18n)).toBe("-50");
    expect(changeCell(1, 3, i18n)).toBe("-66,7");
    expect(changeCell(5, 0, i18n)).toBe("");
    expect(changeCell(4, 4, i18n)).toBe("0");
    expect(changeCell(4, undefined, i18n)).toBe("");
  });
});

describe("comparedCsv", () => {
  const i18n = testI18n("en");
  const rows = compareRows(
    [
      { title: "1 Mar 2025", values: [10, 2] },
      { title: "2 Mar 2025", values: [0, 1] },
      { title: "3 Mar 2025", values: [4, 0] },
    ],
    [
      { title: "1 Mar 2024", values: [5, 2] },
      { title: "2 Mar 2024", values: [0, 0] },
    ],
  );

  it("aligns rows and adds up only the positions shown", () => {
    expect(rows.map((row) => row.comparedTitle)).toEqual(["1 Mar 2024", "2 Mar 2024", undefined]);
    expect(comparedTotals(rows, 2)).toEqual({ values: [14, 3], compared: [5, 2] });
  });

  it("writes value, compared value and change per series, and a total", () => {
    const text = comparedCsv({
      rowHeader: "Day (MSK, UTC+3)",
      comparedHeader: "Day a year before",
      labels: ["Subscribed", "Unsubscribed"],
      comparedSuffix: ", a year before",
      rows,
      format: { separator: ",", i18n },
    });
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      [
        "Day (MSK, UTC+3)",
        "Day a year before",
        "Subscribed",
        "Subscribed, a year before",
        "Subscribed, change %",
        "Unsubscribed",
        "Unsubscribed, a year before",
        "Unsubscribed, change %",
      ],
      ["1 Mar 2025", "1 Mar 2024", "10", "5", "100", "2", "2", "0"],
      ["2 Mar 2025", "2 Mar 2024", "0", "0", "0", "1", "0", ""],
      ["3 Mar 2025", "", "4", "", "", "0", "", ""],
      ["Total", "", "14", "5", "180", "3", "2", "50"],
    ]);
  });
});

describe("comparedCsv without a comparison", () => {
  it("writes the values alone", () => {
    const i18n = testI18n("en");
    const rows = compareRows([{ title: "1 Mar 2025", values: [3, 1] }], []);
    const text = comparedCsv({
      rowHeader: "Day",
      comparedHeader: undefined,
      labels: ["Subscribed", "Unsubscribed"],
      comparedSuffix: undefined,
      rows,
      format: { separator: ";", i18n },
    });
    expect(text.slice(1)).toBe("Day;Subscribed;Unsubscribed\r\n1 Mar 2025;3;1\r\nTotal;3;1\r\n");
  });
});

describe("comparedCsv of rows that are the same thing in both periods", () => {
  it("writes the period before's columns and the change, with no compared-row column", () => {
    const i18n = testI18n("en");
    const text = comparedCsv({
      rowHeader: "Campaign",
      comparedHeader: undefined,
      labels: ["Subscribed", "Unsubscribed"],
      comparedSuffix: ", previous period",
      rows: [
        { title: "Black Friday", comparedTitle: undefined, values: [183, 4], compared: [366, 4] },
        { title: "Spring", comparedTitle: undefined, values: [9, 1], compared: [0, 2] },
      ],
      format: { separator: ",", i18n },
    });
    expect(parseCsv(text.slice(1))).toEqual([
      [
        "Campaign",
        "Subscribed",
        "Subscribed, previous period",
        "Subscribed, change %",
        "Unsubscribed",
        "Unsubscribed, previous period",
        "Unsubscribed, change %",
      ],
      ["Black Friday", "183", "366", "-50", "4", "4", "0"],
      ["Spring", "9", "0", "", "1", "2", "-50"],
      ["Total", "192", "366", "-47.5", "5", "6", "-16.7"],
    ]);
  });
});
