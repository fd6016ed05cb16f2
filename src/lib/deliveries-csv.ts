import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CsvFormat } from "./csv-options";
import { csvText } from "./csv-text";
import {
  deliverySource,
  deliveryStatus,
  messageIds,
  type DeliveryNames,
  type DeliveryRecordFields,
} from "./delivery-format";
import { csvDate } from "./subscribers-csv";
import { dateHeader } from "./zone-words";
import { personName, userIdOf, type UserIdField } from "./subscriber-format";

/**
 * The CSV of a period's delivery records, a page at a time (see subscribers-csv.ts): the first
 * page starts with the BOM and the header, so the pages joined in order are the whole file.
 */

export interface DeliveryCsvRecord extends DeliveryRecordFields {
  date: string;
  first_name: string;
  last_name: string;
  tg_user_id?: number | undefined;
  vk_user_id?: number | undefined;
}

export interface DeliveriesCsvContext {
  names: DeliveryNames;
  userIdField?: UserIdField | undefined;
  /** The zone as people say it ("МСК (UTC+3)"), in the date column's header. */
  zone?: string | undefined;
  /** The separator, and the language of the header and of the words in the rows. */
  format: CsvFormat;
}

export function deliveriesCsvHeader(i18n: I18n, zone?: string): string[] {
  return [
    dateHeader(zone, i18n),
    i18n._(msg`User id`),
    i18n._(msg`Name`),
    i18n._(msg`Kind`),
    i18n._(msg`Delivery id`),
    i18n._(msg`Delivery`),
    i18n._(msg`Bot id`),
    i18n._(msg`Bot`),
    i18n._(msg`Step id`),
    i18n._(msg`Step`),
    i18n._(msg`Test run`),
    i18n._(msg`Status`),
    i18n._(msg`Error`),
    i18n._(msg`Error code`),
    i18n._(msg`Message id`),
    i18n._(msg`Part ids`),
  ];
}

function yesNo(value: boolean, i18n: I18n): string {
  return value ? i18n._(msg`yes`) : i18n._(msg`no`);
}

export function deliveryCsvRow(record: DeliveryCsvRecord, context: DeliveriesCsvContext): string[] {
  const { i18n } = context.format;
  const source = deliverySource(record, context.names, i18n);
  const userId = userIdOf(record, context.userIdField);
  const ids = messageIds(record);
  const bot = source.kind === "bot" ? source : undefined;
  return [
    csvDate(record.date),
    userId === undefined ? "" : String(userId),
    personName(record, i18n),
    source.kind === "mass" ? i18n._(msg`Mass delivery`) : i18n._(msg`Bot step`),
    source.kind === "mass" ? String(source.deliveryId) : "",
    source.kind === "mass" ? source.name : "",
    bot ? String(bot.botId) : "",
    bot ? bot.botName : "",
    bot ? bot.stepId : "",
    bot ? bot.stepTitle : "",
    bot ? yesNo(bot.test, i18n) : "",
    deliveryStatus(record, i18n).label,
    // Said as "Test run" is, not as the API's 0/1; a code only where there was an error.
    yesNo(record.error !== 0, i18n),
    record.error === 0 && record.error_code === 0 ? "" : String(record.error_code),
    ids.message === undefined ? "" : String(ids.message),
    ids.parts.map(String).join(" "),
  ];
}

export function deliveriesCsvPage(
  records: readonly DeliveryCsvRecord[],
  context: DeliveriesCsvContext,
  { first }: { first: boolean },
): string {
  const rows = records.map((record) => deliveryCsvRow(record, context));
  if (first) rows.unshift(deliveriesCsvHeader(context.format.i18n, context.zone));
  return csvText(rows, { separator: context.format.separator, first });
}
