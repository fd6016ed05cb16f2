import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CategoryBarChart } from "@/components/chart/category-bar-chart";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import type { UtmCount } from "@/contract/entities";
import { useFormat, type Formatters } from "@/i18n/use-format";
import type { SeriesPoint } from "@/lib/fit-points";

/** Rows for the busiest tags only: merging neighbours would add up unrelated tags. */
export const CHART_TAGS = 15;

interface TagCountsChartProps {
  items: readonly UtmCount[] | undefined;
  names: ReadonlyMap<number, string>;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** The period and its zone in words: "18–24 November 2026 (MSK (UTC+3))". */
  periodText: string;
}

/** A tag by its name, or "Tag #12" when the name is not known (deleted, or not loaded). */
export function tagName(names: ReadonlyMap<number, string>, id: number, i18n: I18n): string {
  const name = names.get(id)?.trim();
  return name !== undefined && name !== "" ? name : i18n._(msg`Tag #${id}`);
}

/** utms/statCount as bars of subscribed and unsubscribed per tag, and as a table of every tag. */
export function TagCountsChart({
  items,
  names,
  loading,
  error,
  onRetry,
  retrying,
  periodText,
}: TagCountsChartProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const subscribedSeries: ChartSeries = { label: t`Subscribed`, color: "var(--chart-subscribed)" };
  const unsubscribedSeries: ChartSeries = {
    label: t`Unsubscribed`,
    color: "var(--chart-unsubscribed)",
  };
  const rows = [...(items ?? [])].sort(
    (a, b) =>
      b.count_subscribe + b.count_unsubscribe - (a.count_subscribe + a.count_unsubscribe) ||
      a.utm_id - b.utm_id,
  );
  const points: SeriesPoint[] = rows.map((item) => {
    const name = tagName(names, item.utm_id, i18n);
    return {
      label: name,
      title: `${name} (#${String(item.utm_id)})`,
      values: [item.count_subscribe, item.count_unsubscribe],
    };
  });
  const subscribed = rows.reduce((sum, item) => sum + item.count_subscribe, 0);
  const unsubscribed = rows.reduce((sum, item) => sum + item.count_unsubscribe, 0);
  const title = t`Subscriptions per UTM tag`;
  return (
    <ChartFrame
      title={title}
      summary={
        items ? summarize(points, subscribed, unsubscribed, periodText, i18n, format) : undefined
      }
      loading={loading}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      chart={
        <CategoryBarChart
          series={[subscribedSeries, unsubscribedSeries]}
          points={points.slice(0, CHART_TAGS)}
          valueLabel={t`Events`}
        />
      }
      table={
        <ChartTable
          caption={t`${title}, ${periodText}`}
          rowHeader={t`UTM tag`}
          series={[subscribedSeries, unsubscribedSeries]}
          points={points}
          totals={[subscribed, unsubscribed]}
        />
      }
    />
  );
}

/** What the chart shows, in sentences read before the picture (and instead of it). */
export function summarize(
  points: readonly SeriesPoint[],
  subscribedCount: number,
  unsubscribedCount: number,
  periodText: string,
  i18n: I18n,
  format: Formatters,
): string {
  const tags = points.length;
  if (tags === 0) {
    return i18n._(msg`No tagged subscriptions or unsubscriptions, ${periodText}.`);
  }
  const subscribed = format.number(subscribedCount);
  const unsubscribed = format.number(unsubscribedCount);
  const sentences = [
    i18n._(
      msg`${plural(tags, { one: "# tag", other: "# tags" })}, ${periodText}: ${subscribed} subscribed, ${unsubscribed} unsubscribed.`,
    ),
  ];
  const top = points[0];
  if (top) {
    const name = top.label;
    const topSubscribed = format.number(top.values[0] ?? 0);
    const topUnsubscribed = format.number(top.values[1] ?? 0);
    sentences.push(
      i18n._(
        msg`Most events: ${name} (${topSubscribed} subscribed, ${topUnsubscribed} unsubscribed).`,
      ),
    );
  }
  if (tags > CHART_TAGS) {
    const shown = format.number(CHART_TAGS);
    sentences.push(
      i18n._(
        msg`The chart shows the ${shown} busiest of ${plural(tags, { one: "# tag", other: "# tags" })}; the table has them all.`,
      ),
    );
  }
  return sentences.join(" ");
}
