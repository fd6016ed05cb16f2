import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The one way the product names the zone of the times it shows: after what it qualifies, with
 * a comma — "Date, MSK (UTC+3)", "18–24 November 2026, UTC", "Day, МСК (UTC+3)" — in every
 * table header, chart axis and caption, summary, period and CSV header. `zone` is the label of
 * `formatTimeZone` (as people say it); on a screen its IANA name goes in a title beside it
 * (src/components/zoned-text.tsx), a CSV has no hover and says the label alone.
 */
export function withZone(text: string, zone: string, i18n: I18n): string {
  return i18n._(
    msg({
      message: `${text}, ${zone}`,
      comment:
        "A heading, a period or a title, then the time zone its times are in: “Date, MSK (UTC+3)”.",
    }),
  );
}

/** A date column's header: "Date, MSK (UTC+3)" / "Дата, МСК (UTC+3)"; "Date" with no zone. */
export function dateHeader(zone: string | undefined, i18n: I18n): string {
  const date = i18n._(msg({ message: "Date", context: "a column of date-times" }));
  return zone ? withZone(date, zone, i18n) : date;
}
