import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import type { Db } from "../store/database";
import { statement } from "../store/statements";
import { type Context, formatDate, type Handler, type SubscriberRow, userIdField } from "./context";
import { filteredPage, hasFilters } from "./subscriber-filters/page";

interface MembershipRow {
  subscriber_id: number;
  subscription_id: number;
  created_at: number;
  source: string;
}
interface UtmRow {
  subscriber_id: number;
  utm_id: number;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
}
interface VariableRow {
  subscriber_id: number;
  name: string;
  value: string;
}

function groupBy<Row extends { subscriber_id: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const list = groups.get(row.subscriber_id);
    if (list) list.push(row);
    else groups.set(row.subscriber_id, [row]);
  }
  return groups;
}

const SELECTS = {
  memberships: `SELECT subscriber_id, subscription_id, created_at, source FROM memberships`,
  utms: `SELECT su.subscriber_id, t.id AS utm_id, t.utm_source, t.utm_medium, t.utm_campaign,
                t.utm_content, t.utm_term
           FROM subscriber_utms su JOIN utm_tags t ON t.id = su.utm_id`,
  variables: `SELECT subscriber_id, name, value FROM variables`,
} as const;
const COLUMN = {
  memberships: "subscriber_id",
  utms: "su.subscriber_id",
  variables: "subscriber_id",
};
const ORDER = {
  memberships: "",
  utms: " ORDER BY su.subscriber_id, su.utm_id",
  variables: " ORDER BY subscriber_id, name",
};

/**
 * The rows of `what` for the page's people. A dense page (ids close together, as every
 * unfiltered page is) reads the id range of each primary key, cheaper than an IN list; a sparse
 * one (a selective filter) reads exactly its people.
 */
function rowsFor<Row>(db: Db, what: keyof typeof SELECTS, ids: number[]): Row[] {
  const first = ids[0] ?? 0;
  const last = ids.at(-1) ?? -1;
  if (last - first < 4 * ids.length) {
    return statement(
      db,
      `${SELECTS[what]} WHERE ${COLUMN[what]} BETWEEN ? AND ?${ORDER[what]}`,
    ).all(first, last) as Row[];
  }
  return statement(
    db,
    `${SELECTS[what]} WHERE ${COLUMN[what]} IN (SELECT value FROM json_each(?))${ORDER[what]}`,
  ).all(JSON.stringify(ids)) as Row[];
}

function items(ctx: Context, rows: SubscriberRow[]) {
  const ids = rows.map((row) => row.id);
  const memberships = groupBy(rowsFor<MembershipRow>(ctx.db, "memberships", ids));
  for (const list of memberships.values()) {
    list.sort((a, b) => a.created_at - b.created_at || a.subscription_id - b.subscription_id);
  }
  const utms = groupBy(rowsFor<UtmRow>(ctx.db, "utms", ids));
  const variables = groupBy(rowsFor<VariableRow>(ctx.db, "variables", ids));
  const field = userIdField(ctx.channel);
  return rows.map((row) => ({
    id: String(row.id),
    date: formatDate(ctx, row.created_at),
    status: row.status,
    [field]: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    photo: row.photo,
    ignore: row.ignore,
    subscriptions: (memberships.get(row.id) ?? []).map((m) => ({
      subscription_id: m.subscription_id,
      date: formatDate(ctx, m.created_at),
      source: m.source,
    })),
    utms: (utms.get(row.id) ?? []).map(({ subscriber_id: _, ...utm }) => utm),
    vars: (variables.get(row.id) ?? []).map((v) => ({ n: v.name, v: v.value })),
  }));
}

/**
 * Keyset paging on (channel_id, id): a page costs the same at record 10 and at record 10^6.
 * With filters, the page is driven from the most selective filter's own index (see
 * subscriber-filters/page.ts), never by skipping rows with OFFSET.
 */
export const getSubscribers: Handler<"subscribers/get"> = (ctx, params) => {
  const limit = params.count ?? PAGE_SIZE_DEFAULT;
  const after = params.offset_id ? Number(params.offset_id) : 0;
  const rows = hasFilters(params)
    ? filteredPage(ctx, params, after, limit)
    : (statement(
        ctx.db,
        `SELECT id, user_id, first_name, last_name, photo, status, ignore, created_at
           FROM subscribers WHERE channel_id = ? AND id > ? ORDER BY id LIMIT ?`,
      ).all(ctx.channel.id, after, limit) as SubscriberRow[]);
  const last = rows.at(-1);
  return {
    success: true,
    offset_id: last ? String(last.id) : (params.offset_id ?? ""),
    items: items(ctx, rows),
  };
};
