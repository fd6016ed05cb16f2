import type { SeriesPoint } from "@/lib/fit-points";

/** One series of a chart: its name and its colour, a CSS variable of chart.css. */
export interface ChartSeries {
  label: string;
  color: string;
  /** A change rather than a count (net): the table writes its sign, "+12" / "−3". */
  signed?: boolean;
  /** A compared period's series: drawn lighter beside its own. */
  faded?: boolean;
}

/** What a chart draws: points whose `values` line up with `series`. */
export interface ChartData {
  series: readonly ChartSeries[];
  points: readonly SeriesPoint[];
  /** The axis names, which say the zone ("Day (Europe/Moscow)"). */
  xLabel: string;
  yLabel: string;
}

/** The key of a chart's `index`th series in its rows, its bars and its tooltip: "s0", "s1"… */
export const seriesKey = (index: number) => `s${String(index)}`;

/** The index a series key stands for (`seriesKey`'s inverse). */
export const seriesIndex = (key: unknown) => Number(String(key).slice(1));
