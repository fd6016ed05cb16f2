import { Trans } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import type { SeriesPoint } from "@/lib/fit-points";
import type { ChartSeries } from "./chart-series";

interface ChartTableProps {
  caption: string;
  /** Header of the first column, saying the zone ("Day (Europe/Moscow)"). */
  rowHeader: string;
  series: readonly ChartSeries[];
  points: readonly SeriesPoint[];
  /** A last row adding up each column. */
  totals?: readonly number[] | undefined;
}

/** The chart's numbers as a table: every point, unmerged, so nothing is lost to the width. */
export function ChartTable({ caption, rowHeader, series, points, totals }: ChartTableProps) {
  const format = useFormat();
  const cell = (item: ChartSeries, value: number) =>
    item.signed ? format.signed(value) : format.number(value);
  return (
    <div className="chart-table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {series.map((item) => (
              <th scope="col" key={item.label}>
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.title}>
              <th scope="row">{point.title}</th>
              {series.map((item, i) => (
                <td key={item.label}>{cell(item, point.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Total</Trans>
              </th>
              {series.map((item, i) => (
                <td key={item.label}>{cell(item, totals[i] ?? 0)}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
