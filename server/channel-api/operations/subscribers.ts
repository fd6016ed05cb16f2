import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import { eventsRecorded, recordEvent } from "./events";
import { requireUtm } from "./utms";
import {
  type Context,
  findSubscriber,
  type Handler,
  userIdField,
  userIds,
  oneUserId,
  requireSubscriber,
} from "./context";

/** At most this many people per subscribers/add call (our decision; the service's is unknown). */
export const ADD_IDS_MAX = 100;

export function requireSubscription(ctx: Context, subscriptionId: number): void {
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
  const answer = ctx.db.transaction(() => {
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
  eventsRecorded(ctx);
  return answer;
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
  eventsRecorded(ctx);
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
