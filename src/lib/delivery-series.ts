import { apiDateTimeReader } from "./api-date-reader";
import { bucketIndexAt, type Bucket } from "./buckets";
import { deliveryOutcome } from "./delivery-outcome";

/**
 * Sent and failed deliveries per bucket at a known cost. `deliveries/statCount` counts records
 * but cannot tell sent from failed (it has no filter on `error`), so the split has to come from
 * the records themselves: one `statCount` for the period says how many there are, then
 * `deliveries/stat` is read in pages of 100 by its cursor, one after another, up to a cap; a
 * person may ask for more. Counting per bucket would cost as many calls and still not split.
 */

export const DELIVERY_PAGE_SIZE = 100;
/** Pages read without asking: 5,000 records, 51 calls with the count. */
export const DELIVERY_PAGES_PER_ROUND = 50;

export interface DeliveryCounts {
  sent: number;
  /** Failed with an error code or another error value, and not allowed: all not sent. */
  failed: number;
  /** Of `failed`, those the person did not allow (`error` 2). */
  notAllowed: number;
}

export function deliveryPagesFor(records: number): number {
  return Math.ceil(Math.max(0, records) / DELIVERY_PAGE_SIZE);
}

/** Pages to read for `rounds` rounds of reading; never more than the records need. */
export function plannedPages(records: number, rounds: number): number {
  return Math.min(deliveryPagesFor(records), Math.max(1, rounds) * DELIVERY_PAGES_PER_ROUND);
}

export interface DeliverySeries {
  /** Per bucket; buckets past `coveredBuckets` are partly read or not read at all. */
  counts: DeliveryCounts[];
  /** How many buckets from the first are fully counted. */
  coveredBuckets: number;
  /** Records sorted into buckets. */
  read: number;
}

interface CountedRecord {
  date: string;
  error: number;
  error_code: number;
}

const zero = (): DeliveryCounts => ({ sent: 0, failed: 0, notAllowed: 0 });

/**
 * Records (in the API's order: by time) into buckets. With `complete` false the reading
 * stopped early: every record before the last one read is in, so the buckets that end at or
 * before its instant are whole, and the others are left out as not counted. A record whose
 * wall time reads just outside the buckets (the repeated hour of a fall-back) goes to the
 * nearest end bucket, as the subscription chart does.
 */
export function aggregateDeliveries(
  buckets: readonly Bucket[],
  records: readonly CountedRecord[],
  timeZone: string,
  complete: boolean,
): DeliverySeries {
  const counts = buckets.map(zero);
  const first = buckets[0];
  if (first === undefined) return { counts, coveredBuckets: 0, read: 0 };
  let lastInstant = Number.NEGATIVE_INFINITY;
  const read = apiDateTimeReader(timeZone);
  for (const record of records) {
    const instant = read(record.date);
    if (instant === null) throw new RangeError(`Not a date-time: ${JSON.stringify(record.date)}`);
    lastInstant = Math.max(lastInstant, instant);
    let index = bucketIndexAt(buckets, instant);
    if (index < 0) index = instant < first.start ? 0 : buckets.length - 1;
    const bucket = counts[index];
    if (!bucket) continue;
    const outcome = deliveryOutcome(record);
    if (outcome === "sent") bucket.sent += 1;
    else {
      bucket.failed += 1;
      if (outcome === "not-allowed") bucket.notAllowed += 1;
    }
  }
  if (complete) return { counts, coveredBuckets: buckets.length, read: records.length };
  let covered = 0;
  while (covered < buckets.length && (buckets[covered]?.end ?? Infinity) <= lastInstant) {
    covered += 1;
  }
  return { counts, coveredBuckets: covered, read: records.length };
}

export function sumDeliveries(series: readonly DeliveryCounts[]): DeliveryCounts {
  const total = zero();
  for (const counts of series) {
    total.sent += counts.sent;
    total.failed += counts.failed;
    total.notAllowed += counts.notAllowed;
  }
  return total;
}
