import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SubscriptionSeries } from "@/api/subscription-series";
import { formatters, type Formatters } from "@/i18n/use-format";
import type { BucketUnit } from "@/lib/buckets";
import { sumCounts, type BucketCounts } from "@/lib/chart-strategy";
import { withZone } from "@/lib/zone-words";
import type { SeriesPoint } from "@/lib/fit-points";
import { BarSeriesChart } from "./bar-chart";
import { bucketAxisLabel, bucketCaption } from "./bucket-words";
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

/** Subscribed, unsubscribed and net per bucket of a period, in the shared chart frame. */
export function SubscriptionChart({
  title,
  data,
  timeZone,
  unit,
  withNet = false,
  headingLevel,
}: SubscriptionChartProps) {
  const { t, i18n } = useLingui();
  const format = formatters(i18n.locale);
  const SUBSCRIBED: ChartSeries = { label: t`Subscribed`, color: "var(--chart-subscribed)" };
  const UNSUBSCRIBED: ChartSeries = { label: t`Unsubscribed`, color: "var(--chart-unsubscribed)" };
  const NET: ChartSeries = { label: t`Net`, color: "var(--chart-net)", signed: true };
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
  const zone = format.zone(timeZone, data.buckets[0]?.start ?? 0).label;
  const axis = bucketAxisLabel(unit, zone, i18n);
  const drawn = withNet ? [SUBSCRIBED, UNSUBSCRIBED, NET] : [SUBSCRIBED, UNSUBSCRIBED];
  const table = {
    caption: bucketCaption(title, unit, zone, i18n),
    rowHeader: axis,
    series: [SUBSCRIBED, UNSUBSCRIBED, NET],
    points,
    totals: [totals.subscribed, totals.unsubscribed, totals.net],
  };
  const first = data.buckets[0];
  const last = data.buckets[data.buckets.length - 1];

  return (
    <ChartFrame
      title={title}
      {...(headingLevel ? { headingLevel } : {})}
      summary={
        data.series ? summarize(data, totals, timeZone, zone, unit, i18n, format) : undefined
      }
      loading={data.status === "pending" ? (data.progress ?? true) : false}
      error={data.status === "error" ? data.error : undefined}
      onRetry={data.retry}
      retrying={data.retrying}
      exportAs={
        first && last
          ? {
              period: { from: first.start, to: last.end - 1000, timeZone, zoneLabel: zone },
              table,
            }
          : undefined
      }
      chart={
        <BarSeriesChart
          series={drawn}
          points={withNet ? points : points.map((p) => ({ ...p, values: p.values.slice(0, 2) }))}
          xLabel={axis}
          yLabel={t`Events`}
        />
      }
      table={<ChartTable {...table} />}
    />
  );
}

/** "Most subscriptions in one day: 120 (23 Nov 2026)." */
function peakSentence(unit: BucketUnit, count: string, when: string, i18n: I18n): string {
  switch (unit) {
    case "hour":
      return i18n._(msg`Most subscriptions in one hour: ${count} (${when}).`);
    case "day":
      return i18n._(msg`Most subscriptions in one day: ${count} (${when}).`);
    case "week":
      return i18n._(msg`Most subscriptions in one week: ${count} (${when}).`);
    case "month":
      return i18n._(msg`Most subscriptions in one month: ${count} (${when}).`);
  }
}

function summarize(
  data: SubscriptionSeries,
  totals: BucketCounts,
  timeZone: string,
  zone: string,
  unit: BucketUnit,
  i18n: I18n,
  format: Formatters,
): string {
  const first = data.buckets[0];
  const last = data.buckets[data.buckets.length - 1];
  const span =
    first && last
      ? withZone(
          unit === "hour"
            ? `${first.title} – ${last.title}`
            : format.period(first.start, last.end - 1000, timeZone),
          zone,
          i18n,
        )
      : zone;
  const subscribed = format.number(totals.subscribed);
  const unsubscribed = format.number(totals.unsubscribed);
  const net = format.signed(totals.net);
  const sentence = i18n._(
    msg`${span}: ${subscribed} subscribed, ${unsubscribed} unsubscribed, net ${net}.`,
  );
  let busiest = -1;
  (data.series ?? []).forEach((counts, i) => {
    if (counts.subscribed > 0 && counts.subscribed > (data.series?.[busiest]?.subscribed ?? 0)) {
      busiest = i;
    }
  });
  const peak = data.buckets[busiest];
  const peakCounts = data.series?.[busiest];
  if (!peak || !peakCounts) return sentence;
  return `${sentence} ${peakSentence(unit, format.number(peakCounts.subscribed), peak.title, i18n)}`;
}
