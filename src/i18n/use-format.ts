import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import {
  formatAxisNumber,
  formatApiDateTimeText,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDecimal,
  formatDuration,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatRelativeTime,
  formatTimeAgo,
  formatSigned,
  formatSignedPercent,
  formatTime,
  formatTimeZone,
  type ZoneLabel,
} from "@/lib/format";

/** The formatters of src/lib/format.ts bound to the language shown (they follow a switch). */
export interface Formatters {
  locale: string;
  number: (value: number) => string;
  /** A chart axis's number: "−45" with a true minus. */
  axis: (value: number) => string;
  decimal: (value: number, digits?: number) => string;
  percent: (ratio: number, digits?: number) => string;
  signed: (value: number) => string;
  /** A relative change: "+12%", "-50%". */
  signedPercent: (ratio: number) => string;
  date: (instant: number, timeZone: string) => string;
  time: (instant: number, timeZone: string) => string;
  dateTime: (instant: number, timeZone: string) => string;
  dateTimeSeconds: (instant: number, timeZone: string) => string;
  /** An API date-time (`DD.MM.YYYY HH:MM:SS` in the zone) in the product's format. */
  apiDateTime: (text: string, timeZone: string) => string;
  period: (from: number, to: number, timeZone: string) => string;
  relative: (instant: number, now: number) => string;
  /** A time gone by, relative to now: never "in 2 seconds" for a clock a little ahead. */
  ago: (instant: number, now: number) => string;
  /** How long something will take: "9 minutes". */
  duration: (seconds: number) => string;
  zone: (timeZone: string, instant: number) => ZoneLabel;
}

export function formatters(locale: string): Formatters {
  return {
    locale,
    number: (value) => formatNumber(value, locale),
    axis: (value) => formatAxisNumber(value, locale),
    decimal: (value, digits) => formatDecimal(value, locale, digits),
    percent: (ratio, digits) => formatPercent(ratio, locale, digits),
    signed: (value) => formatSigned(value, locale),
    signedPercent: (ratio) => formatSignedPercent(ratio, locale),
    date: (instant, timeZone) => formatDate(instant, timeZone, locale),
    time: (instant, timeZone) => formatTime(instant, timeZone, locale),
    dateTime: (instant, timeZone) => formatDateTime(instant, timeZone, locale),
    dateTimeSeconds: (instant, timeZone) => formatDateTimeSeconds(instant, timeZone, locale),
    apiDateTime: (text, timeZone) => formatApiDateTimeText(text, timeZone, locale),
    period: (from, to, timeZone) => formatPeriod(from, to, timeZone, locale),
    relative: (instant, now) => formatRelativeTime(instant, now, locale),
    ago: (instant, now) => formatTimeAgo(instant, now, locale),
    duration: (seconds) => formatDuration(seconds, locale),
    zone: (timeZone, instant) => formatTimeZone(timeZone, instant, locale),
  };
}

/** `const f = useFormat(); f.number(3500)` → "3,500" or "3 500". */
export function useFormat(): Formatters {
  const { i18n } = useLingui();
  const { locale } = i18n;
  return useMemo(() => formatters(locale), [locale]);
}
