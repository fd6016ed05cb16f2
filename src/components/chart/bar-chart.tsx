import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useContext } from "react";
import { ChunkBoundary } from "../chunk-boundary";
import { useFormat } from "@/i18n/use-format";
import { fitPoints, maxPointsFor } from "@/lib/fit-points";
import type { ChartData } from "./chart-series";
import { useChartAnimation } from "./use-chart-animation";
import { ChartDrawContext } from "./chart-draw";
import { useChartCanvas } from "./use-chart-canvas";

const Bars = lazy(() => import("./bar-chart-lazy"));

const HEIGHT = 240;
// Each point holds a bar per series; below 4 px a bar can no longer be told from its neighbour.
const PX_PER_POINT = 4;
// The y axis takes this much of the width; points share the rest.
const AXIS_PX = 64;

/** Bars per point and series, as wide as its container; merges points that would not fit. */
export function BarSeriesChart({ series, points, xLabel, yLabel }: ChartData) {
  const { t } = useLingui();
  const format = useFormat();
  const [ref, { width, inView }] = useChartCanvas<HTMLDivElement>();
  const drawNow = useContext(ChartDrawContext);
  const animate = useChartAnimation();
  const fitted = fitPoints(points, maxPointsFor(Math.max(0, width - AXIS_PX), PX_PER_POINT));
  return (
    <div className="chart-plot">
      <ul className="chart-legend">
        {series.map((item) => (
          <li key={item.label}>
            <span
              className="chart-swatch"
              style={{ background: item.color, opacity: item.faded ? 0.4 : 1 }}
              aria-hidden="true"
            />
            {item.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="chart-canvas" style={{ height: HEIGHT }} aria-hidden="true">
        {width > 0 && (inView || drawNow) && (
          <ChunkBoundary what={t`The chart could not be drawn.`}>
            <Suspense fallback={<div className="chart-canvas-loading" />}>
              <Bars
                series={series}
                points={fitted}
                xLabel={xLabel}
                yLabel={yLabel}
                width={width}
                height={HEIGHT}
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
