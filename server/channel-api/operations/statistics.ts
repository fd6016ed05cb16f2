import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { statement } from "../store/statements";
import { type Context, formatDate, type Handler, period, userIdField, userIds } from "./context";

interface EventFilterParams {
  date_from: string;
  date_to: string;
  subscription_id?: number[] | undefined;
  utm_id?: number[] | undefined;
  vk_user_id?: number | number[] | undefined;
  tg_user_id?: number | number[] | undefined;
}

interface Filters {
  /** 1 or 2: only that action; absent or 0: both. */
  action?: number | undefined;
  subscriptions?: string | undefined;
  utms?: string | undefined;
  people?: string | undefined;
  taggedOnly: boolean;
}

/**
 * The filters of api-facts.md as JSON arrays, so the SQL text (and its prepared statement)
 * depends only on which are given. `delivery_id` does not apply to subscription events and is
 * ignored.
 */
function filtersOf(
  ctx: Context,
  params: EventFilterParams & { action?: number | undefined },
  taggedOnly: boolean,
): Filters {
  const people = userIds(ctx, params);
  return {
    action: params.action === 0 ? undefined : params.action,
    subscriptions:
      params.subscription_id === undefined ? undefined : JSON.stringify(params.subscription_id),
    utms: params.utm_id === undefined ? undefined : JSON.stringify(params.utm_id),
    people: people === undefined ? undefined : JSON.stringify(people),
    taggedOnly,
  };
}

/** WHERE clause over subscription_events `e` for [from, to] (unix seconds) and the filters. */
function eventWhere(ctx: Context, from: number, to: number, filters: Filters) {
  const where = ["e.channel_id = ?", "e.at BETWEEN ? AND ?"];
  const args: unknown[] = [ctx.channel.id, from, to];
  if (filters.taggedOnly) where.push("e.utm_id IS NOT NULL");
  if (filters.action !== undefined) {
    where.push("e.action = ?");
    args.push(filters.action);
  }
  if (filters.subscriptions !== undefined) {
    where.push("e.subscription_id IN (SELECT value FROM json_each(?))");
    args.push(filters.subscriptions);
  }
  if (filters.utms !== undefined) {
    where.push("e.utm_id IN (SELECT value FROM json_each(?))");
    args.push(filters.utms);
  }
  if (filters.people !== undefined) {
    where.push(
      `e.subscriber_id IN (SELECT id FROM subscribers WHERE channel_id = ?
                             AND user_id IN (SELECT value FROM json_each(?)))`,
    );
    args.push(ctx.channel.id, filters.people);
  }
  return { sql: where.join(" AND "), args };
}

interface ActionCounts {
  subscribed: number;
  unsubscribed: number;
}

const HOUR = 3600;

/**
 * Subscribe and unsubscribe events in the period, per UTM tag (`byUtm`) or in all (key 0).
 * Whole UTC hours inside the period come from the hourly rollup `event_counts`; the parts of
 * hours at its two ends, and any filter by person, are counted from the events themselves.
 */
function countEvents(
  ctx: Context,
  params: EventFilterParams,
  options: { taggedOnly: boolean; byUtm: boolean },
): Map<number, ActionCounts> {
  const { from, to } = period(ctx, params);
  const filters = filtersOf(ctx, params, options.taggedOnly);
  const totals = new Map<number, ActionCounts>();
  const add = (rows: { utm_id: number; subscribed: number; unsubscribed: number }[]) => {
    for (const row of rows) {
      const total = totals.get(row.utm_id) ?? { subscribed: 0, unsubscribed: 0 };
      total.subscribed += row.subscribed;
      total.unsubscribed += row.unsubscribed;
      totals.set(row.utm_id, total);
    }
  };
  const scan = (start: number, end: number) => {
    if (start > end) return;
    const { sql, args } = eventWhere(ctx, start, end, filters);
    const rows = statement(
      ctx.db,
      `SELECT ${options.byUtm ? "e.utm_id" : "0"} AS utm_id,
              count(*) FILTER (WHERE e.action = 1) AS subscribed,
              count(*) FILTER (WHERE e.action = 2) AS unsubscribed
         FROM subscription_events e WHERE ${sql} GROUP BY 1`,
    ).all(...args) as { utm_id: number; subscribed: number; unsubscribed: number }[];
    add(rows);
  };

  const firstHour = Math.ceil(from / HOUR);
  const endHour = Math.floor((to + 1) / HOUR);
  if (filters.people !== undefined || endHour <= firstHour) {
    scan(from, to);
    return totals;
  }
  scan(from, firstHour * HOUR - 1);
  scan(endHour * HOUR, to);
  const where = ["channel_id = ?", "hour >= ?", "hour < ?"];
  const args: unknown[] = [ctx.channel.id, firstHour, endHour];
  if (options.taggedOnly) where.push("utm_id <> 0");
  if (filters.subscriptions !== undefined) {
    where.push("subscription_id IN (SELECT value FROM json_each(?))");
    args.push(filters.subscriptions);
  }
  if (filters.utms !== undefined) {
    where.push("utm_id IN (SELECT value FROM json_each(?))");
    args.push(filters.utms);
  }
  add(
    statement(
      ctx.db,
      `SELECT ${options.byUtm ? "utm_id" : "0"} AS utm_id,
              coalesce(sum(n) FILTER (WHERE action = 1), 0) AS subscribed,
              coalesce(sum(n) FILTER (WHERE action = 2), 0) AS unsubscribed
         FROM event_counts WHERE ${where.join(" AND ")} GROUP BY 1`,
    ).all(...args) as { utm_id: number; subscribed: number; unsubscribed: number }[],
  );
  return totals;
}

interface EventRow {
  at: number;
  user_id: number;
  first_name: string;
  last_name: string;
  photo: string;
  subscription_id: number;
  action: number;
  ignore: number;
  source: string;
  utm_id: number | null;
  utm_source: string | null;
}

function eventRows(
  ctx: Context,
  params: EventFilterParams & {
    count?: number | undefined;
    offset?: number | undefined;
    action?: number | undefined;
  },
  taggedOnly: boolean,
): EventRow[] {
  const { from, to } = period(ctx, params);
  const { sql, args } = eventWhere(ctx, from, to, filtersOf(ctx, params, taggedOnly));
  return statement(
    ctx.db,
    `SELECT e.at, s.user_id, s.first_name, s.last_name, s.photo, e.subscription_id, e.action,
            e.ignore, e.source, e.utm_id, t.utm_source
       FROM subscription_events e
       JOIN subscribers s ON s.id = e.subscriber_id
       LEFT JOIN utm_tags t ON t.id = e.utm_id
      WHERE ${sql}
      ORDER BY e.at, e.id
      LIMIT ? OFFSET ?`,
  ).all(...args, params.count ?? PAGE_SIZE_DEFAULT, params.offset ?? 0) as EventRow[];
}

function eventItem(ctx: Context, row: EventRow) {
  return {
    date: formatDate(ctx, row.at),
    [userIdField(ctx.channel)]: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    photo: row.photo,
    subscription_id: row.subscription_id,
    action: row.action,
    utm_id: row.utm_id ?? 0,
    utm_source: row.utm_source ?? "",
  };
}

export const statSubscribe: Handler<"subscribers/statSubscribe"> = (ctx, params) => ({
  success: true,
  items: eventRows(ctx, params, false).map((row) => ({
    ...eventItem(ctx, row),
    ignore: row.ignore,
    source: row.source,
  })),
});

export const statCount: Handler<"subscribers/statCount"> = (ctx, params) => {
  const all = countEvents(ctx, params, { taggedOnly: false, byUtm: false }).get(0);
  return {
    success: true,
    count_subscribe: all?.subscribed ?? 0,
    count_unsubscribe: all?.unsubscribed ?? 0,
  };
};

export const utmStatCount: Handler<"utms/statCount"> = (ctx, params) => {
  const perTag = countEvents(ctx, params, { taggedOnly: true, byUtm: true });
  return {
    success: true,
    items: [...perTag]
      .sort(([a], [b]) => a - b)
      .map(([utmId, counts]) => ({
        utm_id: utmId,
        count_subscribe: counts.subscribed,
        count_unsubscribe: counts.unsubscribed,
      })),
  };
};

export const utmStatSubscribe: Handler<"utms/statSubscribe"> = (ctx, params) => {
  const { from, to } = period(ctx, params);
  const { sql, args } = eventWhere(ctx, from, to, filtersOf(ctx, params, true));
  const total = statement(
    ctx.db,
    `SELECT count(*) AS count FROM subscription_events e WHERE ${sql}`,
  ).get(...args) as { count: number };
  return {
    success: true,
    items: eventRows(ctx, params, true).map((row) => eventItem(ctx, row)),
    count: total.count,
  };
};
