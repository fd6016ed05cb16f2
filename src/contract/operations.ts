import { lazyRecord } from "./lazy-record";
import { contractError } from "./messages";
import * as z from "./zod";
import {
  count,
  eventFilters,
  flag,
  hasOneUserId,
  id,
  idOrIds,
  ids,
  int,
  offset,
  period,
  success,
  VARIABLE_NAME_MAX,
  VARIABLE_NAME_PATTERN,
  VARIABLE_VALUE_MAX,
} from "./common";
import {
  addResult,
  botInfo,
  botStepInfo,
  channel,
  deliveryInfo,
  deliveryStatuses,
  deliveryTypes,
  deliveryRecord,
  subscriber,
  subscriptionEvent,
  subscriptionInfo,
  utmCount,
  utmEvent,
  utmInfo,
  variable,
} from "./entities";
import { subscriberFilters } from "./subscriber-filters";
import {
  subscriptionIdField,
  subscriptionName,
  subscriptionSettingsRequest,
} from "./subscription-settings";

/**
 * Every operation of the API: its request fields (without the common `access_token`, `v`,
 * `group_id`) and its success response. One place: the SPA parses with it, the local Channel
 * API validates with it, the OpenAPI document is generated from it.
 */
interface OperationSpec<Req extends z.ZodMiniType, Res extends z.ZodMiniType> {
  summary: string;
  /** `read` operations are safe to retry and to cache; `write` ones change the channel. */
  kind: "read" | "write";
  /** Statistics over a closed period: the same answer forever once the period has ended. */
  periodStatistics?: boolean;
  request: Req;
  response: Res;
}

function ok<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject({ success, ...shape });
}

/** A request that names one person (or several, where `many`) by the channel's kind of id. */
function forPerson<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z
    .object({ vk_user_id: z.optional(id), tg_user_id: z.optional(id), ...shape })
    .check(z.refine(hasOneUserId, contractError("one-user-id")));
}

export const variableName = z
  .string()
  .check(
    z.minLength(1, contractError("variable-name-empty")),
    z.maxLength(
      VARIABLE_NAME_MAX,
      contractError("variable-name-too-long", { max: VARIABLE_NAME_MAX }),
    ),
    z.regex(VARIABLE_NAME_PATTERN, contractError("variable-name-pattern")),
  );

/** A subscriber record id used as a cursor; empty means the first page. */
const cursor = z.string().check(z.regex(/^\d*$/, contractError("cursor-record-id")));
const lookupRequest = z.object({ count: z.optional(count), offset: z.optional(offset) });

function lookup<Item extends z.ZodMiniType>(item: Item) {
  return ok({ count: int, items: z.array(item) });
}

const variableValue = z
  .string()
  .check(
    z.maxLength(
      VARIABLE_VALUE_MAX,
      contractError("variable-value-too-long", { max: VARIABLE_VALUE_MAX }),
    ),
  );

const utmName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, contractError("name-empty")),
    z.maxLength(255, contractError("name-too-long", { max: 255 })),
  );

const builders = {
  "subscribers/get": () => ({
    summary:
      "List subscribers matching every filter given, cursor paging by offset_id (the record id)",
    kind: "read",
    request: z.object({
      count: z.optional(count),
      offset_id: z.optional(cursor),
      ...subscriberFilters,
    }),
    response: ok({ offset_id: z.string(), items: z.array(subscriber) }),
  }),
  "subscribers/statSubscribe": () => ({
    summary: "Subscription and unsubscription events for a period",
    kind: "read",
    periodStatistics: true,
    request: z.object({
      ...period,
      count: z.optional(count),
      offset: z.optional(offset),
      ...eventFilters,
    }),
    response: ok({ items: z.array(subscriptionEvent) }),
  }),
  "subscribers/statCount": () => ({
    summary: "Counts of subscriptions and unsubscriptions for a period",
    kind: "read",
    periodStatistics: true,
    request: z.object({ ...period, ...eventFilters }),
    response: ok({ count_subscribe: int, count_unsubscribe: int }),
  }),
  "subscribers/add": () => ({
    summary: "Add one or several people to a subscription",
    kind: "write",
    request: z
      .object({
        vk_user_id: z.optional(idOrIds),
        tg_user_id: z.optional(idOrIds),
        subscription_id: id,
        utm_id: z.optional(id),
      })
      .check(z.refine(hasOneUserId, contractError("one-user-id"))),
    response: ok({ subscribers: z.array(addResult) }),
  }),
  "subscribers/del": () => ({
    summary: "Remove a person from a subscription (subscription_id 0: from every subscription)",
    kind: "write",
    request: forPerson({ subscription_id: z.int().check(z.gte(0)) }),
    response: ok({}),
  }),
  "subscribers/subscribersCount": () => ({
    summary: "Count subscribers matching filters",
    kind: "read",
    request: z.object({
      subscription_id: z.optional(ids),
      lead_status: z.optional(int),
      bot_id: z.optional(id),
      utm_source: z.optional(z.array(z.string())),
    }),
    response: ok({ count: int }),
  }),
  "vars/get": () => ({
    summary: "Variables of one subscriber (or one variable by name)",
    kind: "read",
    request: forPerson({ name: z.optional(variableName) }),
    response: ok({ items: z.array(variable) }),
  }),
  "vars/set": () => ({
    summary: "Save a variable of a subscriber",
    kind: "write",
    request: forPerson({
      name: variableName,
      value: variableValue,
    }),
    response: ok({}),
  }),
  "vars/del": () => ({
    summary: "Delete a variable of a subscriber",
    kind: "write",
    request: forPerson({ name: variableName }),
    response: ok({}),
  }),
  "bots/addSubscriber": () => ({
    summary: "Start a bot for a subscriber (enforce 1 restarts a running one)",
    kind: "write",
    request: forPerson({
      bot_id: id,
      step_id: z.optional(z.string().check(z.minLength(1))),
      enforce: z.optional(flag),
    }),
    response: ok({}),
  }),
  "bots/delSubscriber": () => ({
    summary: "Stop a bot for a subscriber",
    kind: "write",
    request: forPerson({ bot_id: id }),
    response: ok({}),
  }),
  "deliveries/statCount": () => ({
    summary: "Number of delivery events for a period",
    kind: "read",
    periodStatistics: true,
    request: z.object({ ...period, ...eventFilters }),
    response: ok({ count: int }),
  }),
  "deliveries/stat": () => ({
    summary: "Delivery records for a period, cursor paging by offset_id",
    kind: "read",
    periodStatistics: true,
    request: z.object({
      ...period,
      count: z.optional(count),
      offset_id: z.optional(cursor),
      ...eventFilters,
    }),
    response: ok({ offset_id: z.optional(z.string()), items: z.array(deliveryRecord) }),
  }),
  "utms/statCount": () => ({
    summary: "Subscription counts per campaign tag for a period",
    kind: "read",
    periodStatistics: true,
    request: z.object({ ...period, ...eventFilters }),
    response: ok({ items: z.array(utmCount) }),
  }),
  "utms/statSubscribe": () => ({
    summary:
      "Tagged subscription and unsubscription events for a period (action 1 subscribed, 2 unsubscribed, 0 both)",
    kind: "read",
    periodStatistics: true,
    request: z.object({
      ...period,
      count: z.optional(count),
      offset: z.optional(offset),
      action: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)])),
      ...eventFilters,
    }),
    response: ok({ items: z.array(utmEvent), count: z.optional(int) }),
  }),
  "utms/getLink": () => ({
    summary: "Build a link carrying a campaign tag (force 1: subscribe on click)",
    kind: "read",
    request: z.object({ utm_id: id, subscription_id: id, force: z.optional(flag) }),
    response: ok({ link: z.url() }),
  }),
  "groups/get": () => ({
    summary: "Channel information",
    kind: "read",
    request: z.object({}),
    response: ok({ item: channel }),
  }),
  "subscriptions/get": () => ({
    summary: "Subscriptions of the channel, for names",
    kind: "read",
    request: lookupRequest,
    response: lookup(subscriptionInfo),
  }),
  "utms/get": () => ({
    summary: "Campaign tags of the channel, for names",
    kind: "read",
    request: z.extend(lookupRequest, { utm_id: z.optional(ids) }),
    response: lookup(utmInfo),
  }),
  "utms/add": () => ({
    summary: "Create a campaign tag",
    kind: "write",
    request: z.object({ name: utmName }),
    response: ok({ utm_id: int }),
  }),
  "utms/edit": () => ({
    summary: "Rename a campaign tag",
    kind: "write",
    request: z.object({ utm_id: id, name: utmName }),
    response: ok({}),
  }),
  "utms/del": () => ({
    summary:
      "Delete a campaign tag: its past events stay (counted under its id), its name and people's links to it go",
    kind: "write",
    request: z.object({ utm_id: id }),
    response: ok({}),
  }),
  "bots/get": () => ({
    summary: "Bots of the channel, for names",
    kind: "read",
    request: lookupRequest,
    response: lookup(botInfo),
  }),
  "bots/getSteps": () => ({
    summary: "Steps of a bot in bot order, with how many times each ran (lead_inc)",
    kind: "read",
    request: z.extend(lookupRequest, {
      bot_id: id,
      step_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    }),
    response: lookup(botStepInfo),
  }),
  "deliveries/get": () => ({
    summary: "Mass deliveries of the channel with their counters",
    kind: "read",
    request: z.extend(lookupRequest, {
      delivery_id: z.optional(ids),
      type: z.optional(z.array(z.enum(deliveryTypes))),
      status: z.optional(z.array(z.enum(deliveryStatuses))),
    }),
    response: lookup(deliveryInfo),
  }),
  "subscriptions/add": () => ({
    summary: "Create a subscription",
    kind: "write",
    request: z.object({ name: subscriptionName, ...subscriptionSettingsRequest }),
    response: ok({ subscription_id: int }),
  }),
  "subscriptions/edit": () => ({
    summary: "Change a subscription's name or settings (fields not sent stay as they are)",
    kind: "write",
    request: z.object({
      ...subscriptionIdField,
      name: z.optional(subscriptionName),
      ...subscriptionSettingsRequest,
    }),
    response: ok({}),
  }),
  "subscriptions/del": () => ({
    summary:
      "Delete a subscription: its members are unsubscribed (events recorded), its UTM tags deleted",
    kind: "write",
    request: z.object(subscriptionIdField),
    response: ok({}),
  }),
  "vars_global/get": () => ({
    summary: "Channel-wide variables (used in messages as [%name%]), or one by name",
    kind: "read",
    request: z.object({ name: z.optional(variableName) }),
    response: ok({ items: z.array(variable) }),
  }),
  "vars_global/set": () => ({
    summary: "Save a channel-wide variable",
    kind: "write",
    request: z.object({ name: variableName, value: variableValue }),
    response: ok({}),
  }),
  "vars_global/del": () => ({
    summary: "Delete a channel-wide variable",
    kind: "write",
    request: z.object({ name: variableName }),
    response: ok({}),
  }),
} satisfies Record<`${string}/${string}`, () => OperationSpec<z.ZodMiniType, z.ZodMiniType>>;

/**
 * The operations, each built the first time it is read (src/contract/lazy-record.ts): a page
 * parses with a handful of them, and building the zod schemas of all of them cost a phone
 * about 100 ms of its main thread in one task as the app started (issue 15).
 */
export const operations = lazyRecord(builders);

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type RequestOf<Op extends OperationId> = z.input<Operations[Op]["request"]>;
export type ResponseOf<Op extends OperationId> = z.output<Operations[Op]["response"]>;

export const operationIds = Object.keys(operations) as OperationId[];

export function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(operations, value);
}

/** Method names are matched case-insensitively by the service (api-facts.md). */
const byLowerCase = new Map(operationIds.map((op) => [op.toLowerCase(), op]));
export function findOperation(group: string, method: string): OperationId | undefined {
  return byLowerCase.get(`${group}/${method}`.toLowerCase());
}
