import { stringify } from "csv-stringify/browser/esm/sync";
import type { Subscriber } from "@/contract/entities";
import { statusLabel, subscriptionNames, userIdOf, type UserIdField } from "./subscriber-format";

/**
 * The CSV of a channel's subscribers, one page at a time: the export turns each page of
 * subscribers/get into text and hands it on, so no more than one page is ever held as objects.
 */

/** Spreadsheet programs read UTF-8 (Cyrillic names) only when the file starts with a BOM. */
export const UTF8_BOM = "\uFEFF";

export interface SubscribersCsvContext {
  /** Subscription names by id (subscriptions/get); an unknown id is written as "#<id>". */
  subscriptionNames: ReadonlyMap<number, string>;
  /** The channel's user-id field; without it, whichever id a record carries. */
  userIdField?: UserIdField | undefined;
  /** The channel's time zone, named in the date column's header (API dates carry no zone). */
  timeZone?: string | undefined;
}

export function subscribersCsvHeader(timeZone?: string): string[] {
  return [
    "Record id",
    "User id",
    "First name",
    "Last name",
    "Status",
    timeZone ? `Date (${timeZone})` : "Date",
    "Subscriptions",
    "UTM",
    "Variables",
  ];
}

const API_DATE = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2}:\d{2})$/;

/** `DD.MM.YYYY HH:MM:SS` → `YYYY-MM-DD HH:MM:SS`, which spreadsheets read as a date and sort. */
export function csvDate(apiDate: string): string {
  const match = API_DATE.exec(apiDate);
  if (!match) return apiDate;
  const [, day, month, year, time] = match;
  return `${year ?? ""}-${month ?? ""}-${day ?? ""} ${time ?? ""}`;
}

const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;

function utmText(utm: Subscriber["utms"][number]): string {
  const parts = UTM_FIELDS.flatMap((field) => {
    const value = utm[field];
    return value ? [`${field}=${value}`] : [];
  });
  return parts.length > 0 ? parts.join(", ") : `utm_id=${String(utm.utm_id)}`;
}

export function subscriberCsvRow(item: Subscriber, context: SubscribersCsvContext): string[] {
  const userId = userIdOf(item, context.userIdField);
  return [
    item.id,
    userId === undefined ? "" : String(userId),
    item.first_name,
    item.last_name,
    statusLabel(item.status),
    csvDate(item.date),
    subscriptionNames(item.subscriptions, context.subscriptionNames).join("; "),
    item.utms.map(utmText).join("; "),
    item.vars.map(({ n, v }) => `${n}=${v}`).join("; "),
  ];
}

const LINE_BREAK = /[\r\n]/;

/**
 * One page of the file. The first page starts with the BOM and the header row, so that the
 * pages concatenated in order are the whole file (and an empty channel still gets a header).
 * Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * are prefixed with `'` by csv-stringify's `escape_formulas`.
 */
export function subscribersCsvPage(
  items: readonly Subscriber[],
  context: SubscribersCsvContext,
  { first }: { first: boolean },
): string {
  const records = items.map((item) => subscriberCsvRow(item, context));
  if (first) records.unshift(subscribersCsvHeader(context.timeZone));
  const text = stringify(records, {
    escape_formulas: true,
    record_delimiter: "windows",
    // With CRLF records csv-stringify quotes only a whole CRLF; a lone CR or LF in a cell
    // would still split the row in a spreadsheet, so any line break is quoted.
    quoted_match: LINE_BREAK,
  });
  return first ? UTF8_BOM + text : text;
}
