import { memo } from "react";
import { parseApiDateTime } from "@/contract/datetime";
import { useFormat, type Formatters } from "@/i18n/use-format";

/**
 * An API date-time (wall time of the channel's zone, which the heading names) in the product's
 * date-time format, marked up with the instant it means so assistive tools and copy-paste get
 * it exactly. A text that is not a date-time, or a zone this browser does not know, leaves the
 * API's own text, which is still the truth.
 *
 * Memoized: a table's cells are drawn again whenever the list around them is (its pager, a
 * status line that says "updated a minute ago" every 30 s, names arriving for another column),
 * and parsing and formatting twenty dates was most of that. The language still redraws it
 * (`useFormat` reads the locale's context).
 */
export const ApiDate = memo(function ApiDate({
  value,
  timeZone,
}: {
  value: string;
  timeZone: string;
}) {
  const shown = readable(value, timeZone, useFormat());
  if (!shown) return <>{value}</>;
  return <time dateTime={shown.iso}>{shown.text}</time>;
});

function readable(value: string, timeZone: string, format: Formatters) {
  try {
    const instant = parseApiDateTime(value, timeZone);
    if (instant === null) return undefined;
    return {
      iso: new Date(instant).toISOString(),
      text: format.dateTimeSeconds(instant, timeZone),
    };
  } catch {
    return undefined;
  }
}
