import { CategoryBarChart } from "@/components/chart/category-bar-chart";
import { ChartFrame } from "@/components/chart/chart-frame";
import type { ChartSeries } from "@/components/chart/chart-series";
import { ChartTable } from "@/components/chart/chart-table";
import type { UtmCount } from "@/contract/entities";
import type { SeriesPoint } from "@/lib/fit-points";

const SUBSCRIBED: ChartSeries = { label: "Subscribed", color: "var(--chart-subscribed)" };
const UNSUBSCRIBED: ChartSeries = { label: "Unsubscribed", color: "var(--chart-unsubscribed)" };

/** Rows for the busiest tags only: merging neighbours would add up unrelated tags. */
export const CHART_TAGS = 15;

const numbers = new Intl.NumberFormat("en-US");

interface TagCountsChartProps {
  items: readonly UtmCount[] | undefined;
  names: ReadonlyMap<number, string>;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  periodText: string;
}

export function tagName(names: ReadonlyMap<number, string>, id: number): string {
  const name = names.get(id)?.trim();
  return name !== undefined && name !== "" ? name : `Tag #${String(id)}`;
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
  const rows = [...(items ?? [])].sort(
    (a, b) =>
      b.count_subscribe + b.count_unsubscribe - (a.count_subscribe + a.count_unsubscribe) ||
      a.utm_id - b.utm_id,
  );
  const points: SeriesPoint[] = rows.map((item) => {
    const name = tagName(names, item.utm_id);
    return {
      label: name,
      title: `${name} (#${String(item.utm_id)})`,
      values: [item.count_subscribe, item.count_unsubscribe],
    };
  });
  const subscribed = rows.reduce((sum, item) => sum + item.count_subscribe, 0);
  const unsubscribed = rows.reduce((sum, item) => sum + item.count_unsubscribe, 0);
  const title = "Subscriptions per UTM tag";
  return (
    <ChartFrame
      title={title}
      summary={items ? summarize(points, subscribed, unsubscribed, periodText) : undefined}
      loading={loading}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      chart={
        <CategoryBarChart
          series={[SUBSCRIBED, UNSUBSCRIBED]}
          points={points.slice(0, CHART_TAGS)}
          valueLabel="Events"
        />
      }
      table={
        <ChartTable
          caption={`${title}, ${periodText}`}
          rowHeader="UTM tag"
          series={[SUBSCRIBED, UNSUBSCRIBED]}
          points={points}
          totals={[subscribed, unsubscribed]}
        />
      }
    />
  );
}

function summarize(
  points: readonly SeriesPoint[],
  subscribed: number,
  unsubscribed: number,
  periodText: string,
): string {
  if (points.length === 0) return `No tagged subscriptions or unsubscriptions, ${periodText}.`;
  const top = points[0];
  const lead = top
    ? ` Most events: ${top.label} (${numbers.format(top.values[0] ?? 0)} subscribed, ${numbers.format(top.values[1] ?? 0)} unsubscribed).`
    : "";
  const cut =
    points.length > CHART_TAGS
      ? ` The chart shows the ${String(CHART_TAGS)} busiest of ${String(points.length)} tags; the table has them all.`
      : "";
  return (
    `${String(points.length)} ${points.length === 1 ? "tag" : "tags"}, ${periodText}: ` +
    `${numbers.format(subscribed)} subscribed, ${numbers.format(unsubscribed)} unsubscribed.${lead}${cut}`
  );
}
