import { parseApiDateTime } from "@/contract/datetime";
import { bucketIndexAt, type Bucket } from "./buckets";

/**
 * How to fill the buckets of a subscription chart with the fewest calls. One `statCount` for
 * the whole period tells how many events there are; then either every event is read in pages
 * of 100 (`statSubscribe`) and sorted into buckets here, or each bucket gets its own
 * `statCount` — whichever takes fewer calls.
 */

export const EVENT_PAGE_SIZE = 100;

export type SeriesPlan =
  { kind: "page"; pages: number; calls: number } | { kind: "per-bucket"; calls: number };

export interface BucketCounts {
  subscribed: number;
  unsubscribed: number;
  /** subscribed − unsubscribed */
  net: number;
}

/** The event fields the aggregation needs; `action` 1 subscribed, 2 unsubscribed. */
export interface CountedEvent {
  date: string;
  action: number;
}

export function pagesFor(events: number): number {
  return Math.ceil(Math.max(0, events) / EVENT_PAGE_SIZE);
}

/** Calls for the whole chart, the first `statCount` included. */
export function seriesCost(events: number, buckets: number): number {
  return 1 + Math.min(pagesFor(events), buckets);
}

/**
 * `canPage` false (the role may not read events) leaves only the per-bucket way. Equal cost
 * goes to per-bucket: its answers are counts, smaller than pages of events, and cacheable
 * bucket by bucket.
 */
export function planSeries(events: number, buckets: number, canPage = true): SeriesPlan {
  const pages = pagesFor(events);
  if (canPage && pages < buckets) return { kind: "page", pages, calls: 1 + pages };
  return { kind: "per-bucket", calls: 1 + buckets };
}

export function countsOf(subscribed: number, unsubscribed: number): BucketCounts {
  return { subscribed, unsubscribed, net: subscribed - unsubscribed };
}

/**
 * Events into buckets; a bucket with no event is 0. The API said each event is inside the
 * period, so one whose wall time reads just outside (the repeated hour of a fall-back parses
 * to its earlier instant) goes to the nearest end bucket rather than being lost. Actions other
 * than 1 and 2 are not counted, as `statCount` does not count them.
 */
export function aggregateEvents(
  buckets: readonly Bucket[],
  events: readonly CountedEvent[],
  timeZone: string,
): BucketCounts[] {
  const subscribed = buckets.map(() => 0);
  const unsubscribed = buckets.map(() => 0);
  const first = buckets[0];
  if (first === undefined) return [];
  for (const event of events) {
    if (event.action !== 1 && event.action !== 2) continue;
    const instant = parseApiDateTime(event.date, timeZone);
    if (instant === null) throw new RangeError(`Not a date-time: ${JSON.stringify(event.date)}`);
    let index = bucketIndexAt(buckets, instant);
    if (index < 0) index = instant < first.start ? 0 : buckets.length - 1;
    const counts = event.action === 1 ? subscribed : unsubscribed;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return buckets.map((_bucket, i) => countsOf(subscribed[i] ?? 0, unsubscribed[i] ?? 0));
}

export function sumCounts(series: readonly BucketCounts[]): BucketCounts {
  let subscribed = 0;
  let unsubscribed = 0;
  for (const counts of series) {
    subscribed += counts.subscribed;
    unsubscribed += counts.unsubscribed;
  }
  return countsOf(subscribed, unsubscribed);
}
