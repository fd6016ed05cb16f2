import { describe, expect, it } from "vitest";
import { summarize } from "../../src/features/utm/tag-counts-chart";
import { formatters } from "../../src/i18n/use-format";
import { figuresOf, type UtmRow } from "../../src/lib/utm-ranking";
import { testI18n } from "../support/i18n";

describe("the UTM summary", () => {
  it("counts the campaigns the table shows, those quiet this period too", () => {
    const row = (key: string, now: number, before: number): UtmRow => ({
      key,
      label: key,
      utmIds: [1],
      current: figuresOf(now, 0),
      previous: figuresOf(before, 0),
    });
    const rows = [row("Spring", 9, 0), row("Autumn", 1, 0), row("Winter", 0, 4), row("New", 0, 0)];
    const text = summarize({
      rows,
      grouping: "campaign",
      measure: "subscribed",
      totals: { current: figuresOf(10, 0), previous: figuresOf(4, 0) },
      periodText: "1–15 March 2026",
      previousText: "14–28 February 2026",
      i18n: testI18n("en"),
      format: formatters("en"),
    });
    expect(text).toMatch(/^4 campaigns, 1–15 March 2026: 10 subscribed/);
  });
});
