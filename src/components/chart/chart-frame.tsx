import { useId, useState, type ReactNode } from "react";
import { ErrorState } from "@/components/error-state";
import "./chart.css";

export interface ChartProgress {
  done: number;
  total: number;
  /** What is counted: "buckets", "pages of events". */
  of: string;
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
  loading?: boolean | ChartProgress | undefined;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: 2 | 3;
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
}: ChartFrameProps) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const failed = error !== undefined && error !== null;

  return (
    <section className="chart-frame" aria-labelledby={`${id}-title`}>
      <div className="chart-frame-head">
        <Heading id={`${id}-title`} className="chart-frame-title">
          {title}
        </Heading>
        <label className="chart-switch">
          <input
            type="checkbox"
            role="switch"
            checked={asTable}
            onChange={(event) => {
              setAsTable(event.currentTarget.checked);
            }}
          />
          Show as table
        </label>
      </div>
      {failed ? (
        <ErrorState
          title={`Could not load “${title}”.`}
          error={error}
          retrying={retrying}
          {...(onRetry ? { onRetry } : {})}
        />
      ) : loading !== false ? (
        <div className="chart-loading">
          <p role="status" className="chart-status">
            {progressText(loading)}
          </p>
          {typeof loading === "object" && loading.total > 0 && (
            <progress max={loading.total} value={loading.done} aria-label={progressText(loading)} />
          )}
          <div className="chart-skeleton" aria-hidden="true" />
        </div>
      ) : (
        <>
          {summary && <p className="chart-summary">{summary}</p>}
          {asTable ? table : chart}
        </>
      )}
    </section>
  );
}

function progressText(loading: true | ChartProgress): string {
  if (loading === true || loading.total === 0) return "Loading…";
  return `Loading ${String(loading.done)} of ${String(loading.total)} ${loading.of}…`;
}
