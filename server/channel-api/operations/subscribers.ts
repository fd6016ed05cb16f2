import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import {
  type Context,
  findSubscriber,
  formatDate,
  type Handler,
  type SubscriberRow,
  userIdField,
  userIds,
  oneUserId,
  requireSubscriber,
} from "./context";

/** At most this many people per subscribers/add call (our decision; the service's is unknown). */
export const ADD_IDS_MAX = 100;

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

/** Keyset paging on (channel_id, id): a page costs the same at record 10 and at record 10^6. */
export const getSubscribers: Handler<"subscribers/get"> = (ctx, params) => {
  const limit = params.count ?? PAGE_SIZE_DEFAULT;
  const after = params.offset_id ? Number(params.offset_id) : 0;
  const rows = statement(
    ctx.db,
    `SELECT id, user_id, first_name, last_name, photo, status, ignore, created_at
       FROM subscribers WHERE channel_id = ? AND id > ? ORDER BY id LIMIT ?`,
  ).all(ctx.channel.id, after, limit) as SubscriberRow[];
  // The page's ids lie in [first, last]; reading that range of each primary key is cheaper
  // than an IN list, and rows of other channels in between are never looked up below.
  const range = [rows[0]?.id ?? 0, rows.at(-1)?.id ?? -1];
  const memberships = groupBy(
    statement(
      ctx.db,
      `SELECT subscriber_id, subscription_id, created_at, source FROM memberships
        WHERE subscriber_id BETWEEN ? AND ?`,
    ).all(range) as MembershipRow[],
  );
  for (const list of memberships.values()) {
    list.sort((a, b) => a.created_at - b.created_at || a.subscription_id - b.subscription_id);
  }
  const utms = groupBy(
    statement(
      ctx.db,
      `SELECT su.subscriber_id, t.id AS utm_id, t.utm_source, t.utm_medium, t.utm_campaign,
              t.utm_content, t.utm_term
         FROM subscriber_utms su JOIN utm_tags t ON t.id = su.utm_id
        WHERE su.subscriber_id BETWEEN ? AND ? ORDER BY su.subscriber_id, su.utm_id`,
    ).all(range) as UtmRow[],
  );
  const variables = groupBy(
    statement(
      ctx.db,
      `SELECT subscriber_id, name, value FROM variables
        WHERE subscriber_id BETWEEN ? AND ? ORDER BY subscriber_id, name`,
    ).all(range) as VariableRow[],
  );
  const field = userIdField(ctx.channel);
  const last = rows.at(-1);
  return {
    success: true,
    offset_id: last ? String(last.id) : (params.offset_id ?? ""),
    items: rows.map((row) => ({
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
    })),
  };
};

function requireSubscription(ctx: Context, subscriptionId: number): void {
  const found = statement(
    ctx.db,
    "SELECT 1 FROM subscriptions WHERE id = ? AND channel_id = ?",
  ).get(subscriptionId, ctx.channel.id);
  if (!found) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      `subscription_id: there is no subscription ${String(subscriptionId)} in this channel`,
    );
  }
}

function requireUtm(ctx: Context, utmId: number): void {
  const found = statement(ctx.db, "SELECT 1 FROM utm_tags WHERE id = ? AND channel_id = ?").get(
    utmId,
    ctx.channel.id,
  );
  if (!found) {
    throw new ApiFailure(ErrorCode.UtmNotFound, `utm_id: UTM tag ${String(utmId)} not found`);
  }
}

function recordEvent(
  ctx: Context,
  person: SubscriberRow,
  subscriptionId: number,
  action: 1 | 2,
  source: string,
  utmId: number | null,
  at: number,
): void {
  statement(
    ctx.db,
    `INSERT INTO subscription_events
       (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(ctx.channel.id, person.id, subscriptionId, action, source, utmId, person.ignore, at);
}

export const addSubscribers: Handler<"subscribers/add"> = (ctx, params) => {
  const ids = [...new Set(userIds(ctx, params) ?? [])];
  if (ids.length > ADD_IDS_MAX) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      `${userIdField(ctx.channel)}: at most ${String(ADD_IDS_MAX)} people per call`,
    );
  }
  requireSubscription(ctx, params.subscription_id);
  if (params.utm_id !== undefined) requireUtm(ctx, params.utm_id);
  const field = userIdField(ctx.channel);
  const at = ctx.now();
  const utmId = params.utm_id ?? null;
  return ctx.db.transaction(() => {
    const subscribers = ids.map((userId) => {
      const person = findSubscriber(ctx, userId);
      if (!person) {
        return { [field]: String(userId), success: false, error: "user not found" };
      }
      const added = statement(
        ctx.db,
        `INSERT INTO memberships (subscriber_id, subscription_id, created_at, source)
         VALUES (?, ?, ?, 'api') ON CONFLICT DO NOTHING`,
      ).run(person.id, params.subscription_id, at);
      if (added.changes > 0) {
        recordEvent(ctx, person, params.subscription_id, 1, "api", utmId, at);
        if (utmId !== null) {
          statement(
            ctx.db,
            "INSERT INTO subscriber_utms (subscriber_id, utm_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
          ).run(person.id, utmId);
        }
      }
      return { [field]: String(userId), success: true };
    });
    return { success: true as const, subscribers };
  })();
};

export const deleteSubscriber: Handler<"subscribers/del"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  if (params.subscription_id !== 0) requireSubscription(ctx, params.subscription_id);
  const at = ctx.now();
  ctx.db.transaction(() => {
    const removed = statement(
      ctx.db,
      `DELETE FROM memberships WHERE subscriber_id = ? AND (? = 0 OR subscription_id = ?)
       RETURNING subscription_id`,
    ).all(person.id, params.subscription_id, params.subscription_id) as {
      subscription_id: number;
    }[];
    for (const { subscription_id } of removed) {
      recordEvent(ctx, person, subscription_id, 2, "api", null, at);
    }
  })();
  return { success: true };
};

/** subscribersCount: every filter narrows; `subscription_id` and `utm_source` match any of. */
export const countSubscribers: Handler<"subscribers/subscribersCount"> = (ctx, params) => {
  const where = ["s.channel_id = ?"];
  const args: unknown[] = [ctx.channel.id];
  if (params.subscription_id !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM memberships m WHERE m.subscriber_id = s.id
                 AND m.subscription_id IN (SELECT value FROM json_each(?)))`,
    );
    args.push(JSON.stringify(params.subscription_id));
  }
  if (params.lead_status !== undefined) {
    where.push("s.status = ?");
    args.push(params.lead_status);
  }
  if (params.bot_id !== undefined) {
    where.push("EXISTS (SELECT 1 FROM bot_runs r WHERE r.subscriber_id = s.id AND r.bot_id = ?)");
    args.push(params.bot_id);
  }
  if (params.utm_source !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM subscriber_utms su JOIN utm_tags t ON t.id = su.utm_id
                WHERE su.subscriber_id = s.id
                  AND t.utm_source IN (SELECT value FROM json_each(?)))`,
    );
    args.push(JSON.stringify(params.utm_source));
  }
  const row = statement(
    ctx.db,
    `SELECT count(*) AS count FROM subscribers s WHERE ${where.join(" AND ")}`,
  ).get(...args) as { count: number };
  return { success: true, count: row.count };
};
