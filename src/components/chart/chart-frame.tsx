import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { ChartExportMenu, ExportButtonFace } from "@/components/chart-export/chart-export-menu";
import { ChartDrawContext } from "./chart-draw";
import { ErrorState } from "@/components/error-state";
import { useFormat } from "@/i18n/use-format";
import type { ChartTableData } from "@/lib/chart-csv";
import type { ChartPeriod } from "@/lib/chart-image";
import "./chart.css";

export interface ChartProgress {
  done: number;
  total: number;
  /** What is counted. */
  of: "buckets" | "pages of events" | "pages of records";
}

/**
 * Progress read when it changes rather than passed at each step: only the progress line is
 * drawn again as the calls answer, not the page that holds the chart.
 */
export interface ChartProgressSource {
  of: ChartProgress["of"];
  read: () => { done: number; total: number };
  subscribe: (onChange: () => void) => () => void;
}

/** What "Export" saves: the table view's numbers (CSV) and the plot of this period (pictures). */
export interface ChartExport {
  period: ChartPeriod;
  /** The same numbers the table view shows (the props given to `ChartTable`). */
  table: ChartTableData;
}

interface ChartFrameProps {
  title: string;
  /** One sentence saying what the chart shows, read before the picture. */
  summary?: string | undefined;
  /** The picture, drawn when the switch is off. */
  chart: ReactNode;
  /** The same numbers as a table, shown when the switch is on. */
  table: ReactNode;
  /** Loading: true, or how far it has got. */
  loading?: boolean | ChartProgress | ChartProgressSource | undefined;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: 2 | 3;
  /** Beside the switch: a comparison's choice. */
  controls?: ReactNode;
  /** Offer "Export" (CSV, PNG, SVG) once the numbers are shown. */
  exportAs?: ChartExport | undefined;
  /** The chart offers Export once loaded: its button is shown, unavailable, meanwhile. */
  exportable?: boolean;
}

/**
 * Every chart's frame: a title, a sentence, a switch to see the numbers as a table, progress
 * while the buckets load, and a failure with a retry instead of an empty plot.
 */
export function ChartFrame({
  title,
  summary,
  chart,
  table,
  loading = false,
  error,
  onRetry,
  retrying = false,
  headingLevel = 2,
  controls,
  exportAs,
  exportable = false,
}: ChartFrameProps) {
  const { t } = useLingui();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  // Drawn out of view too once Export is reached: a picture is made of the drawn plot.
  const [drawNow, setDrawNow] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const failed = error !== undefined && error !== null;

  return (
    <section className="chart-frame" aria-labelledby={`${id}-title`} ref={frame}>
      <div className="chart-frame-head">
        <Heading id={`${id}-title`} className="chart-frame-title">
          {title}
        </Heading>
        <div className="chart-frame-tools">
          {controls}
          <label className="chart-switch">
            <input
              type="checkbox"
              role="switch"
              checked={asTable}
              onChange={(event) => {
                setAsTable(event.currentTarget.checked);
              }}
            />
            <Trans>Show as table</Trans>
          </label>
          {/* Shown while the numbers load too, unavailable: the switch beside it keeps its place. */}
          {!failed && exportable && (!exportAs || loading !== false) && (
            <button type="button" className="button chart-export-button" disabled>
              <ExportButtonFace />
            </button>
          )}
          {exportAs && !failed && loading === false && (
            <ChartExportMenu
              title={title}
              period={exportAs.period}
              table={exportAs.table}
              frame={frame}
              pictureReady={!asTable}
              onWanted={() => {
                setDrawNow(true);
              }}
            />
          )}
        </div>
      </div>
      {failed ? (
        <ErrorState
          title={t`Could not load “${title}”.`}
          error={error}
          retrying={retrying}
          {...(onRetry ? { onRetry } : {})}
        />
      ) : loading !== false ? (
        typeof loading === "object" && "subscribe" in loading ? (
          <LiveChartLoading source={loading} />
        ) : (
          <ChartLoading progress={loading} />
        )
      ) : (
        <>
          {summary && <p className="chart-summary">{summary}</p>}
          {asTable ? (
            table
          ) : (
            <ChartDrawContext.Provider value={drawNow}>{chart}</ChartDrawContext.Provider>
          )}
        </>
      )}
    </section>
  );
}

/** A loading chart's line of progress, its bar and the skeleton of the plot. */
function ChartLoading({ progress }: { progress: true | ChartProgress }) {
  const { t } = useLingui();
  const format = useFormat();
  const text = (() => {
    if (progress === true || progress.total === 0) return t`Loading…`;
    const done = format.number(progress.done);
    const total = progress.total;
    switch (progress.of) {
      case "buckets":
        return t`Loading ${done} of ${plural(total, { one: "# interval", other: "# intervals" })}…`;
      case "pages of events":
        return t`Loading ${done} of ${plural(total, {
          one: "# page of events",
          other: "# pages of events",
        })}…`;
      case "pages of records":
        return t`Loading ${done} of ${plural(total, {
          one: "# page of records",
          other: "# pages of records",
        })}…`;
    }
  })();
  return (
    <div className="chart-loading">
      <p role="status" className="chart-status">
        {text}
      </p>
      {progress !== true && progress.total > 0 && (
        <progress max={progress.total} value={progress.done} aria-label={text} />
      )}
      <div className="chart-skeleton" aria-hidden="true" />
    </div>
  );
}

/** The same, following a source of progress: drawn again on its own as the calls answer. */
function LiveChartLoading({ source }: { source: ChartProgressSource }) {
  // A text, so that an unchanged reading is the same snapshot.
  const reading = useSyncExternalStore(source.subscribe, () => {
    const { done, total } = source.read();
    return `${String(done)}/${String(total)}`;
  });
  const [done = 0, total = 0] = reading.split("/").map(Number);
  return <ChartLoading progress={{ of: source.of, done, total }} />;
}
