import { parseApiDateTime } from "../../../src/contract/datetime";
import type { SegmentFilters } from "../../../src/contract/subscriber-filters";
import type { GatewayDb } from "./database";

/** A filter the count cannot read (a date that is not one): the field, and why. */
export class CountFilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the count needs of a segment: only filters the directory keeps (directory-count-rule.ts). */
export type CountableFilters = Pick<
  SegmentFilters,
  | "vk_user_id"
  | "tg_user_id"
  | "date_first_from"
  | "date_first_to"
  | "subscription_id"
  | "ignore_subscription_id"
  | "source"
>;

const list = (value: number | number[]) => JSON.stringify(Array.isArray(value) ? value : [value]);

/** A subscription of the person's record (JSON as the API sent it) matching a JSON list. */
const membership = (field: "subscription_id" | "source") =>
  `EXISTS (SELECT 1 FROM json_each(p.subscriptions) m
            WHERE json_extract(m.value, '$.${field}') IN (SELECT value FROM json_each(?)))`;

/**
 * The instant of an API date-time as subscribers/get reads it: in the channel's zone, to the
 * second (the local Channel API compares whole seconds, and so does the record's date).
 */
function second(text: string, field: string, timeZone: string): number {
  const instant = parseApiDateTime(text, timeZone);
  if (instant === null) throw new CountFilterError(field, `${field}: expected DD.MM.YYYY HH:MM:SS`);
  return Math.floor(instant / 1000) * 1000;
}

/**
 * How many people of the directory (not flagged as left) the filters list, with the meanings of
 * subscribers/get (src/contract/subscriber-filters.ts): AND across filters, a list matches any
 * of its values, ids of another channel match nobody (`ignore_subscription_id`: everybody).
 * `userIdField`: the channel's kind of user id; the caller refuses the other kind.
 */
export function countPeople(
  db: GatewayDb,
  dirId: number,
  timeZone: string,
  filters: CountableFilters,
): number {
  const where = ["p.dir_id = ?", "p.left_at IS NULL"];
  const args: (number | string)[] = [dirId];
  const ids = filters.vk_user_id ?? filters.tg_user_id;
  if (ids !== undefined) {
    where.push("p.user_id IN (SELECT value FROM json_each(?))");
    args.push(list(ids));
  }
  const { date_first_from: from, date_first_to: to } = filters;
  if (from !== undefined || to !== undefined) {
    const start =
      from === undefined ? Number.MIN_SAFE_INTEGER : second(from, "date_first_from", timeZone);
    const end = to === undefined ? Number.MAX_SAFE_INTEGER : second(to, "date_first_to", timeZone);
    if (start > end) {
      throw new CountFilterError(
        "date_first_from",
        "date_first_from must not be after date_first_to",
      );
    }
    // The index by date (partial: people not flagged as left) answers this part.
    where.push("p.date_at BETWEEN ? AND ?");
    args.push(start, end);
  }
  if (filters.subscription_id !== undefined) {
    where.push(membership("subscription_id"));
    args.push(JSON.stringify(filters.subscription_id));
  }
  if (filters.ignore_subscription_id !== undefined) {
    where.push(`NOT ${membership("subscription_id")}`);
    args.push(JSON.stringify(filters.ignore_subscription_id));
  }
  if (filters.source !== undefined) {
    where.push(membership("source"));
    args.push(JSON.stringify(filters.source));
  }
  const row = db
    .prepare(`SELECT count(*) AS n FROM directory_people p WHERE ${where.join(" AND ")}`)
    .get(...args) as { n: number };
  return row.n;
}
