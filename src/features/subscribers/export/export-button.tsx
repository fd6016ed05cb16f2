import { useQueryClient } from "@tanstack/react-query";
import DownloadIcon from "lucide-react/icons/download";
import { useEffect, useRef, useState } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { mayCall } from "@/contract/roles";
import { userIdField } from "@/lib/subscriber-format";
import { exportFileName, exportProgressText } from "@/lib/export-progress";
import { openCsvTarget, type CsvTarget } from "@/components/csv-export/csv-sinks";
import "./export.css";

type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number; total: number | undefined }
  | { phase: "done"; rows: number; kind: "saved" | "downloaded" }
  | { phase: "cancelled" }
  | { phase: "failed"; error: unknown };

/**
 * "Export CSV": every subscriber of the current channel into a CSV file, with progress and
 * a way to cancel. The CSV code is its own chunk, fetched on the first export.
 */
export function ExportButton() {
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const { call } = useApi();
  const queryClient = useQueryClient();
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
    const groupId = channel.group_id;
    const fileName = exportFileName(groupId, new Date(), channel.time_zone);
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    let target: CsvTarget | null = null;
    try {
      // First, while the click still counts as the person's (the save dialog needs that).
      target = await openCsvTarget(fileName);
      if (!target) return;
      setState({ phase: "running", rows: 0, total: undefined });
      const total = await countSubscribers();
      signal.throwIfAborted();
      setState({ phase: "running", rows: 0, total });
      const { exportSubscribers } = await import("./export-subscribers");
      const result = await exportSubscribers({
        call,
        groupId,
        sink: target.sink,
        signal,
        userIdField: userIdField(channel.type_name),
        timeZone: channel.time_zone,
        onProgress: ({ rows }) => {
          setState({ phase: "running", rows, total });
        },
      });
      setState({ phase: "done", rows: result.rows, kind: target.kind });
    } catch (error) {
      // exportSubscribers throws its sink away itself; this covers a stop before it began
      // (a file opened on disk must not stay half-made).
      await target?.sink.abort().catch(() => undefined);
      setState(signal.aborted ? { phase: "cancelled" } : { phase: "failed", error });
    } finally {
      if (running.current === controller) running.current = null;
    }

    async function countSubscribers(): Promise<number | undefined> {
      if (!mayCall(role, "subscribers/subscribersCount")) return undefined;
      try {
        const answer = await queryClient.query(
          apiQuery(groupId, "subscribers/subscribersCount", {}, call),
        );
        return answer.count;
      } catch {
        // The total only sizes the progress bar; the export does not need it.
        return undefined;
      }
    }
  }

  const isRunning = state.phase === "running";
  return (
    <div className="export-csv">
      <div className="export-csv-controls">
        <button type="button" className="button" disabled={isRunning} onClick={() => void start()}>
          <DownloadIcon aria-hidden="true" size={16} className="export-csv-icon" />
          Export CSV
        </button>
        {isRunning && (
          <>
            <progress
              className="export-csv-bar"
              aria-label="Export progress"
              aria-valuetext={exportProgressText(state.rows, state.total)}
              max={Math.max(state.total ?? 0, state.rows, 1)}
              {...(state.total === undefined ? {} : { value: state.rows })}
            />
            <span className="export-csv-count">{exportProgressText(state.rows, state.total)}</span>
            <button type="button" className="button" onClick={() => running.current?.abort()}>
              Cancel
            </button>
          </>
        )}
        <p role="status" className="export-csv-status">
          {statusText(state)}
        </p>
      </div>
      {state.phase === "failed" && (
        <ErrorState
          title="Could not export the subscribers."
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
      // Short, to sit in a toolbar: the browser shows the file's name itself.
      const rows = exportProgressText(state.rows);
      return state.kind === "saved" ? `${rows} saved.` : `${rows} exported.`;
    }
    case "cancelled":
      return "Export cancelled.";
    default:
      return "";
  }
}
