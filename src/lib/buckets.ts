import {
  endOf,
  formatApiDateTime,
  parseApiDateTime,
  toWallTime,
  type TimeUnit,
} from "@/contract/datetime";
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  formatPeriod,
  formatTime,
} from "./format";

/**
 * Chart buckets of a period, cut at the wall-time edges of the channel's zone: a day on which
 * clocks change is one bucket of 23 or 25 hours, a month one bucket of 28 to 31 days. The edges
 * come from the codec's period helpers, so they follow the same daylight-saving policy as
 * every other date of the app.
 */

export type BucketUnit = Extract<TimeUnit, "hour" | "day" | "week" | "month">;

export interface Period {
  /** First instant (ms), inclusive. */
  from: number;
  /** Last instant (ms), inclusive, as the API's `date_to` is. */
  to: number;
}

export interface Bucket {
  /** First instant (ms), inclusive. */
  start: number;
  /** First instant of the next bucket (ms), exclusive. */
  end: number;
  /** The API's `date_from` / `date_to` in the zone; `dateTo` is `end` minus one second. */
  dateFrom: string;
  dateTo: string;
  /** Short label for an axis ("23 Nov", "14:00", "Nov 2026"), in the locale given. */
  label: string;
  /** Full label for a table or a tooltip ("23 Nov 2026, 14:00", "16–22 Nov 2026"). */
  title: string;
}

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
// One hour of slack: a period of "2 days" or "92 days" may hold a 25-hour day.
const HOURS_UP_TO = 2 * DAY + HOUR;
const DAYS_UP_TO = 92 * DAY + HOUR;
const WEEKS_UP_TO = 731 * DAY + HOUR;

/** Hours up to 2 days, days up to 92 days, weeks up to 2 years, months beyond. */
export function bucketUnitFor(period: Period): BucketUnit {
  const length = period.to + SECOND - period.from;
  if (length <= HOURS_UP_TO) return "hour";
  if (length <= DAYS_UP_TO) return "day";
  if (length <= WEEKS_UP_TO) return "week";
  return "month";
}

/**
 * The buckets tiling [from, to]: the first starts at `from` and the last ends one second
 * after `to`, even when those are not on an edge, so the buckets add up to the period.
 */
export function buildBuckets(
  period: Period,
  timeZone: string,
  unit: BucketUnit = bucketUnitFor(period),
  /** The interface language of the labels (src/lib/locale.ts). */
  locale = "en",
): Bucket[] {
  const from = Math.floor(period.from / SECOND) * SECOND;
  const last = Math.floor(period.to / SECOND) * SECOND;
  if (!(from <= last)) throw new RangeError("The period ends before it starts");
  const multiDay = last + SECOND - from > DAY + HOUR;
  const buckets: Bucket[] = [];
  for (let start = from; start <= last;) {
    const next = endOf(unit, start, timeZone) + SECOND;
    const end = Math.min(next, last + SECOND);
    buckets.push({
      start,
      end,
      dateFrom: apiDateTimeOf(start, timeZone),
      dateTo: apiDateTimeOf(end - SECOND, timeZone),
      ...labels(unit, start, end, timeZone, multiDay, locale),
    });
    start = next;
  }
  return buckets;
}

/**
 * The API's wall-time form, unless the wall time occurs twice (the repeated hour of a
 * fall-back) and would be read as the earlier instant: then ISO 8601 with the offset, which
 * the API also accepts, so that no second of the period is asked for twice or never.
 */
export function apiDateTimeOf(instant: number, timeZone: string): string {
  const text = formatApiDateTime(instant, timeZone);
  if (parseApiDateTime(text, timeZone) === instant) return text;
  const w = toWallTime(instant, timeZone);
  const offsetMinutes = Math.round(
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant) / 60_000,
  );
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return (
    `${String(w.year).padStart(4, "0")}-${pad(w.month)}-${pad(w.day)}T` +
    `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The index of the bucket holding an instant, or -1 outside them all. */
export function bucketIndexAt(buckets: readonly Bucket[], instant: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bucket = buckets[mid];
    if (bucket === undefined) break;
    if (instant < bucket.start) hi = mid - 1;
    else if (instant >= bucket.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * How long after its end a bucket's counts may still change: events can be recorded late, and
 * this browser's clock may run ahead of the service's. The gateway's shared cache waits as
 * long (server/gateway/stat-cache.ts, closedAfterMs).
 */
export const SETTLE_MS = 3_600_000;

/** A bucket is closed an hour after its end: its counts can no longer change, so they are kept. */
export function isClosed(bucket: Pick<Bucket, "end">, now: number): boolean {
  return bucket.end + SETTLE_MS <= now;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function labels(
  unit: BucketUnit,
  start: number,
  end: number,
  timeZone: string,
  multiDay: boolean,
  locale: string,
) {
  switch (unit) {
    case "hour": {
      const time = formatTime(start, timeZone, locale);
      return {
        label: multiDay ? `${formatDayMonth(start, timeZone, locale)} ${time}` : time,
        title: formatDateTime(start, timeZone, locale),
      };
    }
    case "day":
      return {
        label: formatDayMonth(start, timeZone, locale),
        title: formatDate(start, timeZone, locale),
      };
    case "week":
      return {
        label: formatDayMonth(start, timeZone, locale),
        title: formatPeriod(start, end - SECOND, timeZone, locale),
      };
    case "month": {
      const month = formatMonthYear(start, timeZone, locale);
      return { label: month, title: month };
    }
    default:
      throw new RangeError(`Unknown bucket unit "${String(unit satisfies never)}"`);
  }
}
