import { useLingui } from "@lingui/react";
import { hashKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
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
import { readEventPages } from "./load-subscription-series";
import { apiQuery } from "./queries";
import { apiKeys } from "./query-keys";

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
}

/**
 * How far the second round of calls has got, read from the query cache when asked: the chart's
 * progress line follows it on its own (ChartFrame), and the page that holds the series is not
 * drawn again at each of the thirty answers.
 */
export interface SeriesProgress {
  of: "buckets" | "pages of events";
  /** The calls answered so far, and how many the series takes as far as is known. */
  read: () => { done: number; total: number };
  /** Called at every change of the query cache; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
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
  const { groupId, timeZone, from, to, filters, unit, canPage = true, enabled = true } = input;
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
  const periodParams = useMemo(() => periodRequest(buckets, filters), [buckets, filters]);
  const periodClosed = last !== undefined && isClosed(last, now);

  const total = useQuery({
    ...apiQuery(groupId, "subscribers/statCount", periodParams, call),
    ...cacheFor(periodClosed),
    enabled,
  });
  const expected = total.data ? total.data.count_subscribe + total.data.count_unsubscribe : 0;
  // Not while disabled: the total may be in the cache from another chart of the same period.
  const plan = enabled && total.data ? planSeries(expected, buckets.length, canPage) : undefined;
  const planKind = plan?.kind;
  const plannedPages = plan?.kind === "page" ? plan.pages : 0;

  // The second round, as one query that reads each page or bucket through the cache under its
  // own key (shared with the events' table and other charts): the hook's page is drawn again
  // when the series is complete or fails, not at each answer (the subscriptions page drew
  // itself thirty times while its chart loaded, on a phone a second of busy main thread).
  const pageQuery = useCallback(
    (index: number) => ({
      ...apiQuery(
        groupId,
        "subscribers/statSubscribe",
        eventPageRequest(periodParams, index),
        limitedCall,
      ),
      ...cacheFor(periodClosed),
    }),
    [groupId, periodParams, limitedCall, periodClosed],
  );
  const bucketQuery = useCallback(
    (bucket: Bucket) => ({
      ...apiQuery(groupId, "subscribers/statCount", bucketRequest(bucket, filters), limitedCall),
      ...cacheFor(isClosed(bucket, now)),
    }),
    [groupId, filters, limitedCall, now],
  );
  const second = useQuery({
    queryKey: [
      ...apiKeys.group(groupId, "subscribers"),
      "series",
      {
        ...periodParams,
        timeZone,
        starts: buckets.map((bucket) => bucket.start),
        plan: planKind,
        pages: plannedPages,
        expected,
      },
    ],
    queryFn: async (): Promise<BucketCounts[]> => {
      if (planKind === "page") {
        const pages = await readEventPages(plannedPages, expected, buckets.length, (index) =>
          queryClient.query(pageQuery(index)).then((answer) => answer.items),
        );
        return aggregateEvents(buckets, pages.flat(), timeZone);
      }
      const counts = await Promise.all(
        buckets.map((bucket) => queryClient.query(bucketQuery(bucket))),
      );
      return counts.map((count) => countsOf(count.count_subscribe, count.count_unsubscribe));
    },
    enabled: planKind !== undefined,
    // Each call is retried on its own (the client's defaults); a failed series is one whose
    // call has failed for good, asked again by "Try again".
    retry: false,
    ...cacheFor(periodClosed),
  });

  const progress = useMemo<SeriesProgress | undefined>(() => {
    if (planKind === undefined) return undefined;
    const cache = queryClient.getQueryCache();
    // Read at every change of the cache while the chart loads: each call's hash made once.
    const hashes = new Map<number, string>();
    const pageHash = (index: number) => {
      let hash = hashes.get(index);
      if (hash === undefined) {
        hash = hashKey(pageQuery(index).queryKey);
        hashes.set(index, hash);
      }
      return hash;
    };
    const bucketHashes = buckets.map((bucket) => hashKey(bucketQuery(bucket).queryKey));
    const answered = (hash: string) => cache.get(hash)?.state.status === "success";
    const read =
      planKind === "page"
        ? () => {
            const items = (index: number) =>
              cache.get<ResponseOf<"subscribers/statSubscribe">>(pageHash(index))?.state.data
                ?.items;
            const total = pagesToRead(plannedPages, expected, buckets.length, items);
            let done = 0;
            for (let index = 0; index < total; index++) if (answered(pageHash(index))) done++;
            return { done, total };
          }
        : () => ({ done: bucketHashes.filter(answered).length, total: buckets.length });
    return {
      of: planKind === "page" ? "pages of events" : "buckets",
      read,
      subscribe: (onChange) => cache.subscribe(onChange),
    };
  }, [planKind, plannedPages, expected, buckets, pageQuery, bucketQuery, queryClient]);

  const failed = [total, second].filter((query) => query.isError);
  const series = total.isSuccess && plan ? second.data : undefined;

  return {
    buckets,
    status: failed.length > 0 ? "error" : series ? "success" : "pending",
    series,
    totals: total.data
      ? countsOf(total.data.count_subscribe, total.data.count_unsubscribe)
      : undefined,
    plan,
    progress,
    error: failed[0]?.error ?? undefined,
    retry: () => {
      for (const query of failed) void query.refetch();
    },
    retrying: failed.some((query) => query.isFetching),
  };
}
