import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { apiKeys } from "@/api/query-keys";
import type { UserIdField } from "@/lib/subscriber-format";
import type { ManageValues } from "./manage-schema";
import { summaryText, type ChangeTarget } from "./outcome-text";
import { runChanges, type ChangeResult } from "./run-changes";

export interface ChangeRun {
  /** Tells one run from the next, for the results table's page. */
  id: number;
  values: ManageValues;
  /** The subscription the run is about, for the words after it. */
  target: ChangeTarget;
  /** How many ids have a result so far. */
  done: number;
  results: ChangeResult[] | undefined;
  cancelled: boolean;
}

/**
 * One add or remove run at a time, with progress and Cancel. Whatever happened (even a
 * cancel or a failure half way) the channel's subscriber lists, counts and statistics are
 * refetched, since some of the calls may have changed them.
 */
export function useChangeJob(groupId: number, field: UserIdField) {
  const { call } = useApi();
  // The app's one instance: read when the run ends, so the toast is in the language shown then.
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ChangeRun | undefined>();
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
    mutationFn: async ({ values, target }: { values: ManageValues; target: ChangeTarget }) => {
      const cancel = new AbortController();
      cancelRef.current = cancel;
      runCount.current += 1;
      setRun({
        id: runCount.current,
        values,
        target,
        done: 0,
        results: undefined,
        cancelled: false,
      });
      const results = await runChanges({
        values,
        field,
        groupId,
        call,
        cancel: cancel.signal,
        i18n,
        abort: leaveRef.current?.signal,
        onResults: (batch) => {
          setRun((current) => current && { ...current, done: current.done + batch.length });
        },
      });
      setRun((current) => current && { ...current, results, cancelled: cancel.signal.aborted });
      return { results, target, action: values.action };
    },
    onSuccess: ({ results, target, action }) => {
      const text = summaryText(action, target, results, i18n);
      if (results.every((result) => result.outcome === "added" || result.outcome === "removed")) {
        notify("success", text);
      } else {
        notify("warning", text);
      }
    },
    onError: (error) => {
      const reason = describeApiError(error, i18n);
      notify("error", i18n._(msg`The change stopped: ${reason}`));
    },
    onSettled: async (_data, _error, { values }) => {
      cancelRef.current = null;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "subscribers") }),
        // A tag's count is the people who carry it.
        values.action === "add" && values.utm !== undefined
          ? queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "utms") })
          : undefined,
      ]);
    },
  });

  const cancel = useCallback(() => {
    cancelRef.current?.abort();
  }, []);

  const { isPending, mutate } = mutation;
  // A second submit while a run is going would send every id twice. The mutation's own
  // pending flag reaches React a render later; a ref is set at once.
  const startedRef = useRef(false);
  const start = useCallback(
    (input: { values: ManageValues; target: ChangeTarget }) => {
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
