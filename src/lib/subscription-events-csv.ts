import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SubscriptionEvent } from "@/contract/entities";
import type { CsvFormat } from "./csv-options";
import { csvText } from "./csv-text";
import { userIdOf, type UserIdField } from "./subscriber-format";
import { csvDate } from "./subscribers-csv";
import { dateHeader } from "./zone-words";
import { actionLabel, nameOf, sourceLabel } from "./subscription-events";

/** The CSV of a period's subscription events, one page of statSubscribe at a time. */

export interface EventsCsvContext {
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
  userIdField?: UserIdField | undefined;
  /** The zone as people say it ("МСК (UTC+3)"), in the date column's header: API dates carry none. */
  zone: string;
  /** The separator, and the language of the header and of the words in the rows. */
  format: CsvFormat;
}

export function eventsCsvHeader(i18n: I18n, zone: string): string[] {
  return [
    dateHeader(zone, i18n),
    i18n._(msg`User id`),
    i18n._(msg`First name`),
    i18n._(msg`Last name`),
    i18n._(msg`Action`),
    i18n._(msg`Subscription id`),
    i18n._(msg`Subscription`),
    i18n._(msg`Source`),
    i18n._(msg`UTM id`),
    i18n._(msg({ message: "UTM", context: "one UTM tag" })),
    i18n._(msg`UTM source`),
    i18n._(msg`Blocked`),
  ];
}

export function eventCsvRow(event: SubscriptionEvent, context: EventsCsvContext): string[] {
  const { i18n } = context.format;
  const userId = userIdOf(event, context.userIdField);
  return [
    csvDate(event.date),
    userId === undefined ? "" : String(userId),
    event.first_name,
    event.last_name,
    actionLabel(event.action, i18n),
    String(event.subscription_id),
    nameOf(event.subscription_id, context.subscriptionNames),
    sourceLabel(event.source, i18n),
    String(event.utm_id),
    event.utm_id === 0 ? "" : nameOf(event.utm_id, context.utmNames),
    event.utm_source,
    event.ignore === 1 ? i18n._(msg`yes`) : i18n._(msg`no`),
  ];
}

/**
 * One page of the events file; the first starts with the BOM and the header, so the pages
 * concatenated in order are the whole file. Formula-like cells are neutralised (csv-text.ts).
 */
export function eventsCsvPage(
  events: readonly SubscriptionEvent[],
  context: EventsCsvContext,
  { first }: { first: boolean },
): string {
  const records = events.map((event) => eventCsvRow(event, context));
  if (first) records.unshift(eventsCsvHeader(context.format.i18n, context.zone));
  return csvText(records, { separator: context.format.separator, first });
}
