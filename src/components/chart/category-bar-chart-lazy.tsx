import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { SeriesPoint } from "@/lib/fit-points";
import type { ChartSeries } from "./chart-series";

export interface CategoryBarsProps {
  series: readonly ChartSeries[];
  points: readonly SeriesPoint[];
  valueLabel: string;
  width: number;
  height: number;
  /** Width kept for the category names on the left. */
  labelWidth: number;
  animate: boolean;
  /** Axis numbers as the language writes them ("1 100"). */
  formatValue: (value: number) => string;
}

const tick = { fill: "var(--chart-axis)", fontSize: 12 };

/** Horizontal bars, one row per category (a tag): long names stay readable. Recharts' chunk. */
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
    ...Object.fromEntries(point.values.map((value, i) => [`s${String(i)}`, value])),
  }));
  return (
    <BarChart
      layout="vertical"
      width={width}
      height={height}
      data={data}
      margin={{ top: 4, right: 12, bottom: 24, left: 4 }}
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
        labelFormatter={(_label, payload) => {
          const first: unknown = payload[0]?.payload;
          return typeof first === "object" && first !== null && "title" in first
            ? String(first.title)
            : "";
        }}
        contentStyle={{
          background: "var(--surface)",
          border: "1px solid var(--border)",
          color: "var(--text)",
        }}
        cursor={{ fill: "var(--chart-cursor)" }}
        isAnimationActive={animate}
      />
      {series.map((item, i) => (
        <Bar
          key={item.label}
          dataKey={`s${String(i)}`}
          name={item.label}
          fill={item.color}
          isAnimationActive={animate}
        />
      ))}
    </BarChart>
  );
}
