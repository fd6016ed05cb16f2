import { describe, expect, it } from "vitest";
import { compareRates } from "../../src/lib/compare-periods";
import { utmCsv } from "../../src/lib/utm-csv";
import { figuresOf, type UtmRow } from "../../src/lib/utm-ranking";
import { testI18n } from "../support/i18n";

describe("compareRates", () => {
  it("says a rate's change in percentage points, from 0 % too (never 'new')", () => {
    expect(compareRates(0.05, 0)).toEqual({ kind: "up", points: 0.05 });
    expect(compareRates(0, 0.05)).toEqual({ kind: "down", points: -0.05 });
    expect(compareRates(0.1, 0.1)).toEqual({ kind: "same" });
    expect(compareRates(0.1, undefined)).toEqual({ kind: "none" });
  });
});

describe("the UTM CSV", () => {
  const row = (key: string, now: [number, number], before: [number, number]): UtmRow => ({
    key,
    label: key,
    utmIds: [1],
    current: figuresOf(...now),
    previous: figuresOf(...before),
  });

  it("writes every figure column as numbers: negatives plain, no word where no ratio exists", () => {
    const rows = [row("Spring", [20, 1], [0, 0]), row("Autumn", [5, 9], [6, 0])];
    const text = utmCsv({
      rows,
      grouping: "campaign",
      totals: { current: figuresOf(25, 10), previous: figuresOf(6, 0) },
      nameOf: (item) => item.label ?? "",
      format: { separator: ";", i18n: testI18n("ru") },
    });
    const lines = text.replace(/^\uFEFF/u, "").split("\r\n");
    expect(lines[0]).toContain("Доля отписок, изменение в п. п.");
    // Spring: new subscriptions (no ratio from 0: empty), a rate from nothing to 5 %.
    expect(lines[1]).toBe("Spring;1;20;0;;1;0;;19;0;;5;;");
    // Autumn: net −4 from 6 (−166,7 %), a rate from 0 % to 180 %: +180 p.p.
    expect(lines[2]).toBe("Autumn;1;5;6;-16,7;9;0;;-4;6;-166,7;180;0;180");
    expect(text).not.toContain("'-");
    expect(text).not.toContain("новое");
  });
});
