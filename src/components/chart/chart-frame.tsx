import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type ReactNode } from "react";
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
  /**
   * While the chart loads, what is known already (a period's totals, from its first call):
   * said in the paragraph that then says `summary`, so the words come as early as they can.
   * An empty text keeps the paragraph's line (a placeholder) until they come, so that they
   * push nothing down.
   */
  loadingSummary?: string | undefined;
  /** The picture, drawn when the switch is off. */
  chart: ReactNode;
  /** The same numbers as a table, shown when the switch is on. */
  table: ReactNode;
  /**
   * Loading: true, or how far it has got. An object with `total` 0 says the progress bar will
   * come (its place is kept) though the count of calls is not known yet.
   */
  loading?: boolean | ChartProgress | undefined;
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
  loadingSummary,
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
  const format = useFormat();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  // Drawn out of view too once Export is reached: a picture is made of the drawn plot.
  const [drawNow, setDrawNow] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const failed = error !== undefined && error !== null;
  const said = loading === false ? summary : loadingSummary;

  const progressText = (progress: true | ChartProgress): string => {
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
  };

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
      {/* One paragraph, above the loading block and the chart alike: what is known while
          loading, then the whole sentence (the element stays; only its words grow). */}
      {!failed && said !== undefined && (said !== "" || loading !== false) && (
        <p className="chart-summary">
          {said === "" ? (
            <span className="chart-summary-placeholder skeleton" aria-hidden="true" />
          ) : (
            said
          )}
        </p>
      )}
      {failed ? (
        <ErrorState
          title={t`Could not load “${title}”.`}
          error={error}
          retrying={retrying}
          {...(onRetry ? { onRetry } : {})}
        />
      ) : loading !== false ? (
        <div className="chart-loading">
          <p role="status" className="chart-status">
            {progressText(loading)}
          </p>
          {typeof loading === "object" &&
            (loading.total > 0 ? (
              <progress
                max={loading.total}
                value={loading.done}
                aria-label={progressText(loading)}
              />
            ) : (
              // Its place kept while the count of calls is not known yet (or they wait for the
              // chart to be scrolled to), so that the bar, when it comes, pushes nothing down.
              // Determinate (value 0): an indeterminate bar would keep animating, hidden.
              <progress className="chart-progress-placeholder" value={0} aria-hidden="true" />
            ))}
          <div className="chart-skeleton" aria-hidden="true" />
        </div>
      ) : (
        <>
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
