import "./recharts-on-preact";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { SeriesPoint } from "@/lib/fit-points";
import { seriesKey, type ChartSeries } from "./chart-series";
import { tooltipLook } from "./chart-tooltip";

export interface BarsProps {
  series: readonly ChartSeries[];
  points: readonly SeriesPoint[];
  xLabel: string;
  yLabel: string;
  width: number;
  height: number;
  animate: boolean;
  /** Axis numbers as the language writes them ("1 100"). */
  formatValue: (value: number) => string;
}

/** A compared period's bars: the same colour, lighter, so each stays beside its own series. */
export const FADED_OPACITY = 0.4;

const tick = { fill: "var(--chart-axis)", fontSize: 12 };

/** Recharts lives only in this module, so it lands in its own chunk, loaded with the first chart. */
export default function Bars({
  series,
  points,
  xLabel,
  yLabel,
  width,
  height,
  animate,
  formatValue,
}: BarsProps) {
  const data = points.map((point) => ({
    label: point.label,
    title: point.title,
    ...Object.fromEntries(point.values.map((value, i) => [seriesKey(i), value])),
  }));
  return (
    <BarChart
      width={width}
      height={height}
      data={data}
      margin={{ top: 8, right: 8, bottom: 28, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
      <XAxis
        dataKey="label"
        tick={tick}
        stroke="var(--chart-grid)"
        minTickGap={8}
        label={{ value: xLabel, position: "insideBottom", offset: -20, ...tick }}
      />
      <YAxis
        allowDecimals={false}
        tickFormatter={formatValue}
        tick={tick}
        stroke="var(--chart-grid)"
        width={56}
        label={{ value: yLabel, angle: -90, position: "insideLeft", offset: 2, ...tick }}
      />
      <Tooltip {...tooltipLook} isAnimationActive={animate} />
      {series.map((item, i) => (
        <Bar
          key={item.label}
          dataKey={seriesKey(i)}
          name={item.label}
          fill={item.color}
          fillOpacity={item.faded ? FADED_OPACITY : 1}
          isAnimationActive={animate}
        />
      ))}
    </BarChart>
  );
}
