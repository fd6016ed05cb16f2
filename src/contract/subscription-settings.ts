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
  z.string().max(max, contractError("text-too-long", { max })).optional();

/** A URL, or "" to clear it (a plain string schema, so that form encodings can send ""). */
const urlOrEmpty = z
  .string()
  .refine(
    (text) => text === "" || isHttpUrl(text),
    contractError("http-url-or-empty", { max: URL_MAX }),
  )
  .optional();

export const subscriptionName = z
  .string()
  .trim()
  .min(1, contractError("name-empty"))
  .max(SUBSCRIPTION_NAME_MAX, contractError("name-too-long", { max: SUBSCRIPTION_NAME_MAX }));

export const subscriptionSettingsRequest = {
  title: text(255),
  btn_ok: text(64),
  btn_cancel: text(64),
  /** 1: the subscription page does not take new subscribers. */
  inactive: flag.optional(),
  /** 1: the subscription is not listed on the channel's page of subscriptions. */
  hide_subscriptions: flag.optional(),
  /** 1: no notice to the channel's admins about new subscribers. */
  disabled_notify: flag.optional(),
  short_description: text(1000),
  description: text(10_000),
  vk_pixel: text(100),
  fb_pixel: text(100),
  ya_metrica: text(100),
  ga_metrica: text(100),
  url_after_subscribing: urlOrEmpty,
  url_after_unsubscribing: urlOrEmpty,
  /** 1: the subscription takes subscribers only between limit_period_from and limit_period_to. */
  limit_period: flag.optional(),
  limit_period_from: apiDateTimeInput.optional(),
  limit_period_to: apiDateTimeInput.optional(),
  /** Subscribing to this one removes the person from these (ids of the same channel). */
  exclude_subscription_id: ids.optional(),
  /** Bots started for a person who subscribes (ids of the channel's bots). */
  bot_ids: ids.optional(),
};

/** The same settings as subscriptions/get returns them; all optional (not documented). */
export const subscriptionSettingsResponse = {
  title: z.string().optional(),
  btn_ok: z.string().optional(),
  btn_cancel: z.string().optional(),
  inactive: int.optional(),
  hide_subscriptions: int.optional(),
  disabled_notify: int.optional(),
  short_description: z.string().optional(),
  description: z.string().optional(),
  vk_pixel: z.string().optional(),
  fb_pixel: z.string().optional(),
  ya_metrica: z.string().optional(),
  ga_metrica: z.string().optional(),
  url_after_subscribing: z.string().optional(),
  url_after_unsubscribing: z.string().optional(),
  limit_period: int.optional(),
  /** "" when no limit is set. */
  limit_period_from: z.union([z.literal(""), apiDateTime]).optional(),
  limit_period_to: z.union([z.literal(""), apiDateTime]).optional(),
  exclude_subscription_id: z.array(int).optional(),
  bot_ids: z.array(int).optional(),
  /** Members now. The local Channel API sends it; the production service does not promise it. */
  count_subscribers: int.optional(),
};

export const subscriptionIdField = { subscription_id: id };
