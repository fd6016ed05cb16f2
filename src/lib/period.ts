import { addUnits, endOf, fromWallTime, startOf, toWallTime } from "@/contract/datetime";
import { apiDateTimeOf, type Period } from "./buckets";
import { formatPeriod } from "./format";

/**
 * The period of a statistics page: a preset or a custom range of whole days, always read in
 * the channel's time zone, and its one-key form in the URL (`?period=30d`,
 * `?period=2026-11-01..2026-11-15`). Pure: the caller passes `now` and the zone.
 */

export const periodPresets = [
  "today",
  "7d",
  "30d",
  "90d",
  "this-month",
  "previous-month",
  "this-year",
] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/** A calendar day, `YYYY-MM-DD`, as `<input type="date">` writes it. */
export type DayText = string;

export type PeriodChoice =
  | { preset: PeriodPreset }
  | {
      preset: "custom";
      /** First day, inclusive. */
      from: DayText;
      /** Last day, inclusive. */
      to: DayText;
    };

export interface ResolvedPeriod extends Period {
  choice: PeriodChoice;
  timeZone: string;
  /**
   * `from` and `to` as the API's `date_from` / `date_to` in the zone: wall time, or ISO 8601
   * with the offset where the wall time occurs twice (`apiDateTimeOf`, src/lib/buckets.ts).
   */
  dateFrom: string;
  dateTo: string;
  /** First and last calendar day in the zone. */
  firstDay: DayText;
  lastDay: DayText;
}

/** The longest custom range, so that a hand-edited URL cannot ask for centuries of buckets. */
export const MAX_RANGE_DAYS = 3_660;
/** The earliest day a custom range may start on. */
export const MIN_DAY: DayText = "2000-01-01";

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const RANGE_TEXT = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;
const DAY_MS = 86_400_000;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function parseDay(text: string): CalendarDay | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(year, month - 1, day);
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

export function isDayText(text: string): boolean {
  return parseDay(text) !== null;
}

/** The calendar day of an instant in the zone. */
export function dayOf(instant: number, timeZone: string): DayText {
  const w = toWallTime(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Whole days from `from` to `to`, both counted (1 for the same day; ≤ 0 when reversed). */
export function daysBetween(from: DayText, to: DayText): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return Number.NaN;
  return (
    Math.round(
      (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
    ) + 1
  );
}

/** First instant of a calendar day in the zone (01:00 where midnight was skipped). */
function startOfDay(day: DayText, timeZone: string): number {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a day: ${JSON.stringify(day)}`);
  // Noon is never in a gap, so its day's start is the day's true first instant.
  const noon = fromWallTime({ ...d, hour: 12, minute: 0, second: 0 }, timeZone);
  return startOf("day", noon, timeZone);
}

/** Last second of a calendar day in the zone. */
function endOfDay(day: DayText, timeZone: string): number {
  return endOf("day", startOfDay(day, timeZone), timeZone);
}

/** Why a custom range is refused; the period picker says it in words. */
export type RangeProblem =
  | "first-missing"
  | "last-missing"
  | "too-early"
  | "first-after-today"
  | "last-before-first"
  | "last-after-today"
  | "too-long";

/** Why a custom range is refused, or null when it is fine; `today` bounds its end. */
export function customRangeProblem(
  from: DayText,
  to: DayText,
  today?: DayText,
): { field: "from" | "to"; problem: RangeProblem } | null {
  if (!isDayText(from)) return { field: "from", problem: "first-missing" };
  if (!isDayText(to)) return { field: "to", problem: "last-missing" };
  if (from < MIN_DAY) return { field: "from", problem: "too-early" };
  if (today !== undefined && from > today) return { field: "from", problem: "first-after-today" };
  if (to < from) return { field: "to", problem: "last-before-first" };
  if (today !== undefined && to > today) return { field: "to", problem: "last-after-today" };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { field: "to", problem: "too-long" };
  return null;
}

/**
 * The instants of a choice in the zone: whole days, from the first second of the first day to
 * the last second of the last. Rolling presets end today, today included ("7 days" is today
 * and the 6 days before); "This month" and "This year" end today too, so that no empty future
 * buckets are drawn; "Previous month" is the whole month before this one.
 */
export function resolvePeriod(choice: PeriodChoice, now: number, timeZone: string): ResolvedPeriod {
  const today = dayOf(now, timeZone);
  let firstDay: DayText;
  let lastDay: DayText = today;
  switch (choice.preset) {
    case "today":
      firstDay = today;
      break;
    case "7d":
    case "30d":
    case "90d": {
      const days = Number.parseInt(choice.preset, 10);
      firstDay = dayOf(addUnits("day", 1 - days, startOfDay(today, timeZone), timeZone), timeZone);
      break;
    }
    case "this-month":
      firstDay = `${today.slice(0, 8)}01`;
      break;
    case "previous-month": {
      const start = startOf("month", now, timeZone);
      const previous = startOf("month", start - 1000, timeZone);
      firstDay = dayOf(previous, timeZone);
      lastDay = dayOf(start - 1000, timeZone);
      break;
    }
    case "this-year":
      firstDay = `${today.slice(0, 4)}-01-01`;
      break;
    case "custom":
      firstDay = choice.from;
      lastDay = choice.to;
      break;
    default:
      throw new RangeError(`Unknown period ${JSON.stringify(choice satisfies never)}`);
  }
  const from = startOfDay(firstDay, timeZone);
  const to = endOfDay(lastDay, timeZone);
  if (!(from <= to))
    throw new RangeError(`The period ${firstDay}..${lastDay} ends before it starts`);
  return {
    choice,
    timeZone,
    from,
    to,
    // With the offset where the wall time occurs twice (a fall-back at midnight), so that the
    // API reads the instant meant and not the earlier one.
    dateFrom: apiDateTimeOf(from, timeZone),
    dateTo: apiDateTimeOf(to, timeZone),
    firstDay,
    lastDay,
  };
}

/**
 * "1–23 November 2026" / "1–23 ноября 2026", or one day, as the zone's calendar reads them, in
 * the interface language `locale` (src/lib/format.ts).
 */
export function formatPeriodDays(period: ResolvedPeriod, locale = "en"): string {
  return formatPeriod(period.from, period.to, period.timeZone, locale);
}

// ---------------------------------------------------------------------------------------------
// URL codec: one key, `period`

export const PERIOD_PARAM = "period";

/** The URL's text for a choice: a preset's id, or `first..last` for a custom range. */
export function periodToText(choice: PeriodChoice): string {
  return choice.preset === "custom" ? `${choice.from}..${choice.to}` : choice.preset;
}

/** The choice a URL text names, or null for anything malformed or out of bounds. */
export function periodFromText(text: string | null | undefined): PeriodChoice | null {
  if (typeof text !== "string") return null;
  if ((periodPresets as readonly string[]).includes(text)) {
    return { preset: text as PeriodPreset };
  }
  const [, from, to] = RANGE_TEXT.exec(text) ?? [];
  if (from === undefined || to === undefined) return null;
  if (customRangeProblem(from, to) !== null) return null;
  return { preset: "custom", from, to };
}

/** The choice in the URL; a missing or bad value reads as the fallback preset. */
export function readPeriodParam(
  params: URLSearchParams,
  fallback: PeriodPreset = "30d",
): PeriodChoice {
  return periodFromText(params.get(PERIOD_PARAM)) ?? { preset: fallback };
}

/** The query string with the choice written in, every other key kept; the fallback is left out. */
export function writePeriodParam(
  params: URLSearchParams,
  choice: PeriodChoice,
  fallback: PeriodPreset = "30d",
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PERIOD_PARAM);
  if (choice.preset !== fallback) next.set(PERIOD_PARAM, periodToText(choice));
  return next;
}

export function samePeriodChoice(a: PeriodChoice, b: PeriodChoice): boolean {
  return periodToText(a) === periodToText(b);
}
