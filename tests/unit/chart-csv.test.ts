import { describe, expect, it } from "vitest";
import { chartCsv } from "../../src/lib/chart-csv";
import { UTF8_BOM } from "../../src/lib/csv-text";
import { testI18n } from "../support/i18n";

const table = (header: string) => ({
  rowHeader: header,
  series: [{ label: "Subscribed" }, { label: "Unsubscribed" }, { label: "=Net" }],
  points: [
    { title: "24 Nov 2026", values: [1200, 3, 1197] },
    { title: "25 Nov 2026", values: [0, 4, -4] },
  ],
  totals: [1200, 7, 1193],
});

describe("a chart's table as CSV", () => {
  it("writes the table's rows with the BOM, the separator, numbers as numbers and a total", () => {
    const csv = chartCsv(table("Day, MSK (UTC+3)"), { separator: ",", i18n: testI18n("en") });
    expect(csv).toBe(
      UTF8_BOM +
        [
          `"Day, MSK (UTC+3)",Subscribed,Unsubscribed,'=Net`,
          "24 Nov 2026,1200,3,1197",
          // A negative number stays a number; a formula in a name does not run.
          "25 Nov 2026,0,4,-4",
          "Total,1200,7,1193",
          "",
        ].join("\r\n"),
    );
  });

  it("says Total in the person's language and uses their separator; no total row without totals", () => {
    const ru = chartCsv(table("День, МСК (UTC+3)"), { separator: ";", i18n: testI18n("ru") });
    expect(ru.split("\r\n").at(-2)).toBe("Всего;1200;7;1193");
    const bare = chartCsv(
      { ...table("Tag"), totals: undefined, points: [{ title: "x", values: [1] }] },
      { separator: "\t", i18n: testI18n("en") },
    );
    // A missing value is a 0, as the table shows it.
    expect(bare).toBe(`${UTF8_BOM}Tag\tSubscribed\tUnsubscribed\t'=Net\r\nx\t1\t0\t0\r\n`);
  });
});
