import { buildBuckets, type Bucket, type BucketUnit } from "@/lib/buckets";
import {
  aggregateDeliveries,
  DELIVERY_PAGE_SIZE,
  plannedPages,
  type DeliverySeries,
} from "@/lib/delivery-series";
import type { RequestOf } from "@/contract/operations";
import type { Call } from "./client";

export interface LoadDeliverySeriesInput {
  call: Call;
  groupId: number;
  timeZone: string;
  /** First and last instant (ms) of the period, both inclusive. */
  from: number;
  to: number;
  /** The period and filters, as the deliveries page asks (its `deliveryParams`). */
  params: RequestOf<"deliveries/statCount">;
  /** A compared period's: the current chart's unit. */
  unit?: BucketUnit;
  /** Rounds of pages read ("read more" pressed rounds − 1 times). */
  rounds?: number;
}

export interface LoadedDeliverySeries {
  buckets: Bucket[];
  series: DeliverySeries;
  /** The period's statCount. */
  total: number;
  complete: boolean;
  /** Calls made, the statCount included. */
  calls: number;
}

/**
 * The deliveries chart's series as the page's useDeliverySeries reads it, outside React: the
 * period's statCount, then deliveries/stat pages of 100 by cursor, one after another, up to
 * the round's cap (src/lib/delivery-series.ts). For the charts benchmark.
 */
export async function loadDeliverySeries(
  input: LoadDeliverySeriesInput,
): Promise<LoadedDeliverySeries> {
  const { call, groupId, timeZone, from, to, params, unit, rounds = 1 } = input;
  const options = { groupId };
  const { count } = await call("deliveries/statCount", params, options);
  let calls = 1;
  const planned = plannedPages(count, rounds);
  const records: { date: string; error: number; error_code: number }[] = [];
  let cursor = "";
  let more = count > 0;
  for (let pages = 0; more && pages < planned; pages++) {
    const page = await call(
      "deliveries/stat",
      { ...params, count: DELIVERY_PAGE_SIZE, ...(cursor ? { offset_id: cursor } : {}) },
      options,
    );
    calls += 1;
    records.push(...page.items);
    // The hook's getNextPageParam: a full page with a new cursor has a next one.
    const next = page.offset_id ?? "";
    more = page.items.length === DELIVERY_PAGE_SIZE && next !== "" && next !== cursor;
    cursor = next;
  }
  const complete = count === 0 || !more || records.length >= count;
  const buckets = buildBuckets({ from, to }, timeZone, unit);
  return {
    buckets,
    series: aggregateDeliveries(buckets, records, timeZone, complete),
    total: count,
    complete,
    calls,
  };
}
