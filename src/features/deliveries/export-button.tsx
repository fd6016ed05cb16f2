import DownloadIcon from "lucide-react/icons/download";
import { useEffect, useRef, useState } from "react";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import type { DeliveryNames } from "@/lib/delivery-format";
import { exportProgressText } from "@/lib/export-progress";
import type { UserIdField } from "@/lib/subscriber-format";
import type { DeliveryParams } from "./delivery-params";

type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number }
  | { phase: "done"; rows: number }
  | { phase: "cancelled" }
  | { phase: "failed"; error: unknown };

interface ExportButtonProps {
  groupId: number;
  params: DeliveryParams;
  /** The period's count, to size the progress bar. */
  total: number | undefined;
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  timeZone: string;
  fileName: string;
}

/** "Export CSV": the records of the period and filters, with progress and a way to cancel. */
export function ExportButton({
  groupId,
  params,
  total,
  names,
  userIdField,
  timeZone,
  fileName,
}: ExportButtonProps) {
  const { call } = useApi();
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: "running", rows: 0 });
    try {
      const { exportDeliveries } = await import("./export-deliveries");
      const result = await exportDeliveries({
        call,
        groupId,
        params,
        context: { names, userIdField, timeZone },
        signal: controller.signal,
        onProgress: (rows) => {
          setState({ phase: "running", rows });
        },
      });
      downloadText(result.parts, fileName);
      setState({ phase: "done", rows: result.rows });
    } catch (error) {
      setState(controller.signal.aborted ? { phase: "cancelled" } : { phase: "failed", error });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const isRunning = state.phase === "running";
  return (
    <div className="deliveries-export">
      <div className="deliveries-export-controls">
        <button type="button" className="button" disabled={isRunning} onClick={() => void start()}>
          <DownloadIcon aria-hidden="true" size={16} className="deliveries-export-icon" />
          Export CSV
        </button>
        {isRunning && (
          <>
            <progress
              className="deliveries-export-bar"
              aria-label="Export progress"
              aria-valuetext={exportProgressText(state.rows, total)}
              max={Math.max(total ?? 0, state.rows, 1)}
              {...(total === undefined ? {} : { value: state.rows })}
            />
            <span>{exportProgressText(state.rows, total)}</span>
            <button type="button" className="button" onClick={() => running.current?.abort()}>
              Cancel
            </button>
          </>
        )}
        <p role="status" className="deliveries-export-status">
          {state.phase === "done"
            ? `${exportProgressText(state.rows)} exported.`
            : state.phase === "cancelled"
              ? "Export cancelled."
              : ""}
        </p>
      </div>
      {state.phase === "failed" && (
        <ErrorState
          title="Could not export the delivery records."
          error={state.error}
          onRetry={() => void start()}
        />
      )}
    </div>
  );
}

function downloadText(parts: string[], fileName: string): void {
  const blob = new Blob(parts, { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download starts from the URL after this task; revoking it later frees the Blob.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
