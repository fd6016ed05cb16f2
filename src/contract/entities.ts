import { contractError } from "./messages";
import * as z from "./zod";
import { apiDateTime, digits, hasSomeUserId, int } from "./common";
import { subscriptionSettingsResponse } from "./subscription-settings";

/**
 * Response items. Every object is loose: the service adds fields over time and the dashboard
 * must keep working, so unknown fields are kept, while a known field of the wrong type is refused.
 */

const someUserId = contractError("some-user-id");

/** Channel (groups/get). `type_id` is a string: "1" = VK, "2" = Telegram. */
export const channel = z.looseObject({
  group_id: z.string(),
  name: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  photo: z.string(),
  external_id: z.string(),
  workspace_id: z.string(),
});
export type Channel = z.infer<typeof channel>;

/** Item of a subscriber's `subscriptions` (shape from public clients, api-facts.md). */
export const subscriberSubscription = z.looseObject({
  subscription_id: int,
  date: z.optional(apiDateTime),
  source: z.optional(z.string()),
});

/** Item of a subscriber's `utms` (shape from public clients, api-facts.md). */
export const subscriberUtm = z.looseObject({
  utm_id: int,
  utm_source: z.optional(z.string()),
  utm_medium: z.optional(z.string()),
  utm_campaign: z.optional(z.string()),
  utm_content: z.optional(z.string()),
  utm_term: z.optional(z.string()),
});

/** Inside a subscriber record a variable is `{n, v}`. */
export const subscriberVariable = z.looseObject({ n: z.string(), v: z.string() });

/** Subscriber (subscribers/get): `id` is a string, the user id an integer. */
export const subscriber = z
  .looseObject({
    id: z.string(),
    date: apiDateTime,
    status: int,
    vk_user_id: z.optional(int),
    tg_user_id: z.optional(int),
    first_name: z.string(),
    last_name: z.string(),
    photo: z.string(),
    ignore: z.optional(int),
    subscriptions: z.array(subscriberSubscription),
    utms: z.array(subscriberUtm),
    vars: z.array(subscriberVariable),
  })
  .check(z.refine(hasSomeUserId, someUserId));
export type Subscriber = z.infer<typeof subscriber>;

/** In vars/get a variable is `{name, value}`. */
export const variable = z.looseObject({ name: z.string(), value: z.string() });
export type Variable = z.infer<typeof variable>;

const eventFields = {
  date: apiDateTime,
  vk_user_id: z.optional(int),
  tg_user_id: z.optional(int),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string(),
  subscription_id: int,
  /** 1 = subscribed, 2 = unsubscribed; other values are shown raw. */
  action: int,
  utm_id: int,
  utm_source: z.string(),
};

/** Subscription event as subscribers/statSubscribe returns it (with `ignore` and `source`). */
export const subscriptionEvent = z
  .looseObject({ ...eventFields, ignore: int, source: z.string() })
  .check(z.refine(hasSomeUserId, someUserId));
export type SubscriptionEvent = z.infer<typeof subscriptionEvent>;

/** Subscription event as utms/statSubscribe returns it (without `ignore` and `source`). */
export const utmEvent = z.looseObject(eventFields).check(z.refine(hasSomeUserId, someUserId));
export type UtmEvent = z.infer<typeof utmEvent>;

export const utmCount = z.looseObject({
  utm_id: int,
  count_subscribe: int,
  count_unsubscribe: int,
});
export type UtmCount = z.infer<typeof utmCount>;

const deliveryCommon = {
  /** 0 sent, 1 failed with `error_code`, 2 not sent (messages not allowed). */
  error: int,
  error_code: int,
  conversation_message_id: z.optional(int),
  conversation_part_ids: z.optional(z.array(int)),
  date: apiDateTime,
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string(),
  tg_user_id: z.optional(int),
  vk_user_id: z.optional(int),
  /** 1 when the person read the message (api-facts.md: deliveries/stat items carry it). */
  is_read: z.optional(int),
};

/** A record of a mass delivery. */
export const massDeliveryRecord = z
  .looseObject({ ...deliveryCommon, vk_id: int, delivery_id: int, bot_id: z.optional(z.never()) })
  .check(z.refine(hasSomeUserId, someUserId));

/** A record of a bot step. `step_id` is a string; `bot_test` 1 marks a test run. */
export const botStepDeliveryRecord = z
  .looseObject({
    ...deliveryCommon,
    vk_id: int,
    bot_id: int,
    step_id: z.string(),
    step_title: z.string(),
    part_id: int,
    bot_test: int,
  })
  .check(z.refine(hasSomeUserId, someUserId));

/** The shorter shape (count given without a user filter): no `vk_id`. */
export const shortDeliveryRecord = z
  .looseObject({ ...deliveryCommon, delivery_id: int, vk_id: z.optional(z.never()) })
  .check(z.refine(hasSomeUserId, someUserId));

export const deliveryRecord = z.union([
  botStepDeliveryRecord,
  massDeliveryRecord,
  shortDeliveryRecord,
]);
export type DeliveryRecord = z.infer<typeof deliveryRecord>;
export type BotStepDeliveryRecord = z.infer<typeof botStepDeliveryRecord>;

export function isBotStepRecord(record: DeliveryRecord): record is BotStepDeliveryRecord {
  return "bot_id" in record && typeof record.bot_id === "number";
}

/** Result of one id in subscribers/add: the id comes back as a string. */
export const addResult = z.looseObject({
  tg_user_id: z.optional(z.string()),
  vk_user_id: z.optional(z.string()),
  success: z.boolean(),
  error: z.optional(z.string()),
});
export type AddResult = z.infer<typeof addResult>;

/**
 * Name lookups (api-facts.md "related read methods"). Production documents only
 * `{subscription_id, name}`; the settings of subscriptions/add come back too where sent.
 */
export const subscriptionInfo = z.looseObject({
  subscription_id: int,
  name: z.string(),
  ...subscriptionSettingsResponse,
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

export const utmInfo = z.looseObject({
  utm_id: int,
  name: z.string(),
  subscription_id: int,
  count: int,
});
export type UtmInfo = z.infer<typeof utmInfo>;

/** `steps` is not in public documentation: the local Channel API adds it, others may not. */
export const botStep = z.looseObject({ step_id: z.string(), title: z.string() });
export const botInfo = z.looseObject({
  bot_id: int,
  title: z.string(),
  date: apiDateTime,
  active: int,
  published: int,
  steps: z.optional(z.array(botStep)),
});
export type BotInfo = z.infer<typeof botInfo>;

/** Kinds of a mass delivery (api-facts.md); other values are shown raw. */
export {
  deliveryStatuses,
  deliveryTypes,
  type MassDeliveryStatus,
  type MassDeliveryType,
} from "./delivery-constants";

/**
 * A mass delivery (deliveries/get). Type and status are text in production (`chain`,
 * `subscription`, `once`, `single`; `waiting`, `progress`, `done`); numbers are taken too.
 * `inactive` ("0" running, "1" stopped) and the counters arrive as strings of digits; they are
 * optional because older answers lack them. Counters: recipients (records), sent (error 0),
 * errors, transits (recipients who clicked a link), read, unsubscribers.
 */
export const deliveryInfo = z.looseObject({
  delivery_id: int,
  name: z.string(),
  type: z.union([int, z.string()]),
  status: z.union([int, z.string()]),
  date: apiDateTime,
  inactive: z.optional(digits),
  count_recipients: z.optional(digits),
  count_send: z.optional(digits),
  count_error: z.optional(digits),
  count_transits: z.optional(digits),
  count_read: z.optional(digits),
  count_unsubscribers: z.optional(digits),
});
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

/** Kinds of a bot step (api-facts.md); other values are shown raw. */
export const botStepTypes = ["start", "timer", "action", "if", "message"] as const;

/** A step of bots/getSteps: `lead_inc` is how many times the step ran. */
export const botStepInfo = z.looseObject({
  step_id: z.string(),
  title: z.string(),
  type: z.string(),
  lead_inc: int,
});
export type BotStepInfo = z.infer<typeof botStepInfo>;
