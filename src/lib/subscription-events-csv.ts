import { stringify } from "csv-stringify/browser/esm/sync";
import type { SubscriptionEvent } from "@/contract/entities";
import { userIdOf, type UserIdField } from "./subscriber-format";
import { csvDate, UTF8_BOM } from "./subscribers-csv";
import { actionLabel, nameOf } from "./subscription-events";

/** The CSV of a period's subscription events, one page of statSubscribe at a time. */

export interface EventsCsvContext {
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
  userIdField?: UserIdField | undefined;
  /** Named in the date column's header: API dates carry no zone. */
  timeZone: string;
}

export function eventsCsvHeader(timeZone: string): string[] {
  return [
    `Date (${timeZone})`,
    "User id",
    "First name",
    "Last name",
    "Action",
    "Subscription id",
    "Subscription",
    "Source",
    "UTM id",
    "UTM",
    "UTM source",
    "Blocked",
  ];
}

export function eventCsvRow(event: SubscriptionEvent, context: EventsCsvContext): string[] {
  const userId = userIdOf(event, context.userIdField);
  return [
    csvDate(event.date),
    userId === undefined ? "" : String(userId),
    event.first_name,
    event.last_name,
    actionLabel(event.action),
    String(event.subscription_id),
    nameOf(event.subscription_id, context.subscriptionNames),
    event.source,
    String(event.utm_id),
    event.utm_id === 0 ? "" : nameOf(event.utm_id, context.utmNames),
    event.utm_source,
    event.ignore === 1 ? "yes" : "no",
  ];
}

const LINE_BREAK = /[\r\n]/;

/**
 * One page of the events file; the first starts with the BOM and the header, so the pages
 * concatenated in order are the whole file. Formula-like cells are escaped (`escape_formulas`).
 */
export function eventsCsvPage(
  events: readonly SubscriptionEvent[],
  context: EventsCsvContext,
  { first }: { first: boolean },
): string {
  const records = events.map((event) => eventCsvRow(event, context));
  if (first) records.unshift(eventsCsvHeader(context.timeZone));
  const text = stringify(records, {
    escape_formulas: true,
    record_delimiter: "windows",
    quoted_match: LINE_BREAK,
  });
  return first ? UTF8_BOM + text : text;
}
