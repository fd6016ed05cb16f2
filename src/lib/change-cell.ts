import type { I18n } from "@lingui/core";
import { compareValues } from "./compare-periods";

/** A number for spreadsheets: one decimal at most, the language's decimal mark. */
export function csvDecimal(value: number, locale: string): string {
  const text = String(Math.round(value * 10) / 10);
  return locale.toLowerCase().startsWith("ru") ? text.replace(".", ",") : text;
}

/**
 * A change as a CSV cell: the percent (12.5, -50), 0 for none, and empty where no percent
 * exists (new from 0, nothing to compare) — a word among the numbers would turn the column
 * into text for a spreadsheet. Shared by every CSV with comparison columns.
 */
export function changeCell(
  current: number | undefined,
  previous: number | undefined,
  i18n: I18n,
): string {
  const found = compareValues(current, previous);
  if (found.kind === "up" || found.kind === "down")
    return csvDecimal(found.ratio * 100, i18n.locale);
  return found.kind === "same" ? "0" : "";
}
