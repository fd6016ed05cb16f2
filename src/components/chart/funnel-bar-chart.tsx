import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { ChunkBoundary } from "../chunk-boundary";
import { useFormat } from "@/i18n/use-format";
import type { FunnelBar } from "./funnel-bar-chart-lazy";
import { useChartAnimation } from "./use-chart-animation";
import { useElementWidth } from "./use-element-width";

export type { FunnelBar };

const FunnelBars = lazy(() => import("./funnel-bar-chart-lazy"));

const ROW_PX = 30;
const AXIS_PX = 44;
const CHAR_PX = 7;

interface FunnelBarChartProps {
  /** In order, one row each; the caller keeps them few. */
  bars: readonly FunnelBar[];
  valueLabel: string;
  /** Colours and what they mean, for the legend. */
  legend: readonly { label: string; color: string }[];
}

/** A funnel as horizontal bars in order (a bot's steps), each coloured by its kind. */
export function FunnelBarChart({ bars, valueLabel, legend }: FunnelBarChartProps) {
  const { t } = useLingui();
  const format = useFormat();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const animate = useChartAnimation();
  const longest = bars.reduce((max, bar) => Math.max(max, bar.label.length), 0);
  const labelWidth = Math.max(0, Math.min(Math.floor(width * 0.4), 16 + longest * CHAR_PX));
  const height = AXIS_PX + ROW_PX * Math.max(1, bars.length);
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
        {width > 0 && (
          <ChunkBoundary what={t`The chart could not be drawn.`}>
            <Suspense fallback={<div className="chart-canvas-loading" />}>
              <FunnelBars
                bars={bars}
                valueLabel={valueLabel}
                width={width}
                height={height}
                labelWidth={labelWidth}
                animate={animate}
                formatValue={format.number}
              />
            </Suspense>
          </ChunkBoundary>
        )}
      </div>
    </div>
  );
}
