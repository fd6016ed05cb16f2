import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useSeriesDone, type SubscriptionSeries } from "@/api/subscription-series";
import { formatters, type Formatters } from "@/i18n/use-format";
import type { BucketUnit } from "@/lib/buckets";
import { sumCounts, type BucketCounts } from "@/lib/chart-strategy";
import { compareRows, comparedCsvRecords } from "@/lib/compared-series";
import { withZone } from "@/lib/zone-words";
import type { SeriesPoint } from "@/lib/fit-points";
import { changeWords } from "../change-text/change-words";
import { BarSeriesChart } from "./bar-chart";
import { bucketAxisLabel, bucketCaption } from "./bucket-words";
import { ChartFrame } from "./chart-frame";
import type { ChartSeries } from "./chart-series";
import { ChartTable } from "./chart-table";
import { ComparedChartTable } from "./compared-chart-table";

/** The period a chart is compared with, and its series over the same buckets' length. */
export interface ComparedChart {
  mode: "previous" | "year";
  data: SubscriptionSeries;
  /** "1–30 October 2026". */
  periodText: string;
}

interface SubscriptionChartProps {
  title: string;
  data: SubscriptionSeries;
  timeZone: string;
  unit: BucketUnit;
  /** Draw net bars beside subscribed and unsubscribed (the table always has net). */
  withNet?: boolean;
  headingLevel?: 2 | 3;
  /** A second, lighter series of an earlier period, aligned by position. */
  compared?: ComparedChart | undefined;
  /** The comparison's choice, beside the table switch. */
  controls?: ReactNode;
}

/**
 * Subscribed, unsubscribed and net per bucket of a period, in the shared chart frame; with a
 * compared period, each series beside its lighter twin, and the table with both and the change.
 */
export function SubscriptionChart({
  title,
  data,
  timeZone,
  unit,
  withNet = false,
  headingLevel,
  compared,
  controls,
}: SubscriptionChartProps) {
  const { t, i18n } = useLingui();
  const format = formatters(i18n.locale);
  const SUBSCRIBED: ChartSeries = { label: t`Subscribed`, color: "var(--chart-subscribed)" };
  const UNSUBSCRIBED: ChartSeries = { label: t`Unsubscribed`, color: "var(--chart-unsubscribed)" };
  const NET: ChartSeries = { label: t`Net`, color: "var(--chart-net)", signed: true };
  // The compared period's series, named alike in the legend and in the table's columns.
  const twinLabel = (label: string) =>
    compared?.mode === "year" ? t`${label}, a year before` : t`${label}, before`;
  const twin = (item: ChartSeries): ChartSeries => ({
    ...item,
    label: twinLabel(item.label),
    faded: true,
  });
  const points = pointsOf(data);
  const comparedPoints = compared ? pointsOf(compared.data) : [];
  const rows = compareRows(points, comparedPoints);
  const totals = sumCounts(data.series ?? []);
  const zone = format.zone(timeZone, data.buckets[0]?.start ?? 0).label;
  const axis = bucketAxisLabel(unit, zone, i18n);
  const shownCount = withNet ? 3 : 2;
  const own = [SUBSCRIBED, UNSUBSCRIBED, NET].slice(0, shownCount);
  const drawn = compared ? own.flatMap((item) => [item, twin(item)]) : own;
  const drawnPoints = rows.map((row, i) => ({
    label: points[i]?.label ?? row.title,
    title: row.title,
    values: compared
      ? own.flatMap((_item, k) => [row.values[k] ?? 0, row.compared?.[k] ?? 0])
      : row.values.slice(0, shownCount),
  }));
  const comparedHeader = compared
    ? compared.mode === "year"
      ? t`A year before`
      : t`Previous period`
    : undefined;
  const comparedText = compared?.periodText ?? "";
  const status = worstStatus(data, compared?.data);
  // Drawn again at each answer of the second round: this chart, not the page around it.
  const done = useSeriesDone(status.status === "pending" ? status.from.progress : undefined);
  const progress = status.from.progress;
  // Before the plan (the period's count, or the chart waiting to be scrolled to), total 0
  // keeps the progress bar's place: a second round of calls follows (unless there are no
  // events, and then the drawn chart replaces the whole block).
  const loading =
    status.status === "pending"
      ? progress
        ? { done, total: progress.total, of: progress.of }
        : { done: 0, total: 0, of: "buckets" as const }
      : false;
  const caption = bucketCaption(title, unit, zone, i18n);
  const first = data.buckets[0];
  const last = data.buckets[data.buckets.length - 1];
  let summary =
    data.series && status.status === "success"
      ? summarize(data, totals, timeZone, zone, unit, i18n, format)
      : undefined;
  // While the buckets load, the period's own count (the first call) says the totals already;
  // before it answers, the paragraph keeps its line ("").
  const loadingSummary =
    status.status !== "pending"
      ? undefined
      : data.totals
        ? summarize({ ...data, series: undefined }, data.totals, timeZone, zone, unit, i18n, format)
        : "";
  if (summary && compared?.data.series) {
    summary = `${summary} ${comparedSentence(totals, sumCounts(compared.data.series), compared, i18n, format)}`;
  }

  return (
    <ChartFrame
      title={title}
      {...(headingLevel ? { headingLevel } : {})}
      summary={summary}
      loadingSummary={loadingSummary}
      loading={loading}
      error={status.status === "error" ? status.from.error : undefined}
      onRetry={status.from.retry}
      retrying={status.from.retrying}
      controls={controls}
      exportable
      exportAs={
        first && last
          ? {
              period: { from: first.start, to: last.end - 1000, timeZone, zoneLabel: zone },
              table: {
                rowHeader: axis,
                series: [SUBSCRIBED, UNSUBSCRIBED, NET],
                points,
                totals: [totals.subscribed, totals.unsubscribed, totals.net],
                // With a comparison, the file has the compared columns and the change too.
                csv: (csvFormat) =>
                  comparedCsvRecords({
                    rowHeader: axis,
                    comparedHeader,
                    labels: [SUBSCRIBED.label, UNSUBSCRIBED.label, NET.label],
                    comparedSuffix: compared
                      ? compared.mode === "year"
                        ? t`, a year before`
                        : t`, previous period`
                      : undefined,
                    rows,
                    format: csvFormat,
                  }),
              },
            }
          : undefined
      }
      chart={
        <BarSeriesChart series={drawn} points={drawnPoints} xLabel={axis} yLabel={t`Events`} />
      }
      table={
        compared && comparedHeader ? (
          <ComparedChartTable
            caption={`${caption} ${t`Compared with ${comparedText}.`}`}
            rowHeader={axis}
            comparedHeader={comparedHeader}
            series={[SUBSCRIBED, UNSUBSCRIBED, NET]}
            rows={rows}
            higherIsBetter={[true, false, true]}
            comparedLabel={twinLabel}
          />
        ) : (
          <ChartTable
            caption={caption}
            rowHeader={axis}
            series={[SUBSCRIBED, UNSUBSCRIBED, NET]}
            points={points}
            totals={[totals.subscribed, totals.unsubscribed, totals.net]}
          />
        )
      }
    />
  );
}

function pointsOf(data: SubscriptionSeries): SeriesPoint[] {
  const series = data.series ?? [];
  return data.buckets.map((bucket, i) => {
    const counts = series[i] ?? { subscribed: 0, unsubscribed: 0, net: 0 };
    return {
      label: bucket.label,
      title: bucket.title,
      values: [counts.subscribed, counts.unsubscribed, counts.net],
    };
  });
}

/** The chart waits for both series; a failure of either is shown, with its retry. */
function worstStatus(data: SubscriptionSeries, compared: SubscriptionSeries | undefined) {
  for (const status of ["error", "pending"] as const) {
    if (data.status === status) return { status, from: data };
    if (compared?.status === status) return { status, from: compared };
  }
  return { status: "success" as const, from: data };
}

/** "Against 1–30 October 2026: 120 subscribed (up 12% from 107), 30 unsubscribed (…)." */
function comparedSentence(
  totals: BucketCounts,
  before: BucketCounts,
  compared: ComparedChart,
  i18n: I18n,
  format: Formatters,
): string {
  const period = compared.periodText;
  const subscribed = format.number(totals.subscribed);
  const unsubscribed = format.number(totals.unsubscribed);
  const subscribedChange = changeWords(
    totals.subscribed,
    before.subscribed,
    format.number,
    i18n,
    format,
  ).said;
  const unsubscribedChange = changeWords(
    totals.unsubscribed,
    before.unsubscribed,
    format.number,
    i18n,
    format,
  ).said;
  return compared.mode === "year"
    ? i18n._(
        msg`Against the same period a year before (${period}): ${subscribed} subscribed, ${subscribedChange}; ${unsubscribed} unsubscribed, ${unsubscribedChange}.`,
      )
    : i18n._(
        msg`Against the previous period (${period}): ${subscribed} subscribed, ${subscribedChange}; ${unsubscribed} unsubscribed, ${unsubscribedChange}.`,
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
