import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useSignedInSession } from "@/components/current-channel";
import { directoryMayCount } from "@/contract/directory-count-rule";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { mayCall } from "@/contract/roles";
import { countSegment } from "./segment-requests";
import { hasFilters } from "./segment-search";
import type { SegmentSize } from "./use-segment";

/** A counted size stays this long: the list changes, a count an hour old would mislead. */
const COUNT_STALE_MS = 10 * 60_000;

/** Where a finished count is kept, per channel and segment (never fetched: set by a count). */
function countedQuery(groupId: number, filters: SegmentFilters) {
  return queryOptions<number>({
    queryKey: ["segment-size", groupId, filters] as const,
    queryFn: () => Promise.reject(new Error("A segment's size comes from a count.")),
    enabled: false,
    staleTime: COUNT_STALE_MS,
    gcTime: COUNT_STALE_MS,
  });
}

export type CountState =
  | { state: "idle" }
  | { state: "counting"; counted: number }
  | { state: "cancelled"; counted: number }
  | { state: "failed"; counted: number; error: unknown }
  | { state: "done"; count: number };

/** The directory's answer is its state as of its last change: worth asking again soon. */
const DIRECTORY_COUNT_STALE_MS = 30_000;

/**
 * The directory's count of the segment, asked only when every filter is one it keeps. A refusal
 * (a channel without hooks, a directory still reading, no directory at all) is not retried: the
 * browser counts by pages instead.
 */
function directoryCountQuery(
  groupId: number,
  filters: SegmentFilters,
  count: ReturnType<typeof useApi>["directory"]["count"],
) {
  return queryOptions({
    queryKey: ["directory-count", groupId, filters] as const,
    queryFn: ({ signal }) => count(groupId, filters, { signal }),
    staleTime: DIRECTORY_COUNT_STALE_MS,
    retry: false,
  });
}

/**
 * The segment's size. Without filters: the channel's subscribersCount. With filters the
 * directory counts it at once when it keeps every filter (`directoryMayCount`); otherwise, or
 * when it refuses, the browser counts on request (`start`), page by page with progress, until
 * done or cancelled; a finished count is kept for the same filters. Another segment stops a
 * count under way.
 */
export function useSegmentCount(groupId: number, filters: SegmentFilters) {
  const { call, directory } = useApi();
  const { role } = useSignedInSession();
  const queryClient = useQueryClient();
  const filtered = hasFilters(filters);
  const total = useQuery({
    ...apiQuery(groupId, "subscribers/subscribersCount", {}, call),
    enabled: !filtered && mayCall(role, "subscribers/subscribersCount"),
  });
  const counted = useQuery(countedQuery(groupId, filters));
  const askDirectory = filtered && directoryMayCount(filters);
  const byDirectory = useQuery({
    ...directoryCountQuery(groupId, filters, directory.count),
    enabled: askDirectory,
  });
  const [run, setRun] = useState<CountState>({ state: "idle" });
  const controller = useRef<AbortController | null>(null);
  const key = JSON.stringify([groupId, filters]);

  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
      setRun({ state: "idle" });
    },
    [key],
  );

  const browserCount = useCallback(() => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setRun({ state: "counting", counted: 0 });
    let last = 0;
    countSegment({
      call,
      groupId,
      filters,
      signal: abort.signal,
      onProgress: (n) => {
        last = n;
        if (!abort.signal.aborted) setRun({ state: "counting", counted: n });
      },
    }).then(
      (count) => {
        if (abort.signal.aborted) return;
        queryClient.setQueryData(countedQuery(groupId, filters).queryKey, count);
        setRun({ state: "done", count });
      },
      (error: unknown) => {
        if (controller.current !== abort) return;
        setRun(
          abort.signal.aborted
            ? { state: "cancelled", counted: last }
            : { state: "failed", counted: last, error },
        );
      },
    );
  }, [call, groupId, filters, queryClient]);

  const directoryAnswer = askDirectory ? byDirectory.data : undefined;
  const { refetch } = byDirectory;
  // "Count again" of a directory's count asks it again; a refusal then leaves the browser's.
  const start = useCallback(() => {
    if (directoryAnswer === undefined) browserCount();
    else void refetch();
  }, [directoryAnswer, browserCount, refetch]);

  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  let size: SegmentSize | undefined;
  if (!filtered) {
    size = total.data ? { count: total.data.count, complete: true } : undefined;
  } else if (directoryAnswer !== undefined && counted.data === undefined) {
    size = { count: directoryAnswer.count, complete: true, byDirectory: true };
  } else if (counted.data !== undefined) {
    size = { count: counted.data, complete: true };
  } else if (run.state === "counting" || run.state === "cancelled") {
    size = { count: run.counted, complete: false };
  }
  /** Waiting for the directory's answer: nothing to start yet. */
  const asking = askDirectory && byDirectory.isPending;
  return { filtered, size, run, start, cancel, asking };
}
