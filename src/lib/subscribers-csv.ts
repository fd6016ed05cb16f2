import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Subscriber } from "@/contract/entities";
import type { CsvFormat } from "./csv-options";
import { csvText } from "./csv-text";
import { dateHeader } from "./zone-words";
import { statusLabel, subscriptionNames, userIdOf, type UserIdField } from "./subscriber-format";

export { UTF8_BOM } from "./csv-text";

/**
 * The CSV of a channel's subscribers, one page at a time: the export turns each page of
 * subscribers/get into text and hands it on, so no more than one page is ever held as objects.
 */

export interface SubscribersCsvContext {
  /** Subscription names by id (subscriptions/get); an unknown id is written as "#<id>". */
  subscriptionNames: ReadonlyMap<number, string>;
  /** The channel's user-id field; without it, whichever id a record carries. */
  userIdField?: UserIdField | undefined;
  /**
   * The channel's zone as people say it ("МСК (UTC+3)", `formatTimeZone().label`), named in the
   * date column's header: API dates carry no zone.
   */
  zone?: string | undefined;
  /** The separator, and the language of the header and of the statuses. */
  format: CsvFormat;
}

export function subscribersCsvHeader(i18n: I18n, zone?: string): string[] {
  return [
    i18n._(msg`Record id`),
    i18n._(msg`User id`),
    i18n._(msg`First name`),
    i18n._(msg`Last name`),
    i18n._(msg`Status`),
    dateHeader(zone, i18n),
    i18n._(msg({ message: "Subscriptions", context: "subscriber's subscriptions (groups)" })),
    i18n._(msg`UTM`),
    i18n._(msg`Variables`),
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
    statusLabel(item.status, context.format.i18n),
    csvDate(item.date),
    subscriptionNames(item.subscriptions, context.subscriptionNames).join("; "),
    item.utms.map(utmText).join("; "),
    item.vars.map(({ n, v }) => `${n}=${v}`).join("; "),
  ];
}

/**
 * One page of the file. The first page starts with the BOM and the header row, so that the
 * pages concatenated in order are the whole file (and an empty channel still gets a header).
 * Formula-like cells are neutralised (csv-text.ts).
 */
export function subscribersCsvPage(
  items: readonly Subscriber[],
  context: SubscribersCsvContext,
  { first }: { first: boolean },
): string {
  const records = items.map((item) => subscriberCsvRow(item, context));
  if (first) records.unshift(subscribersCsvHeader(context.format.i18n, context.zone));
  return csvText(records, { separator: context.format.separator, first });
}
