import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BarSeriesChart } from "@/components/chart/bar-chart";
import { bucketAxisLabel, bucketCaption } from "@/components/chart/bucket-words";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import { ComparedChartTable } from "@/components/chart/compared-chart-table";
import { changeWords } from "@/components/change-text/change-words";
import { useFormat, type Formatters } from "@/i18n/use-format";
import { bucketUnitFor, type Bucket } from "@/lib/buckets";
import type { CompareMode } from "@/lib/compare-periods";
import { compareRows, comparedCsvRecords } from "@/lib/compared-series";
import { DELIVERY_PAGE_SIZE, DELIVERY_PAGES_PER_ROUND, sumDeliveries } from "@/lib/delivery-series";
import type { CsvFormat } from "@/lib/csv-options";
import type { SeriesPoint } from "@/lib/fit-points";
import type { ReactNode } from "react";
import type { DeliverySeriesState } from "./use-delivery-series";

/** The period the chart is compared with, and its records over buckets of the same unit. */
export interface ComparedDeliveries {
  mode: Exclude<CompareMode, "none">;
  data: DeliverySeriesState;
  /** "2–31 October 2026". */
  periodText: string;
}

interface DeliveryChartProps {
  data: DeliverySeriesState;
  compared?: ComparedDeliveries | undefined;
  /** Beside the table switch: the comparison's choice. */
  controls?: ReactNode;
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
export function DeliveryChart({
  data,
  compared,
  controls,
  zoneLabel,
  timeZone,
  from,
  to,
}: DeliveryChartProps) {
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
  const points = pointsOf(data);
  const totals = sumDeliveries(series ? series.counts.slice(0, series.coveredBuckets) : []);
  const comparedPoints = compared ? pointsOf(compared.data) : [];
  const rows = compareRows(points, comparedPoints);
  const twin = (item: ChartSeries): ChartSeries => {
    const label = item.label;
    return {
      ...item,
      label: compared?.mode === "year" ? t`${label}, a year before` : t`${label}, before`,
      faded: true,
    };
  };
  const drawn = compared ? [sent, twin(sent), failed, twin(failed)] : [sent, failed];
  const drawnPoints = rows.map((row, i) => ({
    label: points[i]?.label ?? row.title,
    title: row.title,
    values: compared
      ? [row.values[0] ?? 0, row.compared?.[0] ?? 0, row.values[1] ?? 0, row.compared?.[1] ?? 0]
      : row.values.slice(0, 2),
  }));
  const comparedHeader = compared
    ? compared.mode === "year"
      ? t`A year before`
      : t`Previous period`
    : undefined;
  const axis = bucketAxisLabel(unit, zoneLabel, i18n);
  const title = t`Sent and failed messages`;
  // The chart waits for both periods' records; a failure of either is shown with its retry.
  const status = worstStatus(data, compared?.data);
  // Pages of records are always read: while their count is not known (or they wait for the
  // chart to be scrolled to), total 0 keeps the progress bar's place.
  const loading =
    status.status === "pending"
      ? {
          done: status.from.pagesRead,
          total: status.from.pagesPlanned,
          of: "pages of records" as const,
        }
      : false;
  const caption = bucketCaption(title, unit, zoneLabel, i18n);
  const comparedText = compared?.periodText ?? "";
  const table = {
    rowHeader: axis,
    series: [sent, failed, notAllowed],
    points,
    totals: [totals.sent, totals.failed, totals.notAllowed],
    // With a comparison, the file has the compared columns and the change too.
    csv: (csvFormat: CsvFormat) =>
      comparedCsvRecords({
        rowHeader: axis,
        comparedHeader,
        labels: [sent.label, failed.label, notAllowed.label],
        comparedSuffix: compared
          ? compared.mode === "year"
            ? t`, a year before`
            : t`, previous period`
          : undefined,
        rows,
        format: csvFormat,
      }),
  };
  // "Read more" reads a round more of each period that has records left.
  const calls =
    Math.min(data.pagesLeft, DELIVERY_PAGES_PER_ROUND) +
    (compared ? Math.min(compared.data.pagesLeft, DELIVERY_PAGES_PER_ROUND) : 0);
  const more = calls * DELIVERY_PAGE_SIZE;
  const incomplete = (state: DeliverySeriesState) =>
    state.status === "success" && !state.complete && state.pagesLeft > 0;
  let summary =
    series && status.status === "success"
      ? summarize(data, shown, totals, i18n, format)
      : undefined;
  // While the records load, the period's count (asked at once: the card above shows it) says
  // what it can, in about the words that follow, so the sentence that replaces it pushes
  // little down; before it answers, the paragraph keeps its line ("").
  const loadingSummary =
    status.status !== "pending"
      ? undefined
      : data.total === undefined
        ? ""
        : readingSentence(data.total, i18n);
  if (summary && compared?.data.series) {
    const before = sumDeliveries(
      compared.data.series.counts.slice(0, compared.data.series.coveredBuckets),
    );
    summary = `${summary} ${comparedSentence(totals, before, compared, i18n, format)}`;
  }

  return (
    <div className="deliveries-chart">
      <ChartFrame
        title={title}
        summary={summary}
        loadingSummary={loadingSummary}
        loading={loading}
        error={status.status === "error" ? status.from.error : undefined}
        onRetry={status.from.retry}
        retrying={status.from.retrying}
        controls={controls}
        exportable
        exportAs={{ period: { from, to, timeZone, zoneLabel }, table }}
        chart={
          <BarSeriesChart series={drawn} points={drawnPoints} xLabel={axis} yLabel={t`Messages`} />
        }
        table={
          compared && comparedHeader ? (
            <ComparedChartTable
              caption={`${caption} ${t`Compared with ${comparedText}.`}`}
              rowHeader={axis}
              comparedHeader={comparedHeader}
              series={[sent, failed, notAllowed]}
              rows={rows}
              higherIsBetter={[true, false, false]}
            />
          ) : (
            <ChartTable caption={caption} {...table} />
          )
        }
      />
      {(incomplete(data) || (compared !== undefined && incomplete(compared.data))) && (
        <p className="deliveries-more">
          <button
            type="button"
            className="button"
            onClick={() => {
              if (incomplete(data)) data.readMore();
              if (compared && incomplete(compared.data)) compared.data.readMore();
            }}
          >
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

/** The buckets fully counted, each with sent, failed and of those not allowed. */
function pointsOf(data: DeliverySeriesState): SeriesPoint[] {
  const series = data.series;
  const shown = series ? data.buckets.slice(0, series.coveredBuckets) : [];
  return shown.map((bucket, i) => {
    const counts = series?.counts[i] ?? { sent: 0, failed: 0, notAllowed: 0 };
    return {
      label: bucket.label,
      title: bucket.title,
      values: [counts.sent, counts.failed, counts.notAllowed],
    };
  });
}

function worstStatus(data: DeliverySeriesState, compared: DeliverySeriesState | undefined) {
  for (const status of ["error", "pending"] as const) {
    if (data.status === status) return { status, from: data };
    if (compared?.status === status) return { status, from: compared };
  }
  return { status: "success" as const, from: data };
}

/** "Against the previous period (2–31 October 2026): 120 sent, up 12% from 107; …" */
function comparedSentence(
  totals: Totals,
  before: Totals,
  compared: ComparedDeliveries,
  i18n: I18n,
  format: Formatters,
): string {
  const period = compared.periodText;
  const sent = format.number(totals.sent);
  const failed = format.number(totals.failed);
  const sentChange = changeWords(totals.sent, before.sent, format.number, i18n, format).said;
  const failedChange = changeWords(totals.failed, before.failed, format.number, i18n, format).said;
  const partly = compared.data.complete
    ? ""
    : ` ${i18n._(msg`Of the compared period, only the records read so far are counted.`)}`;
  return (
    (compared.mode === "year"
      ? i18n._(
          msg`Against the same period a year before (${period}): ${sent} sent, ${sentChange}; ${failed} failed, ${failedChange}.`,
        )
      : i18n._(
          msg`Against the previous period (${period}): ${sent} sent, ${sentChange}; ${failed} failed, ${failedChange}.`,
        )) + partly
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

/** The period's count, and that sent and failed are read from the records: known at once. */
function readingSentence(total: number, i18n: I18n): string {
  return i18n._(
    msg`${plural(total, { one: "# message", other: "# messages" })} in the period. The service counts them but cannot tell sent from failed, so the split is read from the records.`,
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
  const first = readingSentence(total, i18n);
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
