import { msg } from "@lingui/core/macro";
import type { CsvFormat } from "./csv-options";
import { csvText, type CsvCell } from "./csv-text";

/**
 * What a chart's table view shows, the shape `ChartTable` draws (src/components/chart): a
 * header naming the rows (with the zone), a column per series, a row per point, and totals.
 */
export interface ChartTableData {
  /** Header of the first column: "Day, MSK (UTC+3)", "Campaign". */
  rowHeader: string;
  series: readonly { label: string }[];
  points: readonly { title: string; values: readonly number[] }[];
  /** A last row adding up each column. */
  totals?: readonly number[] | undefined;
  /** The chart's own file's rows, where it shows more than these columns (a comparison's). */
  csv?: ((format: CsvFormat) => readonly (readonly CsvCell[])[]) | undefined;
}

/**
 * The chart's table as CSV, one row per row of the table, the first with the BOM. Numbers go
 * as numbers, unformatted (no group separators, "-3" not "−3"), so that a spreadsheet can add
 * them up; csv-stringify leaves a negative number alone rather than taking it for a formula.
 */
export function chartCsv(table: ChartTableData, format: CsvFormat): string {
  const { i18n, separator } = format;
  if (table.csv) return csvText(table.csv(format), { separator, first: true });
  const width = table.series.length;
  const cells = (values: readonly number[]): CsvCell[] =>
    Array.from({ length: width }, (_, i) => values[i] ?? 0);
  const records: CsvCell[][] = [
    [table.rowHeader, ...table.series.map((item) => item.label)],
    ...table.points.map((point) => [point.title, ...cells(point.values)]),
  ];
  if (table.totals) records.push([i18n._(msg`Total`), ...cells(table.totals)]);
  return csvText(records, { separator, first: true });
}
