import { msg } from "@lingui/core/macro";
import { alignByPosition } from "./compare-periods";
import { changeCell } from "./change-cell";
import type { CsvFormat } from "./csv-options";

/**
 * A chart's series beside a compared period's (the period before, or a year before), bucket by
 * bucket by position, as its table and its CSV show them. Pure.
 */

export interface ComparedRow {
  /** The bucket as the table names it ("3 Nov 2026"). */
  title: string;
  /** The compared bucket at the same position, when the compared period has one. */
  comparedTitle: string | undefined;
  values: readonly number[];
  compared: readonly number[] | undefined;
}

export interface TitledValues {
  title: string;
  values: readonly number[];
}

export function compareRows(
  current: readonly TitledValues[],
  compared: readonly TitledValues[],
): ComparedRow[] {
  const aligned = alignByPosition(current, compared);
  return current.map((point, i) => ({
    title: point.title,
    comparedTitle: aligned[i]?.title,
    values: point.values,
    compared: aligned[i]?.values,
  }));
}

/** Each column added up; a compared column counts only the positions the table shows. */
export function comparedTotals(rows: readonly ComparedRow[], columns: number) {
  const sum = (pick: (row: ComparedRow) => readonly number[] | undefined) =>
    Array.from({ length: columns }, (_v, k) =>
      rows.reduce((total, row) => total + (pick(row)?.[k] ?? 0), 0),
    );
  return { values: sum((row) => row.values), compared: sum((row) => row.compared) };
}

export interface ComparedCsvInput {
  /** The first column's header, with the zone ("Day (MSK, UTC+3)"). */
  rowHeader: string;
  /**
   * The compared bucket's column header ("Day a year before"); undefined: no such column (rows
   * that are the same thing in both periods, as a campaign).
   */
  comparedHeader: string | undefined;
  /** The series' names ("Subscribed"), in the order of `values`. */
  labels: readonly string[];
  /** Appended to a series' name for its compared column (", previous period"); undefined: no comparison. */
  comparedSuffix: string | undefined;
  rows: readonly ComparedRow[];
  /** The language's words ("Total"); the separator is the CSV writer's business. */
  format: Pick<CsvFormat, "i18n">;
}

/**
 * The chart's table as the rows of its CSV with its comparison: per series the value, the
 * compared value and the change in percent; the compared bucket's own name; a last row of
 * totals. Without a comparison, the values alone. Rows, not text: the CSV writer (csv-stringify)
 * is loaded with the export (src/lib/chart-csv.ts), not with the chart.
 */
export function comparedCsvRecords(input: ComparedCsvInput): string[][] {
  const { i18n } = input.format;
  const suffix = input.comparedSuffix;
  const comparing = suffix !== undefined;
  const bucketColumn = comparing && input.comparedHeader !== undefined;
  const header = [
    input.rowHeader,
    ...(bucketColumn ? [input.comparedHeader ?? ""] : []),
    ...input.labels.flatMap((label) =>
      comparing ? [label, `${label}${suffix}`, i18n._(msg`${label}, change %`)] : [label],
    ),
  ];
  const cells = (values: readonly number[], compared: readonly number[] | undefined) =>
    input.labels.flatMap((_label, k) => {
      const now = values[k] ?? 0;
      if (!comparing) return [String(now)];
      const before = compared?.[k];
      return [
        String(now),
        before === undefined ? "" : String(before),
        changeCell(now, before, i18n),
      ];
    });
  const records = input.rows.map((row) => [
    row.title,
    ...(bucketColumn ? [row.comparedTitle ?? ""] : []),
    ...cells(row.values, row.compared),
  ]);
  const totals = comparedTotals(input.rows, input.labels.length);
  const total = [
    i18n._(msg`Total`),
    ...(bucketColumn ? [""] : []),
    ...cells(totals.values, totals.compared),
  ];
  return [header, ...records, total];
}
