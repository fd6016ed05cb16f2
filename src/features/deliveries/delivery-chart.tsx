import { useLingui } from "@lingui/react";
import { BarSeriesChart } from "@/components/chart/bar-chart";
import { bucketAxisLabel, bucketCaption } from "@/components/chart/bucket-words";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import { bucketUnitFor, type Bucket } from "@/lib/buckets";
import { DELIVERY_PAGE_SIZE, DELIVERY_PAGES_PER_ROUND, sumDeliveries } from "@/lib/delivery-series";
import type { SeriesPoint } from "@/lib/fit-points";
import type { DeliverySeriesState } from "./use-delivery-series";

const SENT: ChartSeries = { label: "Sent", color: "var(--chart-sent)" };
const FAILED: ChartSeries = { label: "Failed", color: "var(--chart-failed)" };
// Only in the table: a third colour would not add much to the picture.
const NOT_ALLOWED: ChartSeries = { label: "Of failed: not allowed", color: "var(--chart-failed)" };

const numbers = new Intl.NumberFormat("en-US");

interface DeliveryChartProps {
  data: DeliverySeriesState;
  timeZone: string;
  from: number;
  to: number;
}

/** Sent and failed messages per bucket of the period, from the records themselves. */
export function DeliveryChart({ data, timeZone, from, to }: DeliveryChartProps) {
  const { i18n } = useLingui();
  const unit = bucketUnitFor({ from, to });
  const series = data.series;
  const shown = series ? data.buckets.slice(0, series.coveredBuckets) : [];
  const points: SeriesPoint[] = shown.map((bucket, i) => {
    const counts = series?.counts[i] ?? { sent: 0, failed: 0, notAllowed: 0 };
    return {
      label: bucket.label,
      title: bucket.title,
      values: [counts.sent, counts.failed, counts.notAllowed],
    };
  });
  const totals = sumDeliveries(series ? series.counts.slice(0, series.coveredBuckets) : []);
  const axis = bucketAxisLabel(unit, timeZone, i18n);
  const title = "Sent and failed messages";
  const loading =
    data.status === "pending"
      ? data.pagesPlanned > 0
        ? { done: data.pagesRead, total: data.pagesPlanned, of: "pages of records" as const }
        : true
      : false;

  return (
    <div className="deliveries-chart">
      <ChartFrame
        title={title}
        summary={series ? summarize(data, shown, totals) : undefined}
        loading={loading}
        error={data.status === "error" ? data.error : undefined}
        onRetry={data.retry}
        retrying={data.retrying}
        chart={
          <BarSeriesChart
            series={[SENT, FAILED]}
            points={points.map((point) => ({ ...point, values: point.values.slice(0, 2) }))}
            xLabel={axis}
            yLabel="Messages"
          />
        }
        table={
          <ChartTable
            caption={bucketCaption(title, unit, timeZone, i18n)}
            rowHeader={axis}
            series={[SENT, FAILED, NOT_ALLOWED]}
            points={points}
            totals={[totals.sent, totals.failed, totals.notAllowed]}
          />
        }
      />
      {data.status === "success" && !data.complete && data.pagesLeft > 0 && (
        <p className="deliveries-more">
          <button type="button" className="button" onClick={data.readMore}>
            Read{" "}
            {numbers.format(
              Math.min(data.pagesLeft, DELIVERY_PAGES_PER_ROUND) * DELIVERY_PAGE_SIZE,
            )}{" "}
            more records ({String(Math.min(data.pagesLeft, DELIVERY_PAGES_PER_ROUND))} calls)
          </button>
        </p>
      )}
    </div>
  );
}

function summarize(
  data: DeliverySeriesState,
  shown: readonly Bucket[],
  totals: { sent: number; failed: number; notAllowed: number },
): string {
  const total = data.total ?? 0;
  if (total === 0) return "No messages were sent in this period.";
  const counted =
    `${numbers.format(totals.sent)} sent, ${numbers.format(totals.failed)} failed` +
    (totals.notAllowed > 0
      ? ` (${numbers.format(totals.notAllowed)} of them to people who do not allow messages).`
      : ".");
  // The count cannot split sent from failed, so the split is read from the records.
  if (data.complete) {
    return `${numbers.format(total)} messages in the period: ${counted} Counted from all records, ${String(data.pagesRead)} pages of ${String(DELIVERY_PAGE_SIZE)}.`;
  }
  const last = shown[shown.length - 1];
  const read = data.series?.read ?? 0;
  const upTo = last ? `up to the end of ${last.title}` : "not yet one whole bucket";
  return (
    `${numbers.format(total)} messages in the period. The service counts them but cannot tell ` +
    `sent from failed, so the split is read from the records: the first ${numbers.format(read)} ` +
    `were read (${String(data.pagesRead)} calls), ${upTo}; ${counted} Later buckets are not shown.`
  );
}
