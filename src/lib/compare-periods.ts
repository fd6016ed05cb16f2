import {
  daysBetween,
  parseDay,
  resolvePeriod,
  type DayText,
  type PeriodChoice,
  type ResolvedPeriod,
} from "./period";

/**
 * Comparing a figure with the period before: which period that is, and how the figure changed.
 * Pure; the pages say the change in words and colour.
 */

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day `days` calendar days from `day` (negative: before). */
function shiftDay(day: DayText, days: number): DayText {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a day: ${JSON.stringify(day)}`);
  const shifted = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Whole calendar months from the first day to the last, or 0 when the days are not such. */
function wholeMonths(firstDay: DayText, lastDay: DayText): number {
  const a = parseDay(firstDay);
  const b = parseDay(lastDay);
  if (!a || !b || a.day !== 1 || b.day !== lastDayOfMonth(b.year, b.month)) return 0;
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}

/** The same day `months` calendar months away (negative: before), kept within its month. */
function shiftMonths(day: DayText, months: number): DayText {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a day: ${JSON.stringify(day)}`);
  const start = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(start / 12);
  const month = (start % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d.day, lastDayOfMonth(year, month)))}`;
}

/** Presets that run from the start of the month or year to today, and their step back. */
const TO_DATE: Partial<Record<PeriodChoice["preset"], number>> = {
  "this-month": 1,
  "this-year": 12,
};

/** Presets of a number of days ending today: compared as days, whatever the dates they cover. */
const ROLLING: ReadonlySet<PeriodChoice["preset"]> = new Set(["7d", "30d", "90d"]);

/** Whole calendar months the period is meant as, or 0: never a rolling preset's days. */
function monthsMeant(period: ResolvedPeriod): number {
  return ROLLING.has(period.choice.preset) ? 0 : wholeMonths(period.firstDay, period.lastDay);
}

/**
 * The period of the same length that ends where `period` starts, in the same zone: the same
 * number of days before it; or, for whole calendar months ("Previous month", a custom range of
 * 1 October to 31 October), the same number of whole months before, so that October is compared
 * with September and not with 31 days that straddle August. "30 days" stays 30 days even when
 * they happen to be a whole month (on 30 November, 1–30 November): compared with 2–31 October,
 * as the channel's page compares its 30 days, not with the 31 days of October. "This month" and
 * "This year" are compared with the same days of the month or year before (1–17 December with
 * 1–17 November; the year to 30 November with 1 January – 30 November; on a month's last day,
 * to that month's last day: 31 March's month with 1–28 February).
 */
export function previousPeriod(period: ResolvedPeriod): ResolvedPeriod {
  const months = monthsMeant(period);
  const toDate = TO_DATE[period.choice.preset];
  let from: DayText;
  let to: DayText;
  if (toDate !== undefined) {
    // "This month" on the 17th: the 1st to the 17th of the month before, not the 17 days before
    // (14 to 30 November); "This year" to 1 December: 1 January to 1 December of the year before.
    // On a month's last day, to the last day of that month before (the whole of February).
    from = shiftMonths(period.firstDay, -toDate);
    to = shiftMonths(period.lastDay, -toDate);
    const last = parseDay(period.lastDay);
    const before = parseDay(to);
    if (last && before && last.day === lastDayOfMonth(last.year, last.month)) {
      to = `${to.slice(0, 8)}${pad(lastDayOfMonth(before.year, before.month))}`;
    }
  } else if (months > 0) {
    const first = parseDay(period.firstDay);
    if (!first) throw new RangeError(`Not a day: ${JSON.stringify(period.firstDay)}`);
    const start = first.year * 12 + (first.month - 1) - months;
    const year = Math.floor(start / 12);
    const month = (start % 12) + 1;
    from = `${pad(year, 4)}-${pad(month)}-01`;
    to = shiftDay(period.firstDay, -1);
  } else {
    const days = daysBetween(period.firstDay, period.lastDay);
    to = shiftDay(period.firstDay, -1);
    from = shiftDay(period.firstDay, -days);
  }
  return resolvePeriod({ preset: "custom", from, to }, period.from, period.timeZone);
}

/**
 * How a figure changed against the period before:
 * - `up` / `down`: by `ratio` of the old value (0.12 is +12 %, -0.5 is −50 %);
 * - `same`: no change (both may be 0);
 * - `new`: from 0 to something (a ratio would be infinite);
 * - `none`: nothing to compare (no old value, or a figure that has none, as a rate of 0 people).
 */
export type Change =
  { kind: "up" | "down"; ratio: number } | { kind: "same" } | { kind: "new" } | { kind: "none" };

export function compareValues(current: number | undefined, previous: number | undefined): Change {
  if (
    current === undefined ||
    previous === undefined ||
    !Number.isFinite(current) ||
    !Number.isFinite(previous)
  ) {
    return { kind: "none" };
  }
  if (current === previous) return { kind: "same" };
  // From 0 no ratio exists: something new, or (a net figure gone negative) nothing to say.
  if (previous === 0) return current > 0 ? { kind: "new" } : { kind: "none" };
  const ratio = (current - previous) / Math.abs(previous);
  return { kind: ratio > 0 ? "up" : "down", ratio };
}

/**
 * How a rate changed, in percentage points: a rate from 0 % to 5 % rose by 5 points (no "new":
 * a rate of 0 % is a value, unlike a count of nothing); `points` 0.05 is +5 p.p.
 */
export type RateChange =
  { kind: "up" | "down"; points: number } | { kind: "same" } | { kind: "none" };

export function compareRates(
  current: number | undefined,
  previous: number | undefined,
): RateChange {
  if (
    current === undefined ||
    previous === undefined ||
    !Number.isFinite(current) ||
    !Number.isFinite(previous)
  ) {
    return { kind: "none" };
  }
  const points = current - previous;
  if (points === 0) return { kind: "same" };
  return { kind: points > 0 ? "up" : "down", points };
}

/**
 * Whether a change is good news, for its colour: more subscribers is good, a higher unsubscribe
 * rate is bad (`higherIsBetter` false).
 */
export function changeTone(
  change: Change | RateChange,
  higherIsBetter = true,
): "good" | "bad" | "neutral" {
  if (change.kind === "new") return higherIsBetter ? "good" : "bad";
  if (change.kind !== "up" && change.kind !== "down") return "neutral";
  return (change.kind === "up") === higherIsBetter ? "good" : "bad";
}

/** What a chart is compared with: nothing, the period before, or the same days a year before. */
export const COMPARE_MODES = ["none", "previous", "year"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** The same calendar day a year before; 29 February becomes 28 February. */
function yearBeforeDay(day: DayText, lastOfMonth: boolean): DayText {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a day: ${JSON.stringify(day)}`);
  const year = d.year - 1;
  const last = lastDayOfMonth(year, d.month);
  // The last day of a month stays the last (28 February 2025 → 29 February 2024), so that a
  // whole month is compared with the whole month.
  const dayOfMonth = lastOfMonth ? last : Math.min(d.day, last);
  return `${pad(year, 4)}-${pad(d.month)}-${pad(dayOfMonth)}`;
}

/**
 * The same days a year before, in the same zone: 1–30 November 2026 → 1–30 November 2025. A
 * day that year lacks (29 February) becomes the month's last; whole calendar months stay whole
 * months, so February 2025 (28 days) is compared with February 2024 (29 days).
 */
export function yearBeforePeriod(period: ResolvedPeriod): ResolvedPeriod {
  const from = yearBeforeDay(period.firstDay, false);
  const to = yearBeforeDay(period.lastDay, monthsMeant(period) > 0);
  return resolvePeriod({ preset: "custom", from, to }, period.from, period.timeZone);
}

/** The period a chart is compared with, or undefined for none. */
export function comparedPeriod(
  period: ResolvedPeriod,
  mode: CompareMode,
): ResolvedPeriod | undefined {
  if (mode === "previous") return previousPeriod(period);
  if (mode === "year") return yearBeforePeriod(period);
  return undefined;
}

/**
 * The compared series beside the current one, by position: the first bucket of the period
 * with the first of the compared period, and so on (the days are not the same, the place in
 * the period is). A position the compared period lacks (31 October against 30 September) is
 * undefined; compared buckets past the current period's last are left out.
 */
export function alignByPosition<T>(
  current: readonly unknown[],
  compared: readonly T[],
): (T | undefined)[] {
  return current.map((_value, i) => compared[i]);
}
