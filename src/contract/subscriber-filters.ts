import * as z from "./zod";
import {
  apiDateTimeInput,
  id,
  idOrIds,
  ids,
  VARIABLE_NAME_MAX,
  VARIABLE_VALUE_MAX,
} from "./common";

/**
 * The filters of subscribers/get (api-facts.md, "Beyond the seed"). Every filter given narrows
 * the list (AND); a list-valued filter matches any of its values. What each one means where the
 * production service does not say is our decision, written beside it and in the README; the
 * local Channel API implements exactly this.
 *
 * "Received" a delivery means a record of it with `error` 0; read and clicked ("away") records
 * are received ones. Delivery-id filters concern mass deliveries; the date filters of messages
 * (`date_delivery_*`, `date_first_delivery_*`, `date_last_delivery_*`, `date_away_*`) count
 * every message sent to the person, mass delivery or bot step.
 */

const range = (what: string) => ({
  from: z.optional(apiDateTimeInput).check(z.describe(`${what}: from (inclusive)`)),
  to: z.optional(apiDateTimeInput).check(z.describe(`${what}: to (inclusive)`)),
});

const subscribed = range("a subscribe event (any subscription) in the period");
const first = range("the person's first subscription (the record's date) in the period");
const delivery = range("a message sent to the person in the period");
const firstDelivery = range("the first message ever sent to the person in the period");
const lastDelivery = range("the last message sent to the person in the period");
const away = range("a link clicked in a message in the period");

export const subscriberFilters = {
  vk_user_id: z.optional(idOrIds).check(z.describe("the people, on a VK channel")),
  tg_user_id: z.optional(idOrIds).check(z.describe("the people, on a Telegram channel")),
  subscription_id: z.optional(ids).check(z.describe("a member of any of these subscriptions now")),
  ignore_subscription_id: z
    .optional(ids)
    .check(z.describe("a member of none of these subscriptions now")),
  delivery_id: z.optional(ids).check(z.describe("received any of these mass deliveries")),
  ignore_delivery_id: z.optional(ids).check(z.describe("received none of these mass deliveries")),
  error_delivery_id: z
    .optional(ids)
    .check(z.describe("any of these mass deliveries failed for them (error 1 or 2)")),
  read_delivery_id: z.optional(ids).check(z.describe("read any of these mass deliveries")),
  ignore_read_delivery_id: z
    .optional(ids)
    .check(z.describe("received one of these mass deliveries and did not read it")),
  away_delivery_id: z
    .optional(ids)
    .check(z.describe("clicked a link in any of these mass deliveries")),
  ignore_away_delivery_id: z
    .optional(ids)
    .check(z.describe("received one of these mass deliveries and clicked no link in it")),
  source: z
    .optional(z.array(z.string().check(z.minLength(1), z.maxLength(32))))
    .check(z.describe("a member now of a subscription they joined through any of these sources")),
  date_subscription_from: subscribed.from,
  date_subscription_to: subscribed.to,
  date_first_from: first.from,
  date_first_to: first.to,
  date_delivery_from: delivery.from,
  date_delivery_to: delivery.to,
  date_first_delivery_from: firstDelivery.from,
  date_first_delivery_to: firstDelivery.to,
  date_last_delivery_from: lastDelivery.from,
  date_last_delivery_to: lastDelivery.to,
  date_away_from: away.from,
  date_away_to: away.to,
  bot_id: z.optional(id).check(z.describe("in this bot now (started and not stopped)")),
  step_id: z
    .optional(z.array(z.string().check(z.minLength(1), z.maxLength(64))))
    .check(z.describe("at any of these steps now (of bot_id when given, else of any bot)")),
  ignore_bot_id: z.optional(id).check(z.describe("not in this bot now")),
  ignore_step_id: z
    .optional(z.array(z.string().check(z.minLength(1), z.maxLength(64))))
    .check(z.describe("at none of these steps now (of bot_id when given, else of any bot)")),
  lead_status: z
    .optional(z.union([z.literal(1), z.literal(2)]))
    .check(z.describe("1 active (allows messages), 2 inactive")),
  var_name: z
    .optional(z.string().check(z.minLength(1), z.maxLength(VARIABLE_NAME_MAX)))
    .check(z.describe("has this variable (Latin letters, digits and _; else error 11)")),
  var_value: z
    .optional(z.string().check(z.maxLength(VARIABLE_VALUE_MAX)))
    .check(z.describe("with var_name: the variable has exactly this value")),
};

/** The date filters as pairs, for code that treats them alike. */
export const subscriberDateFilters = [
  "date_subscription",
  "date_first",
  "date_delivery",
  "date_first_delivery",
  "date_last_delivery",
  "date_away",
] as const;
export type SubscriberDateFilter = (typeof subscriberDateFilters)[number];

/**
 * A segment (issue 18): the filters of subscribers/get without paging, all combined with AND.
 * What a saved view keeps, what a gateway job reads page by page, what the subscribers page
 * keeps in its URL. Unknown keys are refused, so a stored segment never silently widens.
 */
export const segmentFilters = z.strictObject(subscriberFilters);
export type SegmentFilters = z.infer<typeof segmentFilters>;
