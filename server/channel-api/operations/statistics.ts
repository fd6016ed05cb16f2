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

/**
 * WHERE clause over subscription_events `e` for a period and the filters of api-facts.md.
 * `delivery_id` does not apply to subscription events and is ignored. The filters go in as
 * JSON arrays, so the SQL text (and its prepared statement) depends only on which are given.
 */
function eventWhere(ctx: Context, params: EventFilterParams, taggedOnly: boolean) {
  const { from, to } = period(ctx, params);
  const where = ["e.channel_id = ?", "e.at BETWEEN ? AND ?"];
  const args: unknown[] = [ctx.channel.id, from, to];
  if (taggedOnly) where.push("e.utm_id IS NOT NULL");
  if (params.subscription_id !== undefined) {
    where.push("e.subscription_id IN (SELECT value FROM json_each(?))");
    args.push(JSON.stringify(params.subscription_id));
  }
  if (params.utm_id !== undefined) {
    where.push("e.utm_id IN (SELECT value FROM json_each(?))");
    args.push(JSON.stringify(params.utm_id));
  }
  const people = userIds(ctx, params);
  if (people !== undefined) {
    where.push(
      `e.subscriber_id IN (SELECT id FROM subscribers WHERE channel_id = ?
                             AND user_id IN (SELECT value FROM json_each(?)))`,
    );
    args.push(ctx.channel.id, JSON.stringify(people));
  }
  return { sql: where.join(" AND "), args };
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
  params: EventFilterParams & { count?: number | undefined; offset?: number | undefined },
  taggedOnly: boolean,
): EventRow[] {
  const { sql, args } = eventWhere(ctx, params, taggedOnly);
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
  const { sql, args } = eventWhere(ctx, params, false);
  const row = statement(
    ctx.db,
    `SELECT count(*) FILTER (WHERE e.action = 1) AS subscribed,
            count(*) FILTER (WHERE e.action = 2) AS unsubscribed
       FROM subscription_events e WHERE ${sql}`,
  ).get(...args) as { subscribed: number; unsubscribed: number };
  return { success: true, count_subscribe: row.subscribed, count_unsubscribe: row.unsubscribed };
};

export const utmStatCount: Handler<"utms/statCount"> = (ctx, params) => {
  const { sql, args } = eventWhere(ctx, params, true);
  const rows = statement(
    ctx.db,
    `SELECT e.utm_id, count(*) FILTER (WHERE e.action = 1) AS count_subscribe,
            count(*) FILTER (WHERE e.action = 2) AS count_unsubscribe
       FROM subscription_events e WHERE ${sql}
      GROUP BY e.utm_id ORDER BY e.utm_id`,
  ).all(...args) as { utm_id: number; count_subscribe: number; count_unsubscribe: number }[];
  return { success: true, items: rows };
};

export const utmStatSubscribe: Handler<"utms/statSubscribe"> = (ctx, params) => {
  const { sql, args } = eventWhere(ctx, params, true);
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
