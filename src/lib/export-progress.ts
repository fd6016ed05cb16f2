import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatNumber } from "./format";

/**
 * Words and names around a CSV export, kept apart from the CSV code itself (and its library),
 * which is only loaded when an export starts.
 */

/** `subscribers-<group_id>-<YYYY-MM-DD>.csv`, the date of `now` in the channel's zone. */
export function exportFileName(groupId: number, now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `subscribers-${String(groupId)}-${part("year")}-${part("month")}-${part("day")}.csv`;
}

/** "1,200 of ~5,000 rows": the total is a count taken before the export, so only about. */
export function exportProgressText(rows: number, i18n: I18n, total?: number): string {
  if (total === undefined) return i18n._(msg`${plural(rows, { one: "# row", other: "# rows" })}`);
  const done = formatNumber(rows, i18n.locale);
  return i18n._(msg`${done} of ~${plural(total, { one: "# row", other: "# rows" })}`);
}
