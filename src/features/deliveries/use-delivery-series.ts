import { useLingui } from "@lingui/react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { apiKeys } from "@/api/query-keys";
import { buildBuckets, isClosed, type Bucket, type BucketUnit } from "@/lib/buckets";
import {
  aggregateDeliveries,
  DELIVERY_PAGE_SIZE,
  deliveryPagesFor,
  plannedPages,
  type DeliverySeries,
} from "@/lib/delivery-series";
import type { DeliveryParams } from "./delivery-params";

export interface DeliverySeriesState {
  buckets: Bucket[];
  status: "pending" | "error" | "success";
  /** The period's `deliveries/statCount`. */
  total: number | undefined;
  series: DeliverySeries | undefined;
  /** Every record of the period has been read. */
  complete: boolean;
  pagesRead: number;
  pagesPlanned: number;
  /** Pages left to read for the whole period. */
  pagesLeft: number;
  readMore: () => void;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}

/**
 * Sent and failed per bucket (src/lib/delivery-series.ts): the period's count, then the
 * records by cursor, a round of pages at a time; `readMore` reads one more round.
 */
export function useDeliverySeries(input: {
  groupId: number;
  timeZone: string;
  from: number;
  to: number;
  /** The moment the period was resolved against (`usePeriodSearch().now`). */
  now: number;
  params: DeliveryParams;
  /** The chart's unit; a compared period takes the current chart's, so buckets pair by position. */
  unit?: BucketUnit;
  /** false: nothing is asked (no comparison chosen). */
  enabled?: boolean;
  /**
   * false: only the period's count is asked; the records wait, as for a chart below the fold
   * until it is scrolled to.
   */
  readPages?: boolean;
}): DeliverySeriesState {
  const {
    groupId,
    timeZone,
    from,
    to,
    now,
    params,
    unit,
    enabled = true,
    readPages = true,
  } = input;
  const { call } = useApi();
  const [rounds, setRounds] = useState(1);
  const { locale } = useLingui().i18n;
  // The buckets' labels are in the interface language: a switch remakes them.
  const buckets = useMemo(
    () => buildBuckets({ from, to }, timeZone, unit, locale),
    [from, to, timeZone, unit, locale],
  );
  const last = buckets[buckets.length - 1];
  const closed = last !== undefined && isClosed(last, now);
  // The records of a closed period never change: keep them for good. Those of an open one are
  // not re-read on focus either: that would ask for every page loaded again (up to 50 calls).
  const caching = closed
    ? { staleTime: Infinity, gcTime: Infinity }
    : { refetchOnWindowFocus: false };

  const total = useQuery({
    ...apiQuery(groupId, "deliveries/statCount", params, call),
    ...(closed ? { staleTime: Infinity, gcTime: Infinity } : {}),
    enabled,
  });
  const count = total.data?.count;
  // None while the records wait: the chart then says "Loading…", not "0 of 44 pages".
  const planned = count === undefined || !readPages ? 0 : plannedPages(count, rounds);

  const pages = useInfiniteQuery({
    queryKey: [...apiKeys.operation(groupId, "deliveries/stat"), "series", params] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        "deliveries/stat",
        { ...params, count: DELIVERY_PAGE_SIZE, ...(pageParam ? { offset_id: pageParam } : {}) },
        { groupId, signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last, _all, lastParam) =>
      last.items.length === DELIVERY_PAGE_SIZE && last.offset_id && last.offset_id !== lastParam
        ? last.offset_id
        : undefined,
    enabled: enabled && planned > 0,
    ...caching,
  });

  const loaded = pages.data?.pages ?? [];
  const read = loaded.reduce((sum, page) => sum + page.items.length, 0);
  const complete =
    count !== undefined &&
    (count === 0 || (pages.isSuccess && (!pages.hasNextPage || read >= count)));
  const wantMore = !complete && pages.isSuccess && loaded.length < planned && pages.hasNextPage;

  // Pages of a cursor come one after another: each asks for the next until the round is read.
  // The effect can run twice for one page (two renders before the query says it is fetching):
  // `cancelRefetch: false` makes the second call join the first instead of cancelling it and
  // asking again (it did, for 42 of 86 pages of the deliveries page). Not while the pages are
  // read again (a refetch): the call would join that and fetch no next page, and nothing would
  // run the effect again after it.
  const { fetchNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } = pages;
  useEffect(() => {
    // Not while disabled or waiting: a round half read in the cache would go on being read.
    if (enabled && readPages && wantMore && !isFetching && !isFetchNextPageError) {
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [enabled, readPages, wantMore, isFetching, isFetchNextPageError, fetchNextPage]);

  const settled = complete || (pages.isSuccess && !wantMore && !isFetchingNextPage);
  const series = useMemo(
    () =>
      settled && count !== undefined
        ? aggregateDeliveries(
            buckets,
            loaded.flatMap((page) => page.items),
            timeZone,
            complete,
          )
        : undefined,
    // `loaded` changes with every page; the aggregate is wanted once the round is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settled, complete, count, buckets, timeZone, pages.data],
  );

  const failed = total.isError ? total : pages.isError ? pages : undefined;
  return {
    buckets,
    status: failed ? "error" : series ? "success" : "pending",
    total: count,
    series,
    complete,
    pagesRead: loaded.length,
    pagesPlanned: planned,
    pagesLeft: count === undefined ? 0 : Math.max(0, deliveryPagesFor(count) - loaded.length),
    readMore: () => {
      setRounds((value) => value + 1);
    },
    error: failed?.error ?? undefined,
    retry: () => {
      if (total.isError) void total.refetch();
      else if (isFetchNextPageError) void fetchNextPage();
      else void pages.refetch();
    },
    retrying: (failed?.isFetching ?? false) || isFetchingNextPage,
  };
}
