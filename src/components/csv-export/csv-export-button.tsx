import DownloadIcon from "lucide-react/icons/download";
import { useEffect, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { exportProgressText } from "@/lib/export-progress";
import { openCsvTarget, type CsvSink, type CsvTarget } from "./csv-sinks";
import "./csv-export.css";

export interface CsvExportRun {
  sink: CsvSink;
  signal: AbortSignal;
  /** Rows written so far, after each page. */
  onRows: (rows: number) => void;
  /** The number of rows to expect, when the run finds it out itself (a count call). */
  onTotal: (total: number | undefined) => void;
}

export interface CsvExportOutcome {
  rows: number;
  /** Said after the row count when the file is not the whole list (a limit of the API). */
  note?: string | undefined;
}

interface CsvExportButtonProps {
  /** The file's suggested name, asked at the click. */
  fileName: () => string;
  /**
   * Writes every page into the sink and closes it; on failure or cancel it must abort the sink
   * and throw. Loaded lazily by the caller if it pulls in the CSV library.
   */
  run: (options: CsvExportRun) => Promise<CsvExportOutcome>;
  /** About how many rows to expect, for the progress bar; unknown: an open-ended bar. */
  total?: number | undefined;
  /** "the subscription events", for the failure's title. */
  what: string;
  label?: string;
}

type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number; total: number | undefined }
  | { phase: "done"; rows: number; kind: "saved" | "downloaded"; note?: string | undefined }
  | { phase: "cancelled" }
  | { phase: "failed"; error: unknown };

/**
 * "Export CSV" with progress, Cancel, the outcome said aloud, and a failure with Retry. Writes
 * page after page to the file the person picks (File System Access API) or to a download.
 */
export function CsvExportButton({
  fileName,
  run,
  total,
  what,
  label = "Export CSV",
}: CsvExportButtonProps) {
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the export: nobody is left to see it finish.
  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    let target: CsvTarget | null = null;
    try {
      // First, while the click still counts as the person's (the save dialog needs that).
      target = await openCsvTarget(fileName());
      if (!target) return;
      setState({ phase: "running", rows: 0, total });
      const outcome = await run({
        sink: target.sink,
        signal,
        onRows: (rows) => {
          setState((current) => ({
            phase: "running",
            rows,
            total: current.phase === "running" ? current.total : total,
          }));
        },
        onTotal: (found) => {
          setState((current) =>
            current.phase === "running" ? { ...current, total: found } : current,
          );
        },
      });
      setState({ phase: "done", rows: outcome.rows, kind: target.kind, note: outcome.note });
    } catch (error) {
      await target?.sink.abort().catch(() => undefined);
      setState(signal.aborted ? { phase: "cancelled" } : { phase: "failed", error });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const isRunning = state.phase === "running";
  return (
    <div className="csv-export">
      <div className="csv-export-controls">
        <button type="button" className="button" disabled={isRunning} onClick={() => void start()}>
          <DownloadIcon aria-hidden="true" size={16} className="csv-export-icon" />
          {label}
        </button>
        {isRunning && (
          <>
            <progress
              className="csv-export-bar"
              aria-label="Export progress"
              aria-valuetext={exportProgressText(state.rows, state.total)}
              max={Math.max(state.total ?? 0, state.rows, 1)}
              {...(state.total === undefined ? {} : { value: state.rows })}
            />
            <span className="csv-export-count">{exportProgressText(state.rows, state.total)}</span>
            <button type="button" className="button" onClick={() => running.current?.abort()}>
              Cancel
            </button>
          </>
        )}
        <p role="status" className="csv-export-status">
          {statusText(state)}
        </p>
      </div>
      {state.phase === "failed" && (
        <ErrorState
          title={`Could not export ${what}.`}
          error={state.error}
          onRetry={() => void start()}
        />
      )}
    </div>
  );
}

function statusText(state: ExportState): string {
  switch (state.phase) {
    case "done": {
      const rows = exportProgressText(state.rows);
      const said = state.kind === "saved" ? `${rows} saved.` : `${rows} exported.`;
      return state.note ? `${said} ${state.note}` : said;
    }
    case "cancelled":
      return "Export cancelled.";
    default:
      return "";
  }
}
