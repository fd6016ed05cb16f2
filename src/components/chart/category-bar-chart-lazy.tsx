import "./recharts-on-preact";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from "recharts";
import type { SeriesPoint } from "@/lib/fit-points";
import { seriesKey, type ChartSeries } from "./chart-series";
import { tooltipLook } from "./chart-tooltip";

/** A category's row: its values, and optionally its own colour and a note after its bars. */
export interface CategoryPoint extends SeriesPoint {
  /** This row's colour instead of the series' (a funnel's step by its kind): one series only. */
  color?: string;
  /** Written after the row's bars: the drop since the row before. */
  note?: string;
}

export interface CategoryBarsProps {
  series: readonly ChartSeries[];
  points: readonly CategoryPoint[];
  valueLabel: string;
  width: number;
  height: number;
  /** Width kept for the category names on the left. */
  labelWidth: number;
  animate: boolean;
  /** Numbers as the language writes them ("1 100"), on the axis and in the tooltip. */
  formatValue: (value: number) => string;
}

const tick = { fill: "var(--chart-axis)", fontSize: 12 };
// Room after the longest bar for a note ("−120 (−35%)").
const NOTE_PX = 96;

/**
 * Horizontal bars, one row per category (a tag, a delivery, a bot's step), so that long names
 * stay readable; a row may have its own colour and a note after it. Recharts' chunk.
 */
export default function CategoryBars({
  series,
  points,
  valueLabel,
  width,
  height,
  labelWidth,
  animate,
  formatValue,
}: CategoryBarsProps) {
  const data = points.map((point) => ({
    label: point.label,
    title: point.title,
    note: point.note ?? "",
    ...Object.fromEntries(point.values.map((value, i) => [seriesKey(i), value])),
  }));
  const noted = points.some((point) => point.note !== undefined && point.note !== "");
  const last = series.length - 1;
  return (
    <BarChart
      layout="vertical"
      width={width}
      height={height}
      data={data}
      margin={{ top: 4, right: noted ? NOTE_PX : 12, bottom: 24, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
      <XAxis
        type="number"
        allowDecimals={false}
        tickFormatter={formatValue}
        tick={tick}
        stroke="var(--chart-grid)"
        label={{ value: valueLabel, position: "insideBottom", offset: -16, ...tick }}
      />
      <YAxis
        type="category"
        dataKey="label"
        tick={tick}
        stroke="var(--chart-grid)"
        width={labelWidth}
        interval={0}
      />
      <Tooltip
        {...tooltipLook}
        formatter={(value) => (typeof value === "number" ? formatValue(value) : String(value))}
        isAnimationActive={animate}
      />
      {series.map((item, i) => (
        <Bar
          key={item.label}
          dataKey={seriesKey(i)}
          name={item.label}
          fill={item.color}
          isAnimationActive={animate}
          // A row's own colour (recharts 3 deprecates Cell for this).
          shape={(props: BarShapeProps) => (
            <Rectangle {...props} fill={points[props.index]?.color ?? item.color} />
          )}
        >
          {noted && i === last && (
            <LabelList dataKey="note" position="right" fill="var(--chart-axis)" fontSize={12} />
          )}
        </Bar>
      ))}
    </BarChart>
  );
}
