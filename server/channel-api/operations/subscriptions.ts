import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import {
  type Context,
  formatDate,
  type Handler,
  type Params,
  placeholders,
  toSeconds,
} from "./context";
import { eventsRecorded } from "./events";

/**
 * Subscriptions and their settings. The settings govern the service's subscription page, which
 * the local Channel API does not serve: they are checked, kept and returned as they were given.
 * An unknown subscription is error 7 ("group not found": the service calls subscriptions groups
 * of subscribers), an unknown bot error 10.
 */

type Settings = Omit<Params<"subscriptions/edit">, "subscription_id" | "name">;

/** Settings as kept: dates as unix seconds, lists as ids. */
interface Stored {
  title?: string;
  btn_ok?: string;
  btn_cancel?: string;
  inactive?: number;
  hide_subscriptions?: number;
  disabled_notify?: number;
  short_description?: string;
  description?: string;
  vk_pixel?: string;
  fb_pixel?: string;
  ya_metrica?: string;
  ga_metrica?: string;
  url_after_subscribing?: string;
  url_after_unsubscribing?: string;
  limit_period?: number;
  limit_period_from?: number;
  limit_period_to?: number;
  exclude_subscription_id?: number[];
  bot_ids?: number[];
}

const TEXT_FIELDS = [
  "title",
  "btn_ok",
  "btn_cancel",
  "short_description",
  "description",
  "vk_pixel",
  "fb_pixel",
  "ya_metrica",
  "ga_metrica",
  "url_after_subscribing",
  "url_after_unsubscribing",
] as const;
const FLAG_FIELDS = ["inactive", "hide_subscriptions", "disabled_notify", "limit_period"] as const;

export function requireSubscriptionFound(ctx: Context, subscriptionId: number, field: string) {
  const row = statement(
    ctx.db,
    "SELECT settings FROM subscriptions WHERE id = ? AND channel_id = ?",
  ).get(subscriptionId, ctx.channel.id) as { settings: string } | undefined;
  if (!row) {
    throw new ApiFailure(
      ErrorCode.GroupNotFound,
      `${field}: subscription ${String(subscriptionId)} not found`,
    );
  }
  return JSON.parse(row.settings) as Stored;
}

function checkedIds(
  ctx: Context,
  ids: number[],
  table: "subscriptions" | "bots",
  field: string,
  self?: number,
): number[] {
  const unique = [...new Set(ids)];
  if (self !== undefined && unique.includes(self)) {
    throw new ApiFailure(ErrorCode.InvalidValue, `${field}: a subscription cannot exclude itself`);
  }
  if (unique.length === 0) return unique;
  const found = new Set(
    (
      statement(
        ctx.db,
        `SELECT id FROM ${table} WHERE channel_id = ? AND id IN (${placeholders(unique.length)})`,
      ).all(ctx.channel.id, ...unique) as { id: number }[]
    ).map((row) => row.id),
  );
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw table === "bots"
      ? new ApiFailure(ErrorCode.BotNotFound, `${field}: bot ${String(missing)} not found`)
      : new ApiFailure(
          ErrorCode.GroupNotFound,
          `${field}: subscription ${String(missing)} not found`,
        );
  }
  return unique.sort((a, b) => a - b);
}

/** The settings after applying what a request sends over what was kept. */
function merged(ctx: Context, kept: Stored, given: Settings, self?: number): Stored {
  const next: Stored = { ...kept };
  for (const field of TEXT_FIELDS) {
    const value = given[field];
    if (value !== undefined) next[field] = value;
  }
  for (const field of FLAG_FIELDS) {
    const value = given[field];
    if (value !== undefined) next[field] = value;
  }
  if (given.limit_period_from !== undefined) {
    next.limit_period_from = toSeconds(ctx, "limit_period_from", given.limit_period_from);
  }
  if (given.limit_period_to !== undefined) {
    next.limit_period_to = toSeconds(ctx, "limit_period_to", given.limit_period_to);
  }
  if (given.exclude_subscription_id !== undefined) {
    next.exclude_subscription_id = checkedIds(
      ctx,
      given.exclude_subscription_id,
      "subscriptions",
      "exclude_subscription_id",
      self,
    );
  }
  if (given.bot_ids !== undefined) {
    next.bot_ids = checkedIds(ctx, given.bot_ids, "bots", "bot_ids");
  }
  if (next.limit_period === 1) {
    if (next.limit_period_from === undefined || next.limit_period_to === undefined) {
      throw new ApiFailure(
        ErrorCode.MissingParameter,
        "limit_period_from and limit_period_to are required when limit_period is 1",
      );
    }
  }
  if (
    next.limit_period_from !== undefined &&
    next.limit_period_to !== undefined &&
    next.limit_period_from > next.limit_period_to
  ) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      "limit_period_from must not be after limit_period_to",
    );
  }
  return next;
}

interface SubscriptionRow {
  subscription_id: number;
  name: string;
  settings: string;
  members: number;
}

function itemOf(ctx: Context, row: SubscriptionRow) {
  const kept = JSON.parse(row.settings) as Stored;
  const date = (seconds: number | undefined) =>
    seconds === undefined ? "" : formatDate(ctx, seconds);
  return {
    subscription_id: row.subscription_id,
    name: row.name,
    title: kept.title ?? "",
    btn_ok: kept.btn_ok ?? "",
    btn_cancel: kept.btn_cancel ?? "",
    inactive: kept.inactive ?? 0,
    hide_subscriptions: kept.hide_subscriptions ?? 0,
    disabled_notify: kept.disabled_notify ?? 0,
    short_description: kept.short_description ?? "",
    description: kept.description ?? "",
    vk_pixel: kept.vk_pixel ?? "",
    fb_pixel: kept.fb_pixel ?? "",
    ya_metrica: kept.ya_metrica ?? "",
    ga_metrica: kept.ga_metrica ?? "",
    url_after_subscribing: kept.url_after_subscribing ?? "",
    url_after_unsubscribing: kept.url_after_unsubscribing ?? "",
    limit_period: kept.limit_period ?? 0,
    limit_period_from: date(kept.limit_period_from),
    limit_period_to: date(kept.limit_period_to),
    exclude_subscription_id: kept.exclude_subscription_id ?? [],
    bot_ids: kept.bot_ids ?? [],
    count_subscribers: row.members,
  };
}

/** Every subscription with its settings and its members now (`count_subscribers`). */
export const getSubscriptions: Handler<"subscriptions/get"> = (ctx, params) => {
  const total = statement(
    ctx.db,
    "SELECT count(*) AS n FROM subscriptions WHERE channel_id = ?",
  ).get(ctx.channel.id) as { n: number };
  const rows = statement(
    ctx.db,
    `SELECT id AS subscription_id, name, settings, members FROM subscriptions
      WHERE channel_id = ? ORDER BY id LIMIT ? OFFSET ?`,
  ).all(ctx.channel.id, params.count ?? PAGE_SIZE_DEFAULT, params.offset ?? 0) as SubscriptionRow[];
  return { success: true, count: total.n, items: rows.map((row) => itemOf(ctx, row)) };
};

export const addSubscription: Handler<"subscriptions/add"> = (ctx, params) => {
  const { name, ...given } = params;
  const settings = merged(ctx, {}, given);
  const result = statement(
    ctx.db,
    "INSERT INTO subscriptions (channel_id, name, settings) VALUES (?, ?, ?)",
  ).run(ctx.channel.id, name, JSON.stringify(settings));
  return { success: true, subscription_id: Number(result.lastInsertRowid) };
};

export const editSubscription: Handler<"subscriptions/edit"> = (ctx, params) => {
  const { subscription_id: id, name, ...given } = params;
  const kept = requireSubscriptionFound(ctx, id, "subscription_id");
  const settings = merged(ctx, kept, given, id);
  statement(
    ctx.db,
    "UPDATE subscriptions SET name = coalesce(?, name), settings = ? WHERE id = ?",
  ).run(name ?? null, JSON.stringify(settings), id);
  return { success: true };
};

/**
 * Deletes a subscription. Its members are unsubscribed first, each with an unsubscribe event
 * (source "api"), so statistics and WebHooks see them leave; its UTM tags are deleted with it
 * (as by utms/del); other subscriptions stop excluding it. Past events keep its id.
 */
export const deleteSubscription: Handler<"subscriptions/del"> = (ctx, params) => {
  const id = params.subscription_id;
  requireSubscriptionFound(ctx, id, "subscription_id");
  const at = ctx.now();
  ctx.db.transaction(() => {
    statement(
      ctx.db,
      `INSERT INTO subscription_events
         (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
       SELECT ?, s.id, m.subscription_id, 2, 'api', NULL, s.ignore, ?
         FROM memberships m JOIN subscribers s ON s.id = m.subscriber_id
        WHERE m.subscription_id = ? ORDER BY s.id`,
    ).run(ctx.channel.id, at, id);
    statement(ctx.db, "DELETE FROM memberships WHERE subscription_id = ?").run(id);
    statement(ctx.db, "DELETE FROM subscriptions WHERE id = ?").run(id);
    const excluding = statement(
      ctx.db,
      `SELECT id, settings FROM subscriptions
        WHERE channel_id = ? AND EXISTS (
          SELECT 1 FROM json_each(settings, '$.exclude_subscription_id') WHERE value = ?)`,
    ).all(ctx.channel.id, id) as { id: number; settings: string }[];
    for (const row of excluding) {
      const kept = JSON.parse(row.settings) as Stored;
      kept.exclude_subscription_id = (kept.exclude_subscription_id ?? []).filter((x) => x !== id);
      statement(ctx.db, "UPDATE subscriptions SET settings = ? WHERE id = ?").run(
        JSON.stringify(kept),
        row.id,
      );
    }
  })();
  eventsRecorded(ctx);
  return { success: true };
};
