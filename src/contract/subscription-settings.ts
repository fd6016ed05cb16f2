import { contractError } from "./messages";
import * as z from "./zod";
import { apiDateTime, apiDateTimeInput, flag, id, ids, int, isHttpUrl, URL_MAX } from "./common";

/**
 * A subscription's settings as subscriptions/add and subscriptions/edit take them (api-facts.md,
 * "Beyond the seed"). The production service documents the names only; the lengths and rules
 * here are our decisions, and the local Channel API enforces them.
 */

export const SUBSCRIPTION_NAME_MAX = 255;

const text = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, contractError("text-too-long", { max }))));

/** A URL, or "" to clear it (a plain string schema, so that form encodings can send ""). */
const urlOrEmpty = z.optional(
  z
    .string()
    .check(
      z.refine(
        (text) => text === "" || isHttpUrl(text),
        contractError("http-url-or-empty", { max: URL_MAX }),
      ),
    ),
);

export const subscriptionName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, contractError("name-empty")),
    z.maxLength(
      SUBSCRIPTION_NAME_MAX,
      contractError("name-too-long", { max: SUBSCRIPTION_NAME_MAX }),
    ),
  );

export const subscriptionSettingsRequest = {
  title: text(255),
  btn_ok: text(64),
  btn_cancel: text(64),
  /** 1: the subscription page does not take new subscribers. */
  inactive: z.optional(flag),
  /** 1: the subscription is not listed on the channel's page of subscriptions. */
  hide_subscriptions: z.optional(flag),
  /** 1: no notice to the channel's admins about new subscribers. */
  disabled_notify: z.optional(flag),
  short_description: text(1000),
  description: text(10_000),
  vk_pixel: text(100),
  fb_pixel: text(100),
  ya_metrica: text(100),
  ga_metrica: text(100),
  url_after_subscribing: urlOrEmpty,
  url_after_unsubscribing: urlOrEmpty,
  /** 1: the subscription takes subscribers only between limit_period_from and limit_period_to. */
  limit_period: z.optional(flag),
  limit_period_from: z.optional(apiDateTimeInput),
  limit_period_to: z.optional(apiDateTimeInput),
  /** Subscribing to this one removes the person from these (ids of the same channel). */
  exclude_subscription_id: z.optional(ids),
  /** Bots started for a person who subscribes (ids of the channel's bots). */
  bot_ids: z.optional(ids),
};

/** The same settings as subscriptions/get returns them; all optional (not documented). */
export const subscriptionSettingsResponse = {
  title: z.optional(z.string()),
  btn_ok: z.optional(z.string()),
  btn_cancel: z.optional(z.string()),
  inactive: z.optional(int),
  hide_subscriptions: z.optional(int),
  disabled_notify: z.optional(int),
  short_description: z.optional(z.string()),
  description: z.optional(z.string()),
  vk_pixel: z.optional(z.string()),
  fb_pixel: z.optional(z.string()),
  ya_metrica: z.optional(z.string()),
  ga_metrica: z.optional(z.string()),
  url_after_subscribing: z.optional(z.string()),
  url_after_unsubscribing: z.optional(z.string()),
  limit_period: z.optional(int),
  /** "" when no limit is set. */
  limit_period_from: z.optional(z.union([z.literal(""), apiDateTime])),
  limit_period_to: z.optional(z.union([z.literal(""), apiDateTime])),
  exclude_subscription_id: z.optional(z.array(int)),
  bot_ids: z.optional(z.array(int)),
  /** Members now. The local Channel API sends it; the production service does not promise it. */
  count_subscribers: z.optional(int),
};

export const subscriptionIdField = { subscription_id: id };
