import { buildBuckets, type Bucket, type BucketUnit } from "@/lib/buckets";
import {
  aggregateEvents,
  bucketRequest,
  countsOf,
  eventPageRequest,
  pagesToRead,
  periodRequest,
  planSeries,
  type BucketCounts,
  type SeriesFilterParams,
  type SeriesPlan,
} from "@/lib/chart-strategy";
import { createLimiter } from "@/lib/limit-concurrency";
import type { SubscriptionEvent } from "@/contract/entities";
import type { Call } from "./client";

export interface LoadSeriesInput {
  call: Call;
  groupId: number;
  timeZone: string;
  /** First and last instant (ms) of the period, both inclusive. */
  from: number;
  to: number;
  filters?: SeriesFilterParams;
  unit?: BucketUnit;
  /** false when the role may not call `statSubscribe`: every bucket is then counted. */
  canPage?: boolean;
  /** Calls in flight at once (the hook's own limit unless told). */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface LoadedSeries {
  buckets: Bucket[];
  series: BucketCounts[];
  /** The period's own statCount. */
  totals: BucketCounts;
  plan: SeriesPlan;
  /** Calls made, the first statCount included. */
  calls: number;
}

/** As many calls at once as useSubscriptionSeries makes (src/api/subscription-series.ts). */
export const SERIES_CONCURRENCY = 4;

/**
 * The same series as useSubscriptionSeries, outside React: the same buckets, plan and
 * requests (src/lib/chart-strategy.ts), awaited in order. For the charts benchmark, scripts and
 * tests that check the strategy against a real Channel API.
 */
export async function loadSubscriptionSeries(input: LoadSeriesInput): Promise<LoadedSeries> {
  const { call, groupId, timeZone, filters, canPage = true, signal } = input;
  const limit = createLimiter(input.concurrency ?? SERIES_CONCURRENCY);
  let calls = 0;
  const ask: Call = (operation, params, options) => {
    calls += 1;
    return call(operation, params, options);
  };
  const options = { groupId, signal };

  const buckets = buildBuckets({ from: input.from, to: input.to }, timeZone, input.unit);
  const period = periodRequest(buckets, filters);
  const total = await ask("subscribers/statCount", period, options);
  const expected = total.count_subscribe + total.count_unsubscribe;
  const plan = planSeries(expected, buckets.length, canPage);
  const totals = countsOf(total.count_subscribe, total.count_unsubscribe);

  if (plan.kind === "per-bucket") {
    const counts = await Promise.all(
      buckets.map((bucket) =>
        limit(() => ask("subscribers/statCount", bucketRequest(bucket, filters), options)),
      ),
    );
    const series = counts.map((count) => countsOf(count.count_subscribe, count.count_unsubscribe));
    return { buckets, series, totals, plan, calls };
  }

  const pages: SubscriptionEvent[][] = [];
  const answered = (index: number) => pages[index];
  let wanted = plan.pages;
  while (pages.length < wanted) {
    const from = pages.length;
    const answers = await Promise.all(
      Array.from({ length: wanted - from }, (_v, i) =>
        limit(() => ask("subscribers/statSubscribe", eventPageRequest(period, from + i), options)),
      ),
    );
    for (const answer of answers) pages.push(answer.items);
    wanted = pagesToRead(plan.pages, expected, buckets.length, answered);
  }
  const series = aggregateEvents(buckets, pages.flat(), timeZone);
  return { buckets, series, totals, plan, calls };
}
