import { parseApiDateTime, toWallTime } from "@/contract/datetime";
import { intlTagOf } from "@/contract/session-constants";

/**
 * Numbers, dates, periods and time zones as the chosen language writes them, with `Intl` only.
 * Every function takes the interface's locale ("en", "ru") and, for instants, the zone to read
 * them in (a channel's zone: API times carry none). Pure and memoised: a table of 10,000 rows
 * builds each formatter once.
 *
 * Russian separates thousands with a no-break space ("3 500") and writes fractions with a comma
 * ("1,5"); its dates drop the "г." that `Intl` adds after the year ("18–24 ноября 2026"), as
 * Russian interfaces usually do.
 */

/** The `Intl` tag of an interface locale; any other tag is used as it is. */
export const intlTag = intlTagOf;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return memo(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(intlTag(locale), options),
  );
}

/** `kind` names the options (one key per set), so a lookup costs no serialising. */
function dateFormat(
  kind: string,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return memo(
    `d|${kind}|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlTag(locale), { ...options, timeZone }),
  );
}

/**
 * Makes the formatters every page needs first in a language (numbers, "3 minutes ago"), for
 * later calls to find in the cache. The first `Intl` object a page makes loads the browser's
 * locale data: about 20 ms of a laptop's time, 80 ms of a slow phone's, which otherwise lands
 * inside the first render of the page's data (issue 15). Done while the first requests are in
 * flight (src/main.tsx), it costs that render nothing.
 */
export function prepareFormatters(locale: string): void {
  formatNumber(0, locale);
  formatRelativeTime(0, 0, locale);
}

/** "3,500" / "3 500": a whole number (or any number, rounded as Intl does). */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** "1.5" / "1,5": at most `digits` decimals, none when they are zero. */
export function formatDecimal(value: number, locale: string, digits = 1): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** "12.5%" / "12,5 %" of a ratio (0.125). */
export function formatPercent(ratio: number, locale: string, digits = 1): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: digits }).format(ratio);
}

/** "+12%", "-50%" / "+12 %", "-50 %": a relative change (0.12, -0.5), whole percents. */
export function formatSignedPercent(ratio: number, locale: string): string {
  return numberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 0,
    signDisplay: "exceptZero",
  }).format(ratio);
}

/** Intl's hyphen-minus as the true minus sign (U+2212), as a typeset number has it. */
function withTrueMinus(parts: Intl.NumberFormatPart[]): string {
  return parts.map((part) => (part.type === "minusSign" ? "\u2212" : part.value)).join("");
}

/** "1,100", "−45" / "1 100", "−45": a number on a chart's axis, negatives with a true minus. */
export function formatAxisNumber(value: number, locale: string): string {
  return withTrueMinus(numberFormat(locale).formatToParts(value));
}

/**
 * "+12", "−3", "0": a change, signed unless it is none. A true minus sign (U+2212), as wide as
 * the plus: `Intl` writes a hyphen, which reads as a dash beside "+12" in a column.
 */
export function formatSigned(value: number, locale: string): string {
  return withTrueMinus(numberFormat(locale, { signDisplay: "exceptZero" }).formatToParts(value));
}

/**
 * Russian `Intl` writes "г." after a year; Russian interfaces leave it out. Only after the
 * year's digits: "авг." (August) ends in "г." too.
 */
function withoutYearMark(text: string, locale: string): string {
  return intlTag(locale).startsWith("ru") ? text.replace(/(\d)\s?г\./gu, "$1") : text;
}

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const LONG_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/** "24 Nov 2026" / "24 нояб. 2026". */
export function formatDate(instant: number, timeZone: string, locale: string): string {
  return withoutYearMark(dateFormat("date", locale, timeZone, DATE).format(instant), locale);
}

/** "00:42": hours and minutes, 24-hour clock. */
export function formatTime(instant: number, timeZone: string, locale: string): string {
  return dateFormat("time", locale, timeZone, TIME).format(instant);
}

/** The one date-time of the product: "24 Nov 2026, 00:42" / "24 нояб. 2026, 00:42". */
export function formatDateTime(instant: number, timeZone: string, locale: string): string {
  return withoutYearMark(
    dateFormat("date-time", locale, timeZone, { ...DATE, ...TIME }).format(instant),
    locale,
  );
}

/** With seconds, where they matter (an event's exact time): "24 Nov 2026, 00:42:07". */
export function formatDateTimeSeconds(instant: number, timeZone: string, locale: string): string {
  return withoutYearMark(
    dateFormat("date-time-seconds", locale, timeZone, {
      ...DATE,
      ...TIME,
      second: "2-digit",
    }).format(instant),
    locale,
  );
}

/**
 * An API date-time (`DD.MM.YYYY HH:MM:SS`, wall time of the channel's zone) in the product's
 * format; a text that is not one is shown as it came.
 */
export function formatApiDateTimeText(text: string, timeZone: string, locale: string): string {
  const instant = parseApiDateTime(text, timeZone);
  return instant === null ? text : formatDateTimeSeconds(instant, timeZone, locale);
}

/** A bucket's axis label: "23 Nov" / "23 нояб.". */
export function formatDayMonth(instant: number, timeZone: string, locale: string): string {
  return dateFormat("day-month", locale, timeZone, { day: "numeric", month: "short" }).format(
    instant,
  );
}

/** A month: "Nov 2026" / "нояб. 2026". */
export function formatMonthYear(instant: number, timeZone: string, locale: string): string {
  return withoutYearMark(
    dateFormat("month-year", locale, timeZone, { month: "short", year: "numeric" }).format(instant),
    locale,
  );
}

/**
 * The days of a period, both inclusive: "18–24 November 2026" / "18–24 ноября 2026", "30 October
 * – 5 November 2026", one day alone as "24 November 2026". The product's one way of writing a
 * period, wherever one is a title or a summary (figures, the period picker, chart summaries and
 * a week's row in a chart's table); only axis ticks, where room is scarce, write a bucket's
 * first day alone ("23 Nov", `formatDayMonth`).
 */
export function formatPeriod(from: number, to: number, timeZone: string, locale: string): string {
  return withoutYearMark(
    dateFormat("long-date", locale, timeZone, LONG_DATE).formatRange(from, to),
    locale,
  );
}

/**
 * How long until something may be done again, in whole minutes rounded up, as a phrase that
 * follows a verb: "in 4 minutes" / "через 4 минуты" ("Try again in 4 minutes."). Minutes only,
 * so a message saying it changes once a minute, not every second under a screen reader.
 */
export function formatWait(seconds: number, locale: string): string {
  const format = memo(
    `w|${locale}`,
    () => new Intl.RelativeTimeFormat(intlTag(locale), { numeric: "always", style: "long" }),
  );
  return format.format(Math.max(1, Math.ceil(seconds / 60)), "minute");
}

/**
 * How long something will take, rounded up to a unit a person plans with: "40 seconds",
 * "9 minutes", "2.5 hours" / "40 секунд", "9 минут", "2,5 часа".
 */
export function formatDuration(seconds: number, locale: string): string {
  const unit = (name: "second" | "minute" | "hour", digits: number) =>
    memo(
      `d|${name}|${String(digits)}|${locale}`,
      () =>
        new Intl.NumberFormat(intlTag(locale), {
          style: "unit",
          unit: name,
          unitDisplay: "long",
          maximumFractionDigits: digits,
        }),
    );
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unit("second", 0).format(whole);
  if (whole < 2 * 3600) return unit("minute", 0).format(Math.ceil(whole / 60));
  return unit("hour", 1).format(Math.ceil(whole / 360) / 10);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, its length in ms, and up to how many of it are said before the next unit
  ["second", 1000, 45],
  ["minute", 60_000, 45],
  ["hour", 3_600_000, 22],
  ["day", 86_400_000, 26],
  ["month", 2_629_800_000, 11],
  ["year", 31_557_600_000, Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" / "3 минуты назад", "yesterday" / "вчера", "in 2 hours" / "через 2 часа". */
export function formatRelativeTime(instant: number, now: number, locale: string): string {
  const format = memo(
    `r|${locale}`,
    () => new Intl.RelativeTimeFormat(intlTag(locale), { numeric: "auto" }),
  );
  const diff = instant - now;
  for (const [unit, ms, upTo] of RELATIVE_STEPS) {
    const amount = Math.round(diff / ms);
    if (Math.abs(amount) < upTo) return format.format(amount, unit);
  }
  return format.format(Math.round(diff / 31_557_600_000), "year");
}

/**
 * How long ago something happened: as formatRelativeTime, but never in the future. The server
 * stamps such times by its own clock, a little ahead of the browser's at times: "updated in 2
 * seconds" / "обновлён через 2 секунды" said a time just passed; it is "now" / "сейчас".
 */
export function formatTimeAgo(instant: number, now: number, locale: string): string {
  return formatRelativeTime(Math.min(instant, now), now, locale);
}

// ---------------------------------------------------------------------------------------------
// Time zones

const MOSCOW = "Europe/Moscow";
const UTC_ZONES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Etc/Zulu"]);

/** Zones of Russia, which Russians (and the service) name by their distance from Moscow. */
const RUSSIAN_ZONES = new Set([
  "Europe/Kaliningrad",
  "Europe/Moscow",
  "Europe/Simferopol",
  "Europe/Kirov",
  "Europe/Volgograd",
  "Europe/Astrakhan",
  "Europe/Samara",
  "Europe/Saratov",
  "Europe/Ulyanovsk",
  "Asia/Yekaterinburg",
  "Asia/Omsk",
  "Asia/Barnaul",
  "Asia/Novosibirsk",
  "Asia/Novokuznetsk",
  "Asia/Tomsk",
  "Asia/Krasnoyarsk",
  "Asia/Irkutsk",
  "Asia/Chita",
  "Asia/Yakutsk",
  "Asia/Khandyga",
  "Asia/Vladivostok",
  "Asia/Ust-Nera",
  "Asia/Magadan",
  "Asia/Sakhalin",
  "Asia/Srednekolymsk",
  "Asia/Kamchatka",
  "Asia/Anadyr",
]);

const MOSCOW_NAME: Readonly<Record<string, string>> = { en: "MSK", ru: "МСК" };
const MINUS = "\u2212";

/** Minutes the zone's clocks are ahead of UTC at the instant. */
export function zoneOffsetMinutes(timeZone: string, instant: number): number {
  const w = toWallTime(instant, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((wallAsUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** "+3", "−5", "+5:30" of an offset in minutes; "" for none. */
function offsetText(minutes: number): string {
  if (minutes === 0) return "";
  const sign = minutes < 0 ? MINUS : "+";
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `${sign}${String(hours)}${rest === 0 ? "" : `:${String(rest).padStart(2, "0")}`}`;
}

/** The zone's common abbreviation where English has one ("CET", "BST", "EST"). */
function abbreviation(timeZone: string, instant: number): string | undefined {
  for (const tag of ["en-GB", "en-US"]) {
    const name = dateFormat("zone-name", tag, timeZone, { timeZoneName: "short" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value;
    if (name !== undefined && /^[A-Z]{2,5}$/u.test(name) && name !== "UTC") return name;
  }
  return undefined;
}

export interface ZoneLabel {
  /** As people say it: "МСК (UTC+3)", "CET (UTC+1)", "UTC", "UTC+9". */
  label: string;
  /** The IANA name, for a hint or a title: "Europe/Moscow". */
  iana: string;
  /** The offset alone: "UTC+3". */
  offset: string;
}

/**
 * A channel's time zone as people say it, at an instant (summer and winter differ): Moscow as
 * "МСК" / "MSK", the other zones of Russia by their distance from Moscow ("МСК+2 (UTC+5)"),
 * zones with a well-known abbreviation by it ("CET (UTC+1)"), UTC as "UTC", anything else by
 * its offset ("UTC+9"). The IANA name comes along for a hint.
 */
export function formatTimeZone(timeZone: string, instant: number, locale: string): ZoneLabel {
  if (UTC_ZONES.has(timeZone)) return { label: "UTC", iana: timeZone, offset: "UTC" };
  let minutes: number;
  try {
    minutes = zoneOffsetMinutes(timeZone, instant);
  } catch {
    // A zone this browser does not know: its name is all there is to say.
    return { label: timeZone, iana: timeZone, offset: "" };
  }
  const offset = `UTC${offsetText(minutes)}`;
  const language = intlTag(locale).startsWith("ru") ? "ru" : "en";
  const moscow = MOSCOW_NAME[language] ?? "MSK";
  let name: string | undefined;
  if (RUSSIAN_ZONES.has(timeZone)) {
    name = `${moscow}${offsetText(minutes - zoneOffsetMinutes(MOSCOW, instant))}`;
  } else {
    name = abbreviation(timeZone, instant);
  }
  return { label: name === undefined ? offset : `${name} (${offset})`, iana: timeZone, offset };
}
