import { useLingui } from "@lingui/react";
import {
  hashKey,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { RequestOf, ResponseOf } from "@/contract/operations";
import { buildBuckets, isClosed, type Bucket, type BucketUnit } from "@/lib/buckets";
import {
  aggregateEvents,
  bucketRequest,
  countsOf,
  eventPageRequest,
  pagesToRead,
  periodRequest,
  planSeries,
  type BucketCounts,
  type SeriesPlan,
} from "@/lib/chart-strategy";
import { createLimiter } from "@/lib/limit-concurrency";
import { useApi } from "./api-context";
import type { Call } from "./client";
import { apiQuery } from "./queries";

export type SeriesFilters = Pick<
  RequestOf<"subscribers/statCount">,
  "subscription_id" | "utm_id" | "vk_user_id" | "tg_user_id"
>;

export interface SubscriptionSeriesInput {
  groupId: number;
  timeZone: string;
  /** First and last instant (ms) of the period, both inclusive. */
  from: number;
  to: number;
  filters?: SeriesFilters;
  /** Defaults to the unit the period's length calls for. */
  unit?: BucketUnit;
  /** false when the role may not call `statSubscribe`: every bucket is then counted. */
  canPage?: boolean;
  enabled?: boolean;
  /**
   * false: only the period's own count (the first call) is asked; the pages or buckets wait,
   * as for a chart below the fold until it is scrolled to. The totals come meanwhile.
   */
  readBuckets?: boolean;
}

export interface SeriesProgress {
  total: number;
  of: "buckets" | "pages of events";
  /**
   * The second round's queries (their hashes): how many have answered is read with
   * `useSeriesDone`, by the part that shows it, so that the page holding the series is not
   * drawn again at each answer (thirty, for a 30-day period).
   */
  hashes: readonly string[];
}

export interface SubscriptionSeries {
  buckets: Bucket[];
  status: "pending" | "error" | "success";
  /** Per bucket, once every call has answered. */
  series: BucketCounts[] | undefined;
  /** The period's own `statCount`. */
  totals: BucketCounts | undefined;
  plan: SeriesPlan | undefined;
  /** How far the second round of calls has got; undefined before the plan is known. */
  progress: SeriesProgress | undefined;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}

// Four at a time: the gateway queues a token's calls to 20 a second anyway, and other pages'
// calls should not wait behind a chart's thirty.
const CONCURRENCY = 4;

/** Answers of closed periods never change: keep them for good. */
function cacheFor(closed: boolean) {
  return closed ? { staleTime: Infinity, gcTime: Infinity } : {};
}

/**
 * Subscribed and unsubscribed per bucket of a period at the least cost: one `statCount` for
 * the period, then whichever of paging `statSubscribe` or one `statCount` per bucket takes
 * fewer calls (src/lib/chart-strategy.ts). Query keys are the operations' own, so a bucket or
 * page another page already asked for is not asked again.
 */
export function useSubscriptionSeries(input: SubscriptionSeriesInput): SubscriptionSeries {
  const {
    groupId,
    timeZone,
    from,
    to,
    filters,
    unit,
    canPage = true,
    enabled = true,
    readBuckets = true,
  } = input;
  const { call } = useApi();
  const { i18n } = useLingui();
  const { locale } = i18n;
  const queryClient = useQueryClient();
  const [now] = useState(() => Date.now());
  const [limiter] = useState(() => createLimiter(CONCURRENCY));
  const limitedCall = useMemo<Call>(
    () => (operation, params, options) => limiter(() => call(operation, params, options)),
    [call, limiter],
  );

  const buckets = useMemo(
    () => buildBuckets({ from, to }, timeZone, unit, locale),
    [from, to, timeZone, unit, locale],
  );
  const last = buckets[buckets.length - 1];
  const periodParams = periodRequest(buckets, filters);
  const periodClosed = last !== undefined && isClosed(last, now);

  const totalOptions = apiQuery(groupId, "subscribers/statCount", periodParams, call);
  const total = useQuery({
    ...totalOptions,
    ...cacheFor(periodClosed),
    enabled,
  });
  const expected = total.data ? total.data.count_subscribe + total.data.count_unsubscribe : 0;
  // Not while disabled: the total may be in the cache from another chart of the same period.
  const planned = enabled && total.data ? planSeries(expected, buckets.length, canPage) : undefined;

  const pageCount =
    planned?.kind === "page"
      ? pagesToRead(
          planned.pages,
          expected,
          buckets.length,
          (index) =>
            queryClient.getQueryData<ResponseOf<"subscribers/statSubscribe">>(
              apiQuery(groupId, "subscribers/statSubscribe", eventPageRequest(periodParams, index))
                .queryKey,
            )?.items,
        )
      : 0;
  // A chart that waits to be scrolled to may hold answers (below): they are not asked again off
  // screen, on a refocus or a reconnect, only once it is scrolled to (the effect below).
  const offScreen = readBuckets ? {} : { refetchOnWindowFocus: false, refetchOnReconnect: false };
  const plannedPages = Array.from({ length: pageCount }, (_v, index) => ({
    ...apiQuery(
      groupId,
      "subscribers/statSubscribe",
      eventPageRequest(periodParams, index),
      limitedCall,
    ),
    ...cacheFor(periodClosed),
    ...offScreen,
  }));
  const plannedBuckets = (planned?.kind === "per-bucket" ? buckets : []).map((bucket) => ({
    ...apiQuery(groupId, "subscribers/statCount", bucketRequest(bucket, filters), limitedCall),
    ...cacheFor(isClosed(bucket, now)),
    ...offScreen,
  }));
  const plannedRound = planned?.kind === "page" ? plannedPages : plannedBuckets;

  // A chart waiting to be scrolled to is drawn at once when every answer of its round is in
  // the cache and fresh: Back to the page within the half minute, a closed period, or a round
  // of one page that the events table below has just asked for (the same call), whichever
  // render first finds them there. There is nothing to ask, so nothing to wait for. Latched for
  // that round: its answers going stale later, off screen, do not take the chart back to
  // "Loading…"; another round (another period, filter or plan) drops the latch.
  const defaultStale = queryClient.getDefaultOptions().queries?.staleTime;
  const defaultStaleTime = typeof defaultStale === "number" ? defaultStale : 0;
  const roundHashes = plannedRound.map((query) => hashKey(query.queryKey));
  const roundHash = roundHashes.join("|");
  const [drawnFromCache, setDrawnFromCache] = useState<string>();
  // An empty round (no events in the period) has nothing to wait for either.
  const cachedRound =
    !readBuckets &&
    planned !== undefined &&
    drawnFromCache !== roundHash &&
    plannedRound.every(
      (query) =>
        queryClient
          .getQueryCache()
          .find({ queryKey: query.queryKey, exact: true })
          ?.isStaleByTime(
            typeof query.staleTime === "number" ? query.staleTime : defaultStaleTime,
          ) === false,
    );
  if (cachedRound) setDrawnFromCache(roundHash);
  else if (drawnFromCache !== undefined && drawnFromCache !== roundHash) {
    setDrawnFromCache(undefined);
  }
  const latched = drawnFromCache !== undefined && drawnFromCache === roundHash;
  const read = readBuckets || cachedRound || latched;
  const plan = read ? planned : undefined;

  // The pages may wait for the chart to be scrolled to (readBuckets), long after the period's
  // count was asked: a count gone stale meanwhile is asked again as they start. The pages
  // start on the old count alongside; if the new one differs, the plan follows it and the
  // chart ends on the count of now, as the totals do. Only then: not each time the count goes
  // stale on screen, nor while it is being asked anyway (a first load). A round drawn from the
  // cache before the scroll has its answers gone stale meanwhile asked again then too.
  const totalHash = hashKey(totalOptions.queryKey);
  const refetchTotal = total.refetch;
  useEffect(() => {
    // A closed period's count never changes (it is kept for good).
    if (!enabled || !read || periodClosed) return;
    const query = queryClient.getQueryCache().get(totalHash);
    if (query?.state.data !== undefined && query.state.fetchStatus === "idle" && query.isStale()) {
      void refetchTotal({ cancelRefetch: false });
    }
  }, [enabled, read, readBuckets, periodClosed, totalHash, queryClient, refetchTotal]);
  const latchedHashes = latched ? roundHash : undefined;
  useEffect(() => {
    if (!enabled || !readBuckets || latchedHashes === undefined) return;
    const wanted = new Set(latchedHashes.split("|"));
    void queryClient.refetchQueries(
      { predicate: (query) => wanted.has(query.queryHash), stale: true },
      { cancelRefetch: false },
    );
  }, [enabled, readBuckets, latchedHashes, queryClient]);

  // Stable combiners: TanStack Query runs them again only when an answer changes, so the
  // events are sorted into buckets once, not on every render. What they return holds no
  // answer's own result, only what the page shows: TanStack Query draws the page again only
  // when that changes (the series complete, a call failed or is tried again), not at each
  // answer; the count of answers is read apart (useSeriesDone).
  const combinePages = useCallback(
    (results: UseQueryResult<ResponseOf<"subscribers/statSubscribe">>[]) => ({
      ...failures(results),
      series: results.every((page) => page.isSuccess)
        ? aggregateEvents(
            buckets,
            results.flatMap((page) => page.data.items),
            timeZone,
          )
        : undefined,
    }),
    [buckets, timeZone],
  );
  const combineBuckets = useCallback(
    (results: UseQueryResult<ResponseOf<"subscribers/statCount">>[]) => ({
      ...failures(results),
      series: results.every((query) => query.isSuccess)
        ? results.map((query) => countsOf(query.data.count_subscribe, query.data.count_unsubscribe))
        : undefined,
    }),
    [],
  );

  const pageQueries = plan?.kind === "page" ? plannedPages : [];
  const bucketQueries = plan?.kind === "per-bucket" ? plannedBuckets : [];
  const pages = useQueries({ queries: pageQueries, combine: combinePages });
  const perBucket = useQueries({ queries: bucketQueries, combine: combineBuckets });

  const paging = plan?.kind === "page";
  const second = paging ? pages : perBucket;
  const secondKeys = (paging ? pageQueries : bucketQueries).map((query) => query.queryKey);
  const series = total.isSuccess && plan ? second.series : undefined;
  const failed = total.isError || second.retries.length > 0;

  return {
    buckets,
    status: failed ? "error" : series ? "success" : "pending",
    series,
    totals: total.data
      ? countsOf(total.data.count_subscribe, total.data.count_unsubscribe)
      : undefined,
    plan,
    progress: plan
      ? {
          total: secondKeys.length,
          of: paging ? "pages of events" : "buckets",
          hashes: secondKeys.map((key) => hashKey(key)),
        }
      : undefined,
    error: total.isError ? total.error : second.error,
    retry: () => {
      if (total.isError) void total.refetch();
      for (const refetch of second.retries) void refetch();
    },
    retrying: (total.isError && total.isFetching) || second.retrying,
  };
}

/**
 * The failed calls of a round, as a combiner keeps them: each one's `refetch` (the same
 * function for as long as its query is observed), the first error, and whether any is being
 * tried again.
 */
function failures(results: readonly UseQueryResult[]) {
  const failed = results.filter((query) => query.isError);
  return {
    retries: failed.map((query) => query.refetch),
    error: failed[0]?.error ?? undefined,
    retrying: failed.some((query) => query.isFetching),
  };
}

/**
 * How many of a series' second round of calls have answered: drawn again at each answer by
 * the part that shows it (a chart's progress line), not by the page holding the series.
 */
export function useSeriesDone(progress: SeriesProgress | undefined): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const hashes = progress?.hashes;
  const count = useCallback(
    () =>
      (hashes ?? []).reduce(
        (done, hash) => done + (cache.get(hash)?.state.status === "success" ? 1 : 0),
        0,
      ),
    [cache, hashes],
  );
  return useSyncExternalStore(subscribe, count, count);
}
