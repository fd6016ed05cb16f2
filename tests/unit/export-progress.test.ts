import { describe, expect, it } from "vitest";
import { exportFileName, exportProgressText } from "../../src/lib/export-progress";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

describe("export file name and progress", () => {
  it("names the file by channel and the date in the channel's zone", () => {
    const lateUtc = new Date(Date.UTC(2026, 2, 14, 22, 30));
    expect(exportFileName(1001, lateUtc, "Europe/Moscow")).toBe("subscribers-1001-2026-03-15.csv");
    expect(exportFileName(1002, lateUtc, "UTC")).toBe("subscribers-1002-2026-03-14.csv");
  });

  it("says how far it is, with the total as an estimate", () => {
    expect(exportProgressText(1200, i18n, 5000)).toBe("1,200 of ~5,000 rows");
    expect(exportProgressText(0, i18n, 5000)).toBe("0 of ~5,000 rows");
    expect(exportProgressText(1200, i18n)).toBe("1,200 rows");
    expect(exportProgressText(1, i18n)).toBe("1 row");
  });
});
