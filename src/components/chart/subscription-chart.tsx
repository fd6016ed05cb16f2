import type { SubscriptionSeries } from "@/api/subscription-series";
import { bucketUnitNames, type BucketUnit } from "@/lib/buckets";
import { sumCounts, type BucketCounts } from "@/lib/chart-strategy";
import type { SeriesPoint } from "@/lib/fit-points";
import { BarSeriesChart } from "./bar-chart";
import { ChartFrame } from "./chart-frame";
import type { ChartSeries } from "./chart-series";
import { ChartTable } from "./chart-table";

interface SubscriptionChartProps {
  title: string;
  data: SubscriptionSeries;
  timeZone: string;
  unit: BucketUnit;
  /** Draw net bars beside subscribed and unsubscribed (the table always has net). */
  withNet?: boolean;
  headingLevel?: 2 | 3;
}

const SUBSCRIBED: ChartSeries = { label: "Subscribed", color: "var(--chart-subscribed)" };
const UNSUBSCRIBED: ChartSeries = { label: "Unsubscribed", color: "var(--chart-unsubscribed)" };
const NET: ChartSeries = { label: "Net", color: "var(--chart-net)" };

const numbers = new Intl.NumberFormat("en-US");
const signed = new Intl.NumberFormat("en-US", { signDisplay: "exceptZero" });

/** Subscribed, unsubscribed and net per bucket of a period, in the shared chart frame. */
export function SubscriptionChart({
  title,
  data,
  timeZone,
  unit,
  withNet = false,
  headingLevel,
}: SubscriptionChartProps) {
  const series = data.series ?? [];
  const points: SeriesPoint[] = data.buckets.map((bucket, i) => {
    const counts = series[i] ?? { subscribed: 0, unsubscribed: 0, net: 0 };
    return {
      label: bucket.label,
      title: bucket.title,
      values: [counts.subscribed, counts.unsubscribed, counts.net],
    };
  });
  const totals = sumCounts(series);
  const axis = `${bucketUnitNames[unit]} (${timeZone})`;
  const drawn = withNet ? [SUBSCRIBED, UNSUBSCRIBED, NET] : [SUBSCRIBED, UNSUBSCRIBED];

  return (
    <ChartFrame
      title={title}
      {...(headingLevel ? { headingLevel } : {})}
      summary={data.series ? summarize(data, totals, timeZone, unit) : undefined}
      loading={data.status === "pending" ? (data.progress ?? true) : false}
      error={data.status === "error" ? data.error : undefined}
      onRetry={data.retry}
      retrying={data.retrying}
      chart={
        <BarSeriesChart
          series={drawn}
          points={withNet ? points : points.map((p) => ({ ...p, values: p.values.slice(0, 2) }))}
          xLabel={axis}
          yLabel="Events"
        />
      }
      table={
        <ChartTable
          caption={`${title}, per ${bucketUnitNames[unit].toLowerCase()} (${timeZone})`}
          rowHeader={axis}
          series={[SUBSCRIBED, UNSUBSCRIBED, NET]}
          points={points}
          totals={[totals.subscribed, totals.unsubscribed, totals.net]}
        />
      }
    />
  );
}

function summarize(
  data: SubscriptionSeries,
  totals: BucketCounts,
  timeZone: string,
  unit: BucketUnit,
): string {
  const first = data.buckets[0];
  const last = data.buckets[data.buckets.length - 1];
  const span =
    first && last
      ? unit === "hour"
        ? `${first.title} – ${last.title} (${timeZone})`
        : `${first.dateFrom.slice(0, 10)} – ${last.dateTo.slice(0, 10)} (${timeZone})`
      : timeZone;
  const sentence =
    `${span}: ${numbers.format(totals.subscribed)} subscribed, ` +
    `${numbers.format(totals.unsubscribed)} unsubscribed, net ${signed.format(totals.net)}.`;
  let busiest = -1;
  (data.series ?? []).forEach((counts, i) => {
    if (counts.subscribed > 0 && counts.subscribed > (data.series?.[busiest]?.subscribed ?? 0)) {
      busiest = i;
    }
  });
  const peak = data.buckets[busiest];
  const peakCounts = data.series?.[busiest];
  if (!peak || !peakCounts) return sentence;
  return (
    `${sentence} Most subscriptions in one ${bucketUnitNames[unit].toLowerCase()}: ` +
    `${numbers.format(peakCounts.subscribed)} (${peak.title}).`
  );
}
