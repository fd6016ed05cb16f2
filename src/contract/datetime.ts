/**
 * The API's date-time codec. The wire carries wall times (`DD.MM.YYYY HH:MM:SS`) without a
 * zone; every channel has an IANA zone (api-facts.md, "Requests"), so converting needs both.
 *
 * Daylight-saving policy, shared by every function that turns a wall time into an instant:
 * - a wall time inside a spring-forward gap moves forward by the gap's length
 *   (02:30 in a 02:00→03:00 gap is 03:30), like Temporal's "compatible";
 * - a wall time that occurs twice means the earlier instant;
 * - except that `startOf` returns the first instant of the period even when the period's
 *   first wall time falls inside a gap (midnight DST in America/Sao_Paulo, Asia/Beirut).
 * Periods (`startOf`, `endOf`) tile the time line: a day in which clocks fall back is 25 hours
 * long, and an hour repeated by a fall-back is one two-hour period, as its label is one.
 *
 * Zone offsets come from `Intl.DateTimeFormat`, so the module works unchanged in the browser
 * and in the server, and follows whatever tz data the runtime ships.
 */

export type TimeUnit = "hour" | "day" | "week" | "month" | "year";

export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The padded form responses always use; syntax only (see `isApiDateTime`). */
export const API_DATETIME_PATTERN = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/;

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{1,2}):(\d{1,2}))?$/;
// Fractional seconds are accepted and dropped: the API has second resolution, and a zoneless
// ISO text must land on the same second as the same text with an offset.
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const ISO_OFFSET = /^([+-])(\d{2}):?(\d{2})?$/;

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on wall times (no zone)

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isValidWall(w: WallTime): boolean {
  return (
    w.year >= MIN_YEAR &&
    w.year <= MAX_YEAR &&
    w.month >= 1 &&
    w.month <= 12 &&
    w.day >= 1 &&
    w.day <= daysInMonth(w.year, w.month) &&
    w.hour <= 23 &&
    w.minute <= 59 &&
    w.second <= 59
  );
}

/**
 * The wall time read as if it were UTC. Out-of-range fields roll over (hour 25 is the next
 * day), which is what the calendar arithmetic below relies on. `Date.UTC` alone would map
 * years 0..99 to 1900..1999.
 */
function wallToUtc(w: WallTime): number {
  // Date.UTC alone is exact from the year 100 on, and allocates nothing.
  if (w.year >= 100) return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const date = new Date(0);
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  date.setUTCHours(w.hour, w.minute, w.second, 0);
  return date.getTime();
}

function utcToWall(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

function isoWeekday(w: WallTime): number {
  const sundayZero = new Date(wallToUtc({ ...w, hour: 0, minute: 0, second: 0 })).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** Calendar shift: months and years clamp the day to the target month's length. */
function shiftWall(unit: TimeUnit, n: number, w: WallTime): WallTime {
  switch (unit) {
    case "hour":
      return utcToWall(wallToUtc({ ...w, hour: w.hour + n }));
    case "day":
      return utcToWall(wallToUtc({ ...w, day: w.day + n }));
    case "week":
      return utcToWall(wallToUtc({ ...w, day: w.day + 7 * n }));
    case "month": {
      const index = w.year * 12 + (w.month - 1) + n;
      const year = Math.floor(index / 12);
      const month = index - year * 12 + 1;
      return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
    }
    case "year": {
      const year = w.year + n;
      return { ...w, year, day: Math.min(w.day, daysInMonth(year, w.month)) };
    }
    default:
      throw new RangeError(`Unknown time unit "${String(unit satisfies never)}"`);
  }
}

function truncateWall(unit: TimeUnit, w: WallTime): WallTime {
  switch (unit) {
    case "hour":
      return { ...w, minute: 0, second: 0 };
    case "day":
      return { ...w, hour: 0, minute: 0, second: 0 };
    case "week":
      return shiftWall("day", 1 - isoWeekday(w), { ...w, hour: 0, minute: 0, second: 0 });
    case "month":
      return { ...w, day: 1, hour: 0, minute: 0, second: 0 };
    case "year":
      return { ...w, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
    default:
      throw new RangeError(`Unknown time unit "${String(unit satisfies never)}"`);
  }
}

// ---------------------------------------------------------------------------------------------
// Zones

// Building a formatter costs far more than using one, and every conversion needs one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached !== undefined) return cached;
  // An empty or missing zone would silently mean the runtime's own zone.
  if (typeof timeZone !== "string" || timeZone === "") throw invalidZone(timeZone);
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    throw invalidZone(timeZone);
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

function invalidZone(timeZone: unknown): RangeError {
  return new RangeError(
    `Invalid time zone ${JSON.stringify(timeZone)}: expected an IANA name such as "Europe/Moscow" or "UTC"`,
  );
}

function toEpoch(instant: number | Date): number {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  if (typeof ms !== "number" || !Number.isFinite(ms)) {
    throw new RangeError(`Invalid instant ${String(instant)}`);
  }
  return ms;
}

const OFFSET_SLOT = 15 * 60 * SECOND;
const OFFSET_DAY = 24 * 60 * 60 * SECOND;
const OFFSET_CACHE_LIMIT = 50_000;
const offsetSlots = new Map<string, Map<number, number>>();
const offsetDays = new Map<string, Map<number, number>>();

/**
 * Wall time at a whole-second instant. Intl is exact but costs microseconds a call, and a page
 * of records formats dozens of dates (each `fromWallTime` asks for five offsets); so the zone's
 * offset is remembered per UTC day whenever it is the same at both ends of the day (no zone has
 * changed its clocks twice within a day since 1970), else per 15-minute slot whenever it is the
 * same at both ends of the slot (clocks change on quarter hours in every zone since 1980; a slot
 * holding a change is never cached and always asks Intl).
 */
function wallAt(instant: number, timeZone: string): WallTime {
  const offset =
    cachedOffset(offsetDays, OFFSET_DAY, instant, timeZone) ??
    cachedOffset(offsetSlots, OFFSET_SLOT, instant, timeZone);
  if (offset === undefined) return intlWallAt(instant, timeZone);
  return utcToWall(Math.floor(instant / SECOND) * SECOND + offset);
}

/** The zone's offset through the span of `size` holding the instant, if it is one offset. */
function cachedOffset(
  cache: Map<string, Map<number, number>>,
  size: number,
  instant: number,
  timeZone: string,
): number | undefined {
  const span = Math.floor(instant / size);
  const known = cache.get(timeZone)?.get(span);
  if (known !== undefined) return known;
  const first = span * size;
  const last = first + size - SECOND;
  const atFirst = wallToUtc(intlWallAt(first, timeZone)) - first;
  const atLast = wallToUtc(intlWallAt(last, timeZone)) - last;
  if (atFirst !== atLast) return undefined;
  let spans = cache.get(timeZone);
  if (spans === undefined) {
    spans = new Map();
    cache.set(timeZone, spans);
  }
  if (spans.size >= OFFSET_CACHE_LIMIT) spans.clear();
  spans.set(span, atFirst);
  return atFirst;
}

/** Wall time at a whole-second instant; Intl drops milliseconds by flooring, as we want. */
function intlWallAt(instant: number, timeZone: string): WallTime {
  const w: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeCommonEra = false;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    switch (part.type) {
      case "era":
        beforeCommonEra = part.value.startsWith("B");
        break;
      case "year":
      case "month":
      case "day":
      case "hour":
      case "minute":
      case "second":
        w[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  if (beforeCommonEra) w.year = 1 - w.year;
  return w;
}

/** Offset (wall minus UTC) in ms at an instant, to the second. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / SECOND) * SECOND;
  return wallToUtc(wallAt(whole, timeZone)) - whole;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function toWallTime(
  instant: number | Date,
  timeZone: string,
): WallTime & { weekday: number } {
  const w = wallAt(toEpoch(instant), timeZone);
  return { ...w, weekday: isoWeekday(w) };
}

export function fromWallTime(wall: WallTime, timeZone: string): number {
  formatterFor(timeZone);
  const fields = [wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second];
  if (!fields.every(Number.isInteger)) {
    throw new RangeError(`Invalid wall time ${JSON.stringify(wall)}: fields must be integers`);
  }
  const local = wallToUtc(wall);
  if (!Number.isFinite(local))
    throw new RangeError(`Wall time out of range ${JSON.stringify(wall)}`);

  // Offsets a day either side bracket any single transition; the offset at each first guess
  // catches a second transition close by.
  const offsets = new Set([offsetAt(local - DAY, timeZone), offsetAt(local + DAY, timeZone)]);
  for (const offset of [...offsets]) offsets.add(offsetAt(local - offset, timeZone));

  let earliest = Number.POSITIVE_INFINITY;
  for (const offset of offsets) {
    const candidate = local - offset;
    if (candidate < earliest && offsetAt(candidate, timeZone) === offset) earliest = candidate;
  }
  if (earliest !== Number.POSITIVE_INFINITY) return earliest;

  // A gap: shifting by the largest offset lands before the transition, where the offset in
  // force is the one the clocks were on; reading the wall time with it moves it forward by
  // exactly the gap.
  const before = offsetAt(local - Math.max(...offsets), timeZone);
  return local - before;
}

/**
 * The first instant whose wall time is at or after `wall`. Unlike `fromWallTime`, a wall time
 * in a gap yields the transition itself, so a day whose midnight was skipped starts at 01:00.
 */
function periodStart(wall: WallTime, timeZone: string): number {
  const local = wallToUtc(wall);
  const guess = fromWallTime(wall, timeZone);
  const guessLocal = guess + offsetAt(guess, timeZone);
  if (guessLocal === local) return guess;
  // In a gap [T + before, T + after): `guess` is at or after T, `local - after` before it.
  let lo = local - offsetAt(guess, timeZone);
  let hi = guess;
  while (hi - lo > SECOND) {
    const mid = lo + Math.floor((hi - lo) / (2 * SECOND)) * SECOND;
    if (mid + offsetAt(mid, timeZone) >= local) hi = mid;
    else lo = mid;
  }
  return hi;
}

// ---------------------------------------------------------------------------------------------
// Text

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function wallFromDigits(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): WallTime | null {
  const w: WallTime = {
    year: Number(year ?? 0),
    month: Number(month ?? 0),
    day: Number(day ?? 0),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
  };
  return isValidWall(w) ? w : null;
}

function parseIsoOffset(text: string): number | null {
  if (text === "Z" || text === "z") return 0;
  const match = ISO_OFFSET.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return (match[1] === "-" ? -1 : 1) * (hours * HOUR + minutes * 60_000);
}

export function isApiDateTime(text: string): boolean {
  if (typeof text !== "string" || !API_DATETIME_PATTERN.test(text)) return false;
  return parseWallTime(text) !== null;
}

export function parseWallTime(text: string): WallTime | { instant: number } | null {
  // Request bodies reach here from every encoding the API accepts, not only from typed code.
  if (typeof text !== "string") return null;
  const trimmed = text.trim();

  const dotted = DOTTED.exec(trimmed);
  if (dotted)
    return wallFromDigits(dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]);

  const iso = ISO.exec(trimmed);
  if (!iso) return null;
  const wall = wallFromDigits(iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]);
  if (wall === null) return null;
  if (iso[7] === undefined) return wall;
  const offset = parseIsoOffset(iso[7]);
  return offset === null ? null : { instant: wallToUtc(wall) - offset };
}

export function isApiDateTimeInput(text: string): boolean {
  return parseWallTime(text) !== null;
}

export function parseApiDateTime(text: string, timeZone: string): number | null {
  // A bad zone is a configuration error, so it throws whatever form the text has.
  formatterFor(timeZone);
  const parsed = parseWallTime(text);
  if (parsed === null) return null;
  return "instant" in parsed ? parsed.instant : fromWallTime(parsed, timeZone);
}

export function formatApiDateTime(instant: number | Date, timeZone: string): string {
  const w = wallAt(toEpoch(instant), timeZone);
  // The wire form has exactly four year digits; anything else would not parse back.
  if (w.year < MIN_YEAR || w.year > MAX_YEAR) {
    throw new RangeError(
      `Instant ${String(instant)} is outside the years ${String(MIN_YEAR)}..${String(MAX_YEAR)}`,
    );
  }
  return (
    `${pad(w.day, 2)}.${pad(w.month, 2)}.${pad(w.year, 4)} ` +
    `${pad(w.hour, 2)}:${pad(w.minute, 2)}:${pad(w.second, 2)}`
  );
}

// ---------------------------------------------------------------------------------------------
// Periods

/**
 * The period holding an instant, as [start, next start). Periods are bounded by the first
 * instant of each wall-time period, so they tile the time line even where clocks turn back.
 */
function periodAround(unit: TimeUnit, instant: number, timeZone: string) {
  const t = toEpoch(instant);
  let label = truncateWall(unit, wallAt(t, timeZone));
  let start = periodStart(label, timeZone);
  for (;;) {
    const nextLabel = shiftWall(unit, 1, label);
    const next = periodStart(nextLabel, timeZone);
    if (next > t) return { start, next };
    // Clocks turned back across a boundary (Goose Bay fell back from 00:01 to 23:01, Argentina
    // by two hours): t still reads as the earlier period but comes after the next one began.
    label = nextLabel;
    start = next;
  }
}

export function startOf(unit: TimeUnit, instant: number, timeZone: string): number {
  return periodAround(unit, instant, timeZone).start;
}

export function endOf(unit: TimeUnit, instant: number, timeZone: string): number {
  return periodAround(unit, instant, timeZone).next - SECOND;
}

export function addUnits(unit: TimeUnit, n: number, instant: number, timeZone: string): number {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Expected a whole number of units, got ${String(n)}`);
  }
  const ms = toEpoch(instant);
  const subSecond = ms - Math.floor(ms / SECOND) * SECOND;
  return fromWallTime(shiftWall(unit, n, wallAt(ms, timeZone)), timeZone) + subSecond;
}
