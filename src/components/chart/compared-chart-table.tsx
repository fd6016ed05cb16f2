import { Trans, useLingui } from "@lingui/react/macro";
import { ChangeText } from "@/components/change-text/change-text";
import { useFormat } from "@/i18n/use-format";
import { comparedTotals, type ComparedRow } from "@/lib/compared-series";
import type { ChartSeries } from "./chart-series";

interface ComparedChartTableProps {
  caption: string;
  /** Header of the first column, saying the zone ("Day (Europe/Moscow)"). */
  rowHeader: string;
  /**
   * Header of the compared bucket's column ("Previous period"); without it no such column, for
   * rows that are the same thing in both periods (a campaign).
   */
  comparedHeader?: string | undefined;
  series: readonly ChartSeries[];
  rows: readonly ComparedRow[];
  /** Per series: whether more is good news (subscribed) or bad (unsubscribed). */
  higherIsBetter: readonly boolean[];
  /**
   * Header of a series' compared column, as the chart's legend names that series' twin
   * ("Subscribed, a year before"); "Subscribed, compared" when not given.
   */
  comparedLabel?: ((label: string) => string) | undefined;
}

/**
 * The chart's numbers beside the compared period's, bucket by bucket by position: per series
 * the value, the compared value and the change; a last row adding up each column.
 */
export function ComparedChartTable({
  caption,
  rowHeader,
  comparedHeader,
  series,
  rows,
  higherIsBetter,
  comparedLabel,
}: ComparedChartTableProps) {
  const { t } = useLingui();
  const format = useFormat();
  const write = (item: ChartSeries) => (value: number) =>
    item.signed ? format.signed(value) : format.number(value);
  const totals = comparedTotals(rows, series.length);
  const cells = (values: readonly number[], compared: readonly number[] | undefined) =>
    series.map((item, k) => {
      const now = values[k] ?? 0;
      const before = compared?.[k];
      return [
        <td key={`${item.label}-now`}>{write(item)(now)}</td>,
        <td key={`${item.label}-before`} className="chart-table-compared">
          {before === undefined ? "—" : write(item)(before)}
        </td>,
        <td key={`${item.label}-change`}>
          <ChangeText
            current={now}
            previous={before}
            formatValue={write(item)}
            higherIsBetter={higherIsBetter[k] ?? true}
          />
        </td>,
      ];
    });
  return (
    <div className="chart-table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="chart-table chart-table-with-comparison">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {comparedHeader !== undefined && <th scope="col">{comparedHeader}</th>}
            {series.map((item) => {
              const label = item.label;
              return [
                <th scope="col" key={`${item.label}-now`}>
                  {item.label}
                </th>,
                <th scope="col" key={`${item.label}-before`}>
                  {comparedLabel ? comparedLabel(label) : t`${label}, compared`}
                </th>,
                <th scope="col" key={`${item.label}-change`}>
                  {t`${label}, change`}
                </th>,
              ];
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.title}>
              <th scope="row">{row.title}</th>
              {comparedHeader !== undefined && (
                <td className="chart-table-compared">{row.comparedTitle ?? "—"}</td>
              )}
              {cells(row.values, row.compared)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            {comparedHeader !== undefined && <td />}
            {cells(totals.values, totals.compared)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
