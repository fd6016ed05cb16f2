import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CategoryBarChart } from "@/components/chart/category-bar-chart";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ComparedChartTable } from "@/components/chart/compared-chart-table";
import type { Formatters } from "@/i18n/use-format";
import type { ChartPeriod } from "@/lib/chart-image";
import type { CsvFormat } from "@/lib/csv-options";
import { useFormat } from "@/i18n/use-format";
import { compareValues } from "@/lib/compare-periods";
import { comparedCsvRecords, type ComparedRow } from "@/lib/compared-series";
import type { SeriesPoint } from "@/lib/fit-points";
import {
  leaderOf,
  measureOf,
  type Figures,
  type UtmGrouping,
  type UtmMeasure,
  type UtmRow,
} from "@/lib/utm-ranking";

/** Rows for the leading campaigns or tags only: merging neighbours would add up unrelated ones. */
export const CHART_TAGS = 15;

interface TagCountsChartProps {
  /** Ranked by the measure chosen, best first. */
  rows: readonly UtmRow[] | undefined;
  grouping: UtmGrouping;
  measure: UtmMeasure;
  totals: { current: Figures; previous: Figures } | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** The period and its zone in words: "18–24 November 2026 (MSK (UTC+3))". */
  periodText: string;
  /** The period compared with, in words. */
  previousText: string;
  /** The period and its zone, for the chart's export. */
  period: ChartPeriod;
}

/** A tag by its name, or "Tag #12" when the name is not known (deleted, or not loaded). */
export function tagName(names: ReadonlyMap<number, string>, id: number, i18n: I18n): string {
  const name = names.get(id)?.trim();
  return name !== undefined && name !== "" ? name : i18n._(msg`Tag #${id}`);
}

/** The name a row is shown by: its label, or "Tag #12". */
export function rowName(row: UtmRow, i18n: I18n): string {
  const id = row.utmIds[0] ?? 0;
  return row.label ?? i18n._(msg`Tag #${id}`);
}

/** Subscribed and unsubscribed per campaign (or tag) as bars, in the order of the ranking. */
export function TagCountsChart({
  rows,
  grouping,
  measure,
  totals,
  loading,
  error,
  onRetry,
  retrying,
  periodText,
  previousText,
  period,
}: TagCountsChartProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const subscribedSeries: ChartSeries = { label: t`Subscribed`, color: "var(--chart-subscribed)" };
  const unsubscribedSeries: ChartSeries = {
    label: t`Unsubscribed`,
    color: "var(--chart-unsubscribed)",
  };
  const points: SeriesPoint[] = (rows ?? []).map((row) => {
    const name = rowName(row, i18n);
    return {
      label: name,
      title: grouping === "tag" ? `${name} (#${String(row.utmIds[0] ?? 0)})` : name,
      values: [row.current.subscribed, row.current.unsubscribed],
    };
  });
  const title =
    grouping === "campaign" ? t`Subscriptions per campaign` : t`Subscriptions per UTM tag`;
  // Each campaign (or tag) beside itself in the period before: no column naming a compared row.
  const comparedRows: ComparedRow[] = (rows ?? []).map((row, i) => ({
    title: points[i]?.title ?? rowName(row, i18n),
    comparedTitle: undefined,
    values: [row.current.subscribed, row.current.unsubscribed],
    compared: [row.previous.subscribed, row.previous.unsubscribed],
  }));
  const rowHeader = grouping === "campaign" ? t`Campaign` : t`UTM tag`;
  const series = [subscribedSeries, unsubscribedSeries];
  const table = {
    rowHeader,
    series,
    points,
    totals: totals ? [totals.current.subscribed, totals.current.unsubscribed] : undefined,
    // The file has the period before's columns and the change, as the table view shows them.
    csv: (csvFormat: CsvFormat) =>
      comparedCsvRecords({
        rowHeader,
        comparedHeader: undefined,
        labels: series.map((item) => item.label),
        comparedSuffix: t`, previous period`,
        rows: comparedRows,
        format: csvFormat,
      }),
  };
  return (
    <ChartFrame
      title={title}
      summary={
        rows && totals
          ? summarize({ rows, grouping, measure, totals, periodText, previousText, i18n, format })
          : undefined
      }
      loading={loading}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      exportable
      exportAs={rows ? { period, table } : undefined}
      chart={
        <CategoryBarChart
          series={[subscribedSeries, unsubscribedSeries]}
          points={points.slice(0, CHART_TAGS)}
          valueLabel={t`Events`}
        />
      }
      table={
        <ComparedChartTable
          caption={`${title}, ${periodText}. ${t`Compared with ${previousText}.`}`}
          rowHeader={rowHeader}
          series={series}
          rows={comparedRows}
          higherIsBetter={[true, false]}
        />
      }
    />
  );
}

interface SummaryInput {
  rows: readonly UtmRow[];
  grouping: UtmGrouping;
  measure: UtmMeasure;
  totals: { current: Figures; previous: Figures };
  periodText: string;
  previousText: string;
  i18n: I18n;
  format: Formatters;
}

/** "+12%" / "−50%" / "new" / "no change", for the sentence. */
function changeWords(current: number, previous: number, i18n: I18n, format: Formatters): string {
  const change = compareValues(current, previous);
  const before = format.number(previous);
  switch (change.kind) {
    case "up": {
      const by = format.percent(change.ratio, 0);
      return i18n._(msg`up ${by} from ${before}`);
    }
    case "down": {
      const by = format.percent(-change.ratio, 0);
      return i18n._(msg`down ${by} from ${before}`);
    }
    case "new":
      return i18n._(msg`new: none in the previous period`);
    case "same":
      return i18n._(msg`no change from ${before}`);
    case "none":
      return i18n._(msg`nothing to compare`);
  }
}

/**
 * What the chart shows, in sentences read before the picture (and instead of it): the totals
 * against the period before, and the leader by the measure chosen, with its own change.
 */
export function summarize({
  rows,
  grouping,
  measure,
  totals,
  periodText,
  previousText,
  i18n,
  format,
}: SummaryInput): string {
  const active = rows.some((row) => row.current.subscribed + row.current.unsubscribed > 0);
  if (!active) {
    return i18n._(msg`No tagged subscriptions or unsubscriptions, ${periodText}.`);
  }
  // As many as the table has rows (a tag counted only before, or just made, too): the sentence
  // and the table are read side by side.
  const count = rows.length;
  const subscribed = format.number(totals.current.subscribed);
  const unsubscribed = format.number(totals.current.unsubscribed);
  const change = changeWords(totals.current.subscribed, totals.previous.subscribed, i18n, format);
  const sentences = [
    grouping === "campaign"
      ? i18n._(
          msg`${plural(count, { one: "# campaign", other: "# campaigns" })}, ${periodText}: ${subscribed} subscribed (${change} in ${previousText}), ${unsubscribed} unsubscribed.`,
        )
      : i18n._(
          msg`${plural(count, { one: "# tag", other: "# tags" })}, ${periodText}: ${subscribed} subscribed (${change} in ${previousText}), ${unsubscribed} unsubscribed.`,
        ),
  ];
  const leader = leaderOf(rows, measure);
  if (leader) {
    const name = rowName(leader, i18n);
    const value = measureOf(leader.current, measure) ?? 0;
    const previous = measureOf(leader.previous, measure);
    if (measure === "subscribed") {
      const figure = format.number(value);
      const leaderChange = changeWords(value, previous ?? 0, i18n, format);
      sentences.push(i18n._(msg`Most subscribed: ${name} (${figure}, ${leaderChange}).`));
    } else if (measure === "net") {
      const figure = format.signed(value);
      const leaderChange = changeWords(value, previous ?? 0, i18n, format);
      sentences.push(i18n._(msg`Highest net growth: ${name} (${figure}, ${leaderChange}).`));
    } else {
      const figure = format.percent(value);
      const people = format.number(leader.current.subscribed);
      sentences.push(
        i18n._(msg`Highest unsubscribe rate: ${name} (${figure} of ${people} subscribed).`),
      );
    }
  }
  if (count > CHART_TAGS) {
    const shown = format.number(CHART_TAGS);
    sentences.push(
      grouping === "campaign"
        ? i18n._(
            msg`The chart shows the first ${shown} of ${plural(count, { one: "# campaign", other: "# campaigns" })}; the table has them all.`,
          )
        : i18n._(
            msg`The chart shows the first ${shown} of ${plural(count, { one: "# tag", other: "# tags" })}; the table has them all.`,
          ),
    );
  }
  return sentences.join(" ");
}
