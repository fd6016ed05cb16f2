import { OFFSET_MAX } from "@/contract/common";
import { apiDateTimeReader } from "./api-date-reader";
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
  const read = apiDateTimeReader(timeZone);
  for (const event of events) {
    if (event.action !== 1 && event.action !== 2) continue;
    const instant = read(event.date);
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

// ---------------------------------------------------------------------------------------------
// The requests of a series, shared by the React hook (src/api/subscription-series.ts) and the
// plain loader (src/api/load-subscription-series.ts), so that both plan the same calls and a
// page or bucket one has asked for is the same query for the other.

/** The API's filters a series may carry (subscribers/statCount and statSubscribe take them). */
export interface SeriesFilterParams {
  subscription_id?: number[] | undefined;
  utm_id?: number[] | undefined;
  vk_user_id?: number | number[] | undefined;
  tg_user_id?: number | number[] | undefined;
}

export interface PeriodRequest extends SeriesFilterParams {
  date_from: string;
  date_to: string;
}

/** The whole period's request: from the first bucket's start to the last bucket's end. */
export function periodRequest(
  buckets: readonly Bucket[],
  filters: SeriesFilterParams = {},
): PeriodRequest {
  return {
    date_from: buckets[0]?.dateFrom ?? "",
    date_to: buckets[buckets.length - 1]?.dateTo ?? "",
    ...filters,
  };
}

/** The request of one bucket's own statCount. */
export function bucketRequest(bucket: Bucket, filters: SeriesFilterParams = {}): PeriodRequest {
  return { date_from: bucket.dateFrom, date_to: bucket.dateTo, ...filters };
}

/** The `index`th page of 100 events of the period (statSubscribe, offset paging). */
export function eventPageRequest(period: PeriodRequest, index: number) {
  return { ...period, count: EVENT_PAGE_SIZE, offset: index * EVENT_PAGE_SIZE };
}

/** The furthest page `offset` can reach (the contract caps it at 100,000). */
export const EVENT_PAGES_MAX = Math.floor(OFFSET_MAX / EVENT_PAGE_SIZE) + 1;

/**
 * How many pages of events to read, given the plan and the pages answered so far (`answered`
 * gives a page's events by index, `undefined` for one not yet answered). Normally the planned pages; but the service may
 * return events whose action statCount does not count, and those can fill the planned pages
 * before every counted event is read. Then read on, one page at a time, only while the last
 * page was full and the counted events fall short of statCount's total, and never past the
 * cost of counting per bucket (so a total that is a multiple of 100 costs no extra call).
 */
export function pagesToRead(
  plannedPages: number,
  expected: number,
  buckets: number,
  answered: (index: number) => readonly CountedEvent[] | undefined,
): number {
  let pages = plannedPages;
  const limit = Math.min(buckets, EVENT_PAGES_MAX);
  let counted = 0;
  for (let index = 0; index < pages; index++) {
    const page = answered(index);
    if (page === undefined) break;
    counted += page.filter((event) => event.action === 1 || event.action === 2).length;
    const lastPlanned = index === pages - 1;
    if (lastPlanned && page.length === EVENT_PAGE_SIZE && counted < expected && pages < limit) {
      pages += 1;
    }
  }
  return pages;
}
