import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useContext } from "react";
import { ChunkBoundary } from "../chunk-boundary";
import { useFormat } from "@/i18n/use-format";
import type { CategoryPoint } from "./category-bar-chart-lazy";
import type { ChartSeries } from "./chart-series";
import { useChartAnimation } from "./use-chart-animation";
import { ChartDrawContext } from "./chart-draw";
import { useChartCanvas } from "./use-chart-canvas";

export type { CategoryPoint };

const CategoryBars = lazy(() => import("./category-bar-chart-lazy"));

// Each category is a row holding a bar per series; below this a row's bars cannot be told apart.
const ROW_PX = 14;
const AXIS_PX = 44;
// About how wide a character and how tall a line of the 12 px axis labels are.
const CHAR_PX = 7;
const LINE_PX = 15;

interface CategoryBarChartProps {
  series: readonly ChartSeries[];
  /** One point per category; the caller keeps them few (each gets a labelled row). */
  points: readonly CategoryPoint[];
  valueLabel: string;
  /** The colours and what they mean, where rows have their own (a funnel's step kinds). */
  legend?: readonly { label: string; color: string }[];
  /** The least height of a row, in px. */
  minRowPx?: number;
}

/**
 * Bars per category (UTM tags, deliveries, a bot's steps in order), as rows so that the names
 * can be read whole. Categories are not merged to fit, as time buckets are: the caller shows
 * the first few and the table the rest.
 */
export function CategoryBarChart({
  series,
  points,
  valueLabel,
  legend = series,
  minRowPx = 28,
}: CategoryBarChartProps) {
  const { t } = useLingui();
  const format = useFormat();
  const [ref, { width, inView }] = useChartCanvas<HTMLDivElement>();
  const drawNow = useContext(ChartDrawContext);
  const animate = useChartAnimation();
  // Names take at most two fifths of the width, and no more than they need; a name that
  // wraps gets a taller row, so that its lines never run into the next row's.
  const longest = points.reduce((max, point) => Math.max(max, point.label.length), 0);
  const labelWidth = Math.max(0, Math.min(Math.floor(width * 0.4), 16 + longest * CHAR_PX));
  const textWidth = Math.max(1, labelWidth - 16);
  const wraps = Math.ceil((longest * CHAR_PX) / textWidth);
  // Breaking at spaces leaves lines short of full: one line more for a name that wraps.
  const lines = wraps > 1 ? wraps + 1 : 1;
  const rowHeight = Math.max(minRowPx, ROW_PX * series.length + 8, lines * LINE_PX + 8);
  const height = AXIS_PX + rowHeight * Math.max(1, points.length);
  return (
    <div className="chart-plot">
      <ul className="chart-legend">
        {legend.map((item) => (
          <li key={item.label}>
            <span className="chart-swatch" style={{ background: item.color }} aria-hidden="true" />
            {item.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="chart-canvas" style={{ height }} aria-hidden="true">
        {width > 0 && (inView || drawNow) && (
          <ChunkBoundary what={t`The chart could not be drawn.`}>
            <Suspense fallback={<div className="chart-canvas-loading" />}>
              <CategoryBars
                series={series}
                points={points}
                valueLabel={valueLabel}
                width={width}
                height={height}
                labelWidth={labelWidth}
                animate={animate}
                formatValue={format.axis}
              />
            </Suspense>
          </ChunkBoundary>
        )}
      </div>
    </div>
  );
}
