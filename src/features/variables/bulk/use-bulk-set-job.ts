import { useLingui } from "@lingui/react";
import { msg } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { isApiError, isSignedOutError } from "@/api/api-error";
import { useConnectionMonitor } from "@/api/connection-context";
import { describeApiError } from "@/api/error-text";
import { apiKeys } from "@/api/query-keys";
import { mergeResults } from "@/lib/bulk-run";
import type { UserIdField } from "@/lib/subscriber-format";
import { quoted, summaryLine } from "./outcome-text";
import type { VariableField } from "@/lib/variables";
import { runBulkSet, runWideField, type SetResult } from "./run-bulk-set";

export interface SetRun {
  /** Tells one run from the next, for the results table. */
  id: number;
  name: string;
  value: string;
  /** The ids this run sends (a retry: only those still to do). */
  userIds: readonly number[];
  done: number;
  cancelling: boolean;
  /** Every id of the first run with its latest result; undefined while a run is going. */
  results: SetResult[] | undefined;
  /** Why the run stopped early, when a failure stopped it. */
  stopped?: string | undefined;
  /** The server could not be reached: the words go once the connection is back. */
  stoppedOffline?: boolean | undefined;
  /** The stop was about the name or value sent (not one person): shown at that form field. */
  fieldError?: { field: VariableField; message: string } | undefined;
}

interface StartInput {
  name: string;
  value: string;
  userIds: readonly number[];
  /** The results of the run being retried: the new results are laid over them. */
  earlier?: readonly SetResult[] | undefined;
}

/**
 * One vars/set run at a time, with progress, Cancel and retry. Whatever happened (even a
 * cancel or a failure half way) the channel's variables and subscriber records are refetched,
 * since some of the calls changed them.
 */
export function useBulkSetJob(groupId: number, field: UserIdField) {
  const { i18n } = useLingui();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const [run, setRun] = useState<SetRun | undefined>();

  // "The run stopped: the server could not be reached" is old news once the banner says the
  // connection is back: it goes then (the results still say what was not run, to retry).
  const connection = useConnectionMonitor();
  const offline = run?.stoppedOffline === true;
  useEffect(() => {
    if (!offline) return undefined;
    // The run keeps its failure to itself (it is no failed mutation): the app learns here that
    // the server is gone, so the banner says so and its probes find when it is back.
    connection.noAnswer();
    return connection.onRecovered(() => {
      setRun((current) => current && { ...current, stopped: undefined, stoppedOffline: false });
    });
  }, [offline, connection]);
  const cancelRef = useRef<AbortController | null>(null);
  const leaveRef = useRef<AbortController | null>(null);
  const runCount = useRef(0);

  useEffect(() => {
    const leave = new AbortController();
    leaveRef.current = leave;
    return () => {
      leave.abort();
    };
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ name, value, userIds, earlier }: StartInput) => {
      const cancel = new AbortController();
      cancelRef.current = cancel;
      runCount.current += 1;
      setRun({
        id: runCount.current,
        name,
        value,
        userIds,
        done: 0,
        cancelling: false,
        results: undefined,
      });
      const report = await runBulkSet({
        name,
        value,
        userIds,
        field,
        groupId,
        call,
        i18n,
        cancel: cancel.signal,
        abort: leaveRef.current?.signal,
        onResults: (batch) => {
          setRun((current) => current && { ...current, done: current.done + batch.length });
        },
      });
      const results = earlier ? mergeResults(earlier, report.results) : report.results;
      const wideField = report.stoppedBy && runWideField(report.stoppedBy.error);
      setRun(
        (current) =>
          current && {
            ...current,
            results,
            cancelling: false,
            stopped: report.stoppedBy?.verdict.text,
            stoppedOffline: isNetworkError(report.stoppedBy?.error),
            fieldError:
              wideField && report.stoppedBy
                ? { field: wideField, message: report.stoppedBy.verdict.text }
                : undefined,
          },
      );
      // The table keeps what was saved; the app still learns the session has ended.
      if (report.stoppedBy && isSignedOutError(report.stoppedBy.error)) {
        throw report.stoppedBy.error;
      }
      return { name, results, stopped: report.stoppedBy?.verdict.text };
    },
    onSuccess: ({ name, results, stopped }) => {
      const what = quoted(name, i18n);
      const summary = summaryLine(results, i18n);
      const text = i18n._(msg`${what}: ${summary}`);
      if (stopped !== undefined) notify("error", i18n._(msg`The run stopped: ${stopped} ${text}`));
      else if (results.every((result) => result.outcome === "saved")) notify("success", text);
      else notify("warning", text);
    },
    onError: (error) => {
      const reason = describeApiError(error, i18n);
      notify("error", i18n._(msg`The run stopped: ${reason}`));
    },
    onSettled: async () => {
      cancelRef.current = null;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "vars") }),
        // A subscriber record carries the person's variables.
        queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "subscribers") }),
      ]);
    },
  });

  const cancel = useCallback(() => {
    cancelRef.current?.abort();
    setRun((current) => current && { ...current, cancelling: true });
  }, []);

  const { isPending, mutate } = mutation;
  // A second submit while a run is going would send every id twice; the pending flag reaches
  // React a render later, a ref at once.
  const startedRef = useRef(false);
  const start = useCallback(
    (input: StartInput) => {
      if (startedRef.current) return;
      startedRef.current = true;
      mutate(input, {
        onSettled: () => {
          startedRef.current = false;
        },
      });
    },
    [mutate],
  );

  return { run, running: isPending, start, cancel };
}

function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.kind === "network";
}
