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

export interface FunnelBar {
  /** The row's name on the axis. */
  label: string;
  /** Said in the tooltip. */
  title: string;
  value: number;
  /** A CSS colour, a variable of chart.css. */
  color: string;
  /** Written after the bar: the drop since the row before. */
  note: string;
}

export interface FunnelBarsProps {
  bars: readonly FunnelBar[];
  valueLabel: string;
  width: number;
  height: number;
  labelWidth: number;
  animate: boolean;
  formatValue: (value: number) => string;
}

const tick = { fill: "var(--chart-axis)", fontSize: 12 };

/** Horizontal bars in order, each its own colour, with a note after it. Recharts' chunk. */
export default function FunnelBars({
  bars,
  valueLabel,
  width,
  height,
  labelWidth,
  animate,
  formatValue,
}: FunnelBarsProps) {
  const data = bars.map((bar) => ({ ...bar }));
  return (
    <BarChart
      layout="vertical"
      width={width}
      height={height}
      data={data}
      margin={{ top: 4, right: 96, bottom: 24, left: 4 }}
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
        formatter={(value) => (typeof value === "number" ? formatValue(value) : String(value))}
        contentStyle={{
          background: "var(--surface)",
          border: "1px solid var(--border)",
          color: "var(--text)",
        }}
        cursor={{ fill: "var(--chart-cursor)" }}
        isAnimationActive={animate}
      />
      <Bar
        dataKey="value"
        name={valueLabel}
        isAnimationActive={animate}
        // Each bar its own colour (recharts 3 deprecates Cell for this).
        shape={(props: BarShapeProps) => (
          <Rectangle {...props} fill={data[props.index]?.color ?? "var(--chart-sent)"} />
        )}
      >
        <LabelList dataKey="note" position="right" fill="var(--chart-axis)" fontSize={12} />
      </Bar>
    </BarChart>
  );
}
