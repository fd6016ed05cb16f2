import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import DownloadIcon from "lucide/dist/esm/icons/download.mjs";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { csvSeparatorFor, isCsvSeparator, type CsvFormat } from "@/lib/csv-options";
import { exportProgressText } from "@/lib/export-progress";
import { openCsvTarget, type CsvSink, type CsvTarget } from "./csv-sinks";
import { readSeparator, rememberSeparator } from "./remembered-separator";
import "./csv-export.css";
import { Icon } from "@/components/icon";

export interface CsvExportRun {
  sink: CsvSink;
  /** The separator the person chose, and the language of the headers and words. */
  format: CsvFormat;
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
  /** The failure's title, as "Could not export the subscription events." */
  failureTitle?: string | undefined;
  label?: string | undefined;
}

type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number; total: number | undefined }
  | { phase: "done"; rows: number; kind: "saved" | "downloaded"; note?: string | undefined }
  | { phase: "cancelled" }
  | { phase: "failed"; error: unknown };

/**
 * "Export CSV" with a choice of separator (the language's own unless the person picked one,
 * remembered in this browser), progress, Cancel, the outcome said aloud, and a failure with
 * Retry. Writes page after page to the file the person picks (File System Access API) or to a
 * download.
 */
export function CsvExportButton({
  fileName,
  run,
  total,
  failureTitle,
  label,
}: CsvExportButtonProps) {
  const { t, i18n } = useLingui();
  const separatorId = useId();
  const [storedSeparator, setStoredSeparator] = useState(readSeparator);
  const separator = csvSeparatorFor(storedSeparator, i18n.locale);
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
      target = await openCsvTarget(fileName(), t`CSV file`);
      if (!target) return;
      setState({ phase: "running", rows: 0, total });
      const outcome = await run({
        sink: target.sink,
        format: { separator, i18n },
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
          <Icon icon={DownloadIcon} size={16} className="csv-export-icon" />
          {label ?? t`Export CSV`}
        </button>
        <span className="csv-export-separator">
          <label htmlFor={separatorId}>
            <Trans>Separator</Trans>
          </label>
          <select
            id={separatorId}
            value={separator}
            disabled={isRunning}
            onChange={(event) => {
              const chosen = event.currentTarget.value;
              if (!isCsvSeparator(chosen)) return;
              rememberSeparator(chosen);
              setStoredSeparator(chosen);
            }}
          >
            <option value=",">{t`Comma (,)`}</option>
            <option value=";">{t`Semicolon (;)`}</option>
            <option value={"\t"}>{t`Tab`}</option>
          </select>
        </span>
        {isRunning && (
          <>
            <progress
              className="csv-export-bar"
              aria-label={t`Export progress`}
              aria-valuetext={exportProgressText(state.rows, i18n, state.total)}
              max={Math.max(state.total ?? 0, state.rows, 1)}
              {...(state.total === undefined ? {} : { value: state.rows })}
            />
            <span className="csv-export-count">
              {exportProgressText(state.rows, i18n, state.total)}
            </span>
            <button type="button" className="button" onClick={() => running.current?.abort()}>
              <Trans context="stop an operation that is running">Cancel</Trans>
            </button>
          </>
        )}
        <p role="status" className="csv-export-status">
          {statusText(state, i18n)}
        </p>
      </div>
      {state.phase === "failed" && (
        <ErrorState
          title={failureTitle ?? t`Could not export the file.`}
          error={state.error}
          onRetry={() => void start()}
        />
      )}
    </div>
  );
}

function statusText(state: ExportState, i18n: I18n): string {
  switch (state.phase) {
    case "done": {
      const rows = state.rows;
      const said =
        state.kind === "saved"
          ? i18n._(msg`${plural(rows, { one: "# row saved.", other: "# rows saved." })}`)
          : i18n._(msg`${plural(rows, { one: "# row exported.", other: "# rows exported." })}`);
      return state.note ? `${said} ${state.note}` : said;
    }
    case "cancelled":
      return i18n._(msg`Export cancelled.`);
    default:
      return "";
  }
}
