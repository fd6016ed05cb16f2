import { stringify } from "csv-stringify/browser/esm/sync";
import {
  deliverySource,
  deliveryStatus,
  messageIds,
  type DeliveryNames,
  type DeliveryRecordFields,
} from "./delivery-format";
import { csvDate, UTF8_BOM } from "./subscribers-csv";
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
  timeZone?: string | undefined;
}

export function deliveriesCsvHeader(timeZone?: string): string[] {
  return [
    timeZone ? `Date (${timeZone})` : "Date",
    "User id",
    "Name",
    "Kind",
    "Delivery id",
    "Delivery",
    "Bot id",
    "Bot",
    "Step id",
    "Step",
    "Test run",
    "Status",
    "Error",
    "Error code",
    "Message id",
    "Part ids",
  ];
}

export function deliveryCsvRow(record: DeliveryCsvRecord, context: DeliveriesCsvContext): string[] {
  const source = deliverySource(record, context.names);
  const userId = userIdOf(record, context.userIdField);
  const ids = messageIds(record);
  const bot = source.kind === "bot" ? source : undefined;
  return [
    csvDate(record.date),
    userId === undefined ? "" : String(userId),
    personName(record),
    source.kind === "mass" ? "Mass delivery" : "Bot step",
    source.kind === "mass" ? String(source.deliveryId) : "",
    source.kind === "mass" ? source.name : "",
    bot ? String(bot.botId) : "",
    bot ? bot.botName : "",
    bot ? bot.stepId : "",
    bot ? bot.stepTitle : "",
    bot ? (bot.test ? "yes" : "no") : "",
    deliveryStatus(record).label,
    String(record.error),
    String(record.error_code),
    ids.message === undefined ? "" : String(ids.message),
    ids.parts.map(String).join(" "),
  ];
}

const LINE_BREAK = /[\r\n]/;

export function deliveriesCsvPage(
  records: readonly DeliveryCsvRecord[],
  context: DeliveriesCsvContext,
  { first }: { first: boolean },
): string {
  const rows = records.map((record) => deliveryCsvRow(record, context));
  if (first) rows.unshift(deliveriesCsvHeader(context.timeZone));
  const text = stringify(rows, {
    escape_formulas: true,
    record_delimiter: "windows",
    quoted_match: LINE_BREAK,
  });
  return first ? UTF8_BOM + text : text;
}
