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

const rowCount = new Intl.NumberFormat("en-US");

/** "1,200 of ~5,000 rows": the total is a count taken before the export, so only about. */
export function exportProgressText(rows: number, total?: number): string {
  const done = rowCount.format(rows);
  if (total === undefined) return `${done} ${rows === 1 ? "row" : "rows"}`;
  return `${done} of ~${rowCount.format(total)} rows`;
}
