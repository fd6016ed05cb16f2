import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BarSeriesChart } from "@/components/chart/bar-chart";
import { bucketAxisLabel, bucketCaption } from "@/components/chart/bucket-words";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import { useFormat, type Formatters } from "@/i18n/use-format";
import { bucketUnitFor, type Bucket } from "@/lib/buckets";
import { DELIVERY_PAGE_SIZE, DELIVERY_PAGES_PER_ROUND, sumDeliveries } from "@/lib/delivery-series";
import type { SeriesPoint } from "@/lib/fit-points";
import type { DeliverySeriesState } from "./use-delivery-series";

interface DeliveryChartProps {
  data: DeliverySeriesState;
  /** The zone as people say it ("MSK (UTC+3)"), for the axis and the table. */
  zoneLabel: string;
  timeZone: string;
  from: number;
  to: number;
}

interface Totals {
  sent: number;
  failed: number;
  notAllowed: number;
}

/** Sent and failed messages per bucket of the period, from the records themselves. */
export function DeliveryChart({ data, zoneLabel, timeZone, from, to }: DeliveryChartProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const sent: ChartSeries = { label: t`Sent`, color: "var(--chart-sent)" };
  const failed: ChartSeries = { label: t`Failed`, color: "var(--chart-failed)" };
  // Only in the table: a third colour would not add much to the picture.
  const notAllowed: ChartSeries = {
    label: t`Of failed: not allowed`,
    color: "var(--chart-failed)",
  };
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
  const axis = bucketAxisLabel(unit, zoneLabel, i18n);
  const title = t`Sent and failed messages`;
  const loading =
    data.status === "pending"
      ? data.pagesPlanned > 0
        ? { done: data.pagesRead, total: data.pagesPlanned, of: "pages of records" as const }
        : true
      : false;
  const table = {
    caption: bucketCaption(title, unit, zoneLabel, i18n),
    rowHeader: axis,
    series: [sent, failed, notAllowed],
    points,
    totals: [totals.sent, totals.failed, totals.notAllowed],
  };
  const calls = Math.min(data.pagesLeft, DELIVERY_PAGES_PER_ROUND);
  const more = calls * DELIVERY_PAGE_SIZE;

  return (
    <div className="deliveries-chart">
      <ChartFrame
        title={title}
        summary={series ? summarize(data, shown, totals, i18n, format) : undefined}
        loading={loading}
        error={data.status === "error" ? data.error : undefined}
        onRetry={data.retry}
        retrying={data.retrying}
        exportAs={{ period: { from, to, timeZone, zoneLabel }, table }}
        chart={
          <BarSeriesChart
            series={[sent, failed]}
            points={points.map((point) => ({ ...point, values: point.values.slice(0, 2) }))}
            xLabel={axis}
            yLabel={t`Messages`}
          />
        }
        table={<ChartTable {...table} />}
      />
      {data.status === "success" && !data.complete && data.pagesLeft > 0 && (
        <p className="deliveries-more">
          <button type="button" className="button" onClick={data.readMore}>
            {t`Read ${plural(more, { one: "# more record", other: "# more records" })} (${plural(
              calls,
              { one: "# call", other: "# calls" },
            )})`}
          </button>
        </p>
      )}
    </div>
  );
}

/** "14 messages in the period: 12 sent, 2 failed (1 of them …)." */
function countedSentence(total: number, totals: Totals, i18n: I18n, format: Formatters): string {
  const sent = format.number(totals.sent);
  const failed = format.number(totals.failed);
  if (totals.notAllowed > 0) {
    const notAllowed = format.number(totals.notAllowed);
    return i18n._(
      msg`${plural(total, { one: "# message", other: "# messages" })} in the period: ${sent} sent, ${failed} failed (${notAllowed} of them to people who do not allow messages).`,
    );
  }
  return i18n._(
    msg`${plural(total, { one: "# message", other: "# messages" })} in the period: ${sent} sent, ${failed} failed.`,
  );
}

/** The split of the records read so far, when not all of them were. */
function splitSentence(totals: Totals, i18n: I18n, format: Formatters): string {
  const sent = format.number(totals.sent);
  const failed = format.number(totals.failed);
  if (totals.notAllowed > 0) {
    const notAllowed = format.number(totals.notAllowed);
    return i18n._(
      msg`Of those read: ${sent} sent, ${failed} failed (${notAllowed} of them to people who do not allow messages).`,
    );
  }
  return i18n._(msg`Of those read: ${sent} sent, ${failed} failed.`);
}

function summarize(
  data: DeliverySeriesState,
  shown: readonly Bucket[],
  totals: Totals,
  i18n: I18n,
  format: Formatters,
): string {
  const total = data.total ?? 0;
  if (total === 0) return i18n._(msg`No messages were sent in this period.`);
  const pages = data.pagesRead;
  const size = format.number(DELIVERY_PAGE_SIZE);
  // The count cannot split sent from failed, so the split is read from the records.
  if (data.complete) {
    const counted = countedSentence(total, totals, i18n, format);
    const how = i18n._(
      msg`Counted from all records: ${plural(pages, { one: "# page", other: "# pages" })} of ${size}.`,
    );
    return `${counted} ${how}`;
  }
  const last = shown[shown.length - 1];
  const read = format.number(data.series?.read ?? 0);
  const lastTitle = last?.title ?? "";
  const first = i18n._(
    msg`${plural(total, { one: "# message", other: "# messages" })} in the period. The service counts them but cannot tell sent from failed, so the split is read from the records.`,
  );
  const upTo = last
    ? i18n._(
        msg`The first ${read} were read (${plural(pages, { one: "# call", other: "# calls" })}), up to the end of ${lastTitle}.`,
      )
    : i18n._(
        msg`The first ${read} were read (${plural(pages, { one: "# call", other: "# calls" })}), not yet one whole interval.`,
      );
  const later = i18n._(msg`Later intervals are not shown.`);
  return `${first} ${upTo} ${splitSentence(totals, i18n, format)} ${later}`;
}
