import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CategoryBarChart } from "@/components/chart/category-bar-chart";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import { useFormat } from "@/i18n/use-format";
import { readRateSeries, type DatedDelivery } from "@/lib/delivery-funnel";
import type { SeriesPoint } from "@/lib/fit-points";

/** Each delivery gets a labelled row; beyond this the table holds the rest. */
const MAX_ROWS = 30;

interface ReadRateChartProps {
  /** The period's deliveries, newest first. */
  deliveries: readonly DatedDelivery[];
  timeZone: string;
  zoneLabel: string;
}

/** Read of sent, in %, per delivery, oldest at the top, so time runs down the chart. */
export function ReadRateChart({ deliveries, timeZone, zoneLabel }: ReadRateChartProps) {
  const { t } = useLingui();
  const format = useFormat();
  const all = readRateSeries(deliveries);
  const points: SeriesPoint[] = all.map(({ delivery, percent }) => {
    const when = delivery.at === null ? delivery.item.date : format.date(delivery.at, timeZone);
    const name = delivery.item.name;
    return { label: `${when} · ${name}`, title: `${when} · ${name}`, values: [percent] };
  });
  const shown = points.slice(-MAX_ROWS);
  const series: ChartSeries[] = [{ label: t`Read, % of sent`, color: "var(--chart-sent)" }];
  const title = t`Read rate per delivery`;
  const count = all.length;
  const best = all.reduce<(typeof all)[number] | undefined>(
    (top, entry) => (top === undefined || entry.percent > top.percent ? entry : top),
    undefined,
  );
  const bestName = best?.delivery.item.name ?? "";
  const bestRate = format.percent((best?.percent ?? 0) / 100);
  const summary =
    count === 0
      ? t`No delivery of the period sent anything yet.`
      : t`Read rate of ${plural(count, {
          one: "# delivery that sent messages",
          other: "# deliveries that sent messages",
        })}; the highest: “${bestName}” (${bestRate}).`;
  const rows = format.number(MAX_ROWS);
  const caption = t`${title}, dates in ${zoneLabel}`;
  return (
    <ChartFrame
      title={title}
      headingLevel={3}
      summary={
        shown.length < points.length
          ? `${summary} ${t`The chart shows the last ${rows}; the table shows all.`}`
          : summary
      }
      chart={
        count === 0 ? null : (
          <CategoryBarChart series={series} points={shown} valueLabel={series[0]?.label ?? ""} />
        )
      }
      table={
        <ChartTable
          caption={caption}
          rowHeader={t`Delivery (date in ${zoneLabel})`}
          series={series}
          points={points}
        />
      }
    />
  );
}
