import { msg } from "@lingui/core/macro";
import { changeCell, csvDecimal as decimal } from "./change-cell";
import { compareRates } from "./compare-periods";
import type { CsvFormat } from "./csv-options";
import { csvText } from "./csv-text";
import type { Figures, UtmGrouping, UtmRow } from "./utm-ranking";

/**
 * The UTM table as CSV, as shown (by campaign or by tag, in the order of the ranking), with the
 * previous period and the change of each figure. Numbers are written for spreadsheets: no
 * grouping, the language's decimal mark (`,` in Russian), rates in percent; a change is a
 * percent (empty where there is none, as from 0), a rate's change in percentage points. Every
 * cell of a figure's column is a number or empty, so a spreadsheet reads the column as numbers.
 */

export interface UtmCsvInput {
  rows: readonly UtmRow[];
  grouping: UtmGrouping;
  totals: { current: Figures; previous: Figures };
  /** The name of a row as the table shows it. */
  nameOf: (row: UtmRow) => string;
  /** Tag view: the campaign of a tag. */
  campaignOf?: ((utmId: number) => string | undefined) | undefined;
  format: CsvFormat;
}

export function utmCsv(input: UtmCsvInput): string {
  const { i18n } = input.format;
  const locale = i18n.locale;
  const change = (current: number | undefined, previous: number | undefined): string =>
    changeCell(current, previous, i18n);
  const rateChange = (current: number | undefined, previous: number | undefined): string => {
    const found = compareRates(current, previous);
    if (found.kind === "up" || found.kind === "down") return decimal(found.points * 100, locale);
    return found.kind === "same" ? "0" : "";
  };
  const rate = (value: number | undefined) =>
    value === undefined ? "" : decimal(value * 100, locale);
  const figures = (now: Figures, before: Figures): string[] => [
    String(now.subscribed),
    String(before.subscribed),
    change(now.subscribed, before.subscribed),
    String(now.unsubscribed),
    String(before.unsubscribed),
    change(now.unsubscribed, before.unsubscribed),
    String(now.net),
    String(before.net),
    change(now.net, before.net),
    rate(now.unsubscribeRate),
    rate(before.unsubscribeRate),
    rateChange(now.unsubscribeRate, before.unsubscribeRate),
  ];
  const header = [
    input.grouping === "campaign" ? i18n._(msg`Campaign`) : i18n._(msg`UTM tag`),
    input.grouping === "campaign" ? i18n._(msg`Tag ids`) : i18n._(msg`Tag id`),
    ...(input.grouping === "tag" ? [i18n._(msg`Campaign`)] : []),
    i18n._(msg`Subscribed`),
    i18n._(msg`Subscribed, previous period`),
    i18n._(msg`Subscribed, change %`),
    i18n._(msg`Unsubscribed`),
    i18n._(msg`Unsubscribed, previous period`),
    i18n._(msg`Unsubscribed, change %`),
    i18n._(msg`Net`),
    i18n._(msg`Net, previous period`),
    i18n._(msg`Net, change %`),
    i18n._(msg`Unsubscribe rate %`),
    i18n._(msg`Unsubscribe rate %, previous period`),
    i18n._(msg`Unsubscribe rate, change in p.p.`),
  ];
  const records = input.rows.map((row) => [
    input.nameOf(row),
    row.utmIds.join(" "),
    ...(input.grouping === "tag" ? [input.campaignOf?.(row.utmIds[0] ?? 0) ?? ""] : []),
    ...figures(row.current, row.previous),
  ]);
  const total = [
    i18n._(msg`Total`),
    "",
    ...(input.grouping === "tag" ? [""] : []),
    ...figures(input.totals.current, input.totals.previous),
  ];
  return csvText([header, ...records, total], { separator: input.format.separator, first: true });
}
