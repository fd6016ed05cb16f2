import { addUnits, endOf, formatApiDateTime, startOf } from "@/contract/datetime";
import { formatPeriod } from "./format";

/** "The last n days" in a channel's zone: whole days, today included, as the API's wall times. */
export interface RecentDays {
  days: number;
  timeZone: string;
  /** First second of the first day, `DD.MM.YYYY HH:MM:SS` in the zone. */
  date_from: string;
  /** Last second of today, so the period (and the query key) stays the same all day. */
  date_to: string;
  /** The same bounds as instants (ms), for formatting. */
  start: number;
  end: number;
}

export function recentDays(days: number, now: number, timeZone: string): RecentDays {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`Expected a whole number of days, at least 1; got ${String(days)}`);
  }
  const end = endOf("day", now, timeZone);
  const start = startOf("day", addUnits("day", 1 - days, now, timeZone), timeZone);
  return {
    days,
    timeZone,
    date_from: formatApiDateTime(start, timeZone),
    date_to: formatApiDateTime(end, timeZone),
    start,
    end,
  };
}

/** The same number of whole days just before `period` (the 7 days before the last 7). */
export function daysBefore(period: RecentDays): RecentDays {
  return recentDays(period.days, period.start - 1, period.timeZone);
}

/**
 * "9–15 March 2026" / "9–15 марта 2026": the period's first and last day as the zone's calendar
 * reads them, in the interface language `locale`.
 */
export function formatDayRange(period: RecentDays, locale = "en"): string {
  return formatPeriod(period.start, period.end, period.timeZone, locale);
}
