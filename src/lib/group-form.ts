import type { SubscriptionInfo } from "@/contract/entities";
import type { RequestOf } from "@/contract/operations";

/**
 * A group's (a subscription's) settings as its form holds them, and the two ways between the
 * form and the API: what subscriptions/get says → the form, the form → what
 * subscriptions/add|edit take. Texts stay strings, switches booleans, ids strings (the
 * values of <select multiple>), and the time limit's ends wall times of the channel's zone
 * as an <input type="datetime-local"> holds them ("2026-11-24T09:30"): the API's date-times
 * are wall times of the channel's zone too, so no zone arithmetic happens here.
 */
export interface GroupFormValues {
  name: string;
  title: string;
  btn_ok: string;
  btn_cancel: string;
  short_description: string;
  description: string;
  inactive: boolean;
  hide_subscriptions: boolean;
  disabled_notify: boolean;
  vk_pixel: string;
  fb_pixel: string;
  ya_metrica: string;
  ga_metrica: string;
  url_after_subscribing: string;
  url_after_unsubscribing: string;
  limit_period: boolean;
  limit_period_from: string;
  limit_period_to: string;
  exclude_subscription_id: string[];
  bot_ids: string[];
}

export const GROUP_TEXT_FIELDS = [
  "name",
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
  "limit_period_from",
  "limit_period_to",
] as const;
export const GROUP_FLAG_FIELDS = [
  "inactive",
  "hide_subscriptions",
  "disabled_notify",
  "limit_period",
] as const;
export const GROUP_LIST_FIELDS = ["exclude_subscription_id", "bot_ids"] as const;

export const emptyGroupForm: GroupFormValues = {
  name: "",
  title: "",
  btn_ok: "",
  btn_cancel: "",
  short_description: "",
  description: "",
  inactive: false,
  hide_subscriptions: false,
  disabled_notify: false,
  vk_pixel: "",
  fb_pixel: "",
  ya_metrica: "",
  ga_metrica: "",
  url_after_subscribing: "",
  url_after_unsubscribing: "",
  limit_period: false,
  limit_period_from: "",
  limit_period_to: "",
  exclude_subscription_id: [],
  bot_ids: [],
};

const API_WALL = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;
const INPUT_WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (part: string | undefined, width = 2) => (part ?? "0").padStart(width, "0");

/** "24.11.2026 09:30:00" → "2026-11-24T09:30" (seconds kept only when not 0); "" otherwise. */
export function inputFromApiDateTime(text: string | undefined): string {
  const match = API_WALL.exec(text ?? "");
  if (!match) return "";
  const [, day, month, year, hour, minute, second] = match;
  const base = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
  return second !== undefined && Number(second) !== 0 ? `${base}:${pad(second)}` : base;
}

/** "2026-11-24T09:30" → "24.11.2026 09:30:00"; `undefined` for anything else (or ""). */
export function apiDateTimeFromInput(text: string): string | undefined {
  const match = INPUT_WALL.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return `${pad(day)}.${pad(month)}.${pad(year, 4)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The form of a group as subscriptions/get describes it (absent settings are empty). */
export function groupFormFromInfo(info: SubscriptionInfo): GroupFormValues {
  return {
    name: info.name,
    title: info.title ?? "",
    btn_ok: info.btn_ok ?? "",
    btn_cancel: info.btn_cancel ?? "",
    short_description: info.short_description ?? "",
    description: info.description ?? "",
    inactive: info.inactive === 1,
    hide_subscriptions: info.hide_subscriptions === 1,
    disabled_notify: info.disabled_notify === 1,
    vk_pixel: info.vk_pixel ?? "",
    fb_pixel: info.fb_pixel ?? "",
    ya_metrica: info.ya_metrica ?? "",
    ga_metrica: info.ga_metrica ?? "",
    url_after_subscribing: info.url_after_subscribing ?? "",
    url_after_unsubscribing: info.url_after_unsubscribing ?? "",
    limit_period: info.limit_period === 1,
    limit_period_from: inputFromApiDateTime(info.limit_period_from),
    limit_period_to: inputFromApiDateTime(info.limit_period_to),
    exclude_subscription_id: (info.exclude_subscription_id ?? []).map(String),
    bot_ids: (info.bot_ids ?? []).map(String),
  };
}

const flag = (on: boolean) => (on ? 1 : 0);
const idList = (values: readonly string[]) =>
  [...new Set(values.map(Number))].filter((id) => Number.isInteger(id) && id > 0);

/**
 * What subscriptions/add (and, with the group's id, subscriptions/edit) is sent: every field,
 * so that a text emptied in the form is emptied in the service ("" clears it) and a list
 * emptied is sent empty. The time limit's ends are sent when filled in; the API has no way to
 * clear one, so an end emptied while the limit is off stays as it was (and does nothing).
 */
export function groupRequestFromForm(values: GroupFormValues): RequestOf<"subscriptions/add"> {
  const from = apiDateTimeFromInput(values.limit_period_from);
  const to = apiDateTimeFromInput(values.limit_period_to);
  return {
    name: values.name.trim(),
    title: values.title,
    btn_ok: values.btn_ok,
    btn_cancel: values.btn_cancel,
    short_description: values.short_description,
    description: values.description,
    inactive: flag(values.inactive),
    hide_subscriptions: flag(values.hide_subscriptions),
    disabled_notify: flag(values.disabled_notify),
    vk_pixel: values.vk_pixel.trim(),
    fb_pixel: values.fb_pixel.trim(),
    ya_metrica: values.ya_metrica.trim(),
    ga_metrica: values.ga_metrica.trim(),
    url_after_subscribing: values.url_after_subscribing.trim(),
    url_after_unsubscribing: values.url_after_unsubscribing.trim(),
    limit_period: flag(values.limit_period),
    ...(from === undefined ? {} : { limit_period_from: from }),
    ...(to === undefined ? {} : { limit_period_to: to }),
    exclude_subscription_id: idList(values.exclude_subscription_id),
    bot_ids: idList(values.bot_ids),
  };
}

/** The form as a draft keeps it (strings only, src/lib/drafts.ts): flags "1"/"", lists "1,2". */
export function groupDraftFromForm(values: GroupFormValues): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const field of GROUP_TEXT_FIELDS) draft[field] = values[field];
  for (const field of GROUP_FLAG_FIELDS) draft[field] = values[field] ? "1" : "";
  for (const field of GROUP_LIST_FIELDS) draft[field] = values[field].join(",");
  return draft;
}

export const GROUP_DRAFT_FIELDS = [
  ...GROUP_TEXT_FIELDS,
  ...GROUP_FLAG_FIELDS,
  ...GROUP_LIST_FIELDS,
] as const;

/** The form a draft held (see groupDraftFromForm). */
export function groupFormFromDraft(
  draft: Readonly<Record<(typeof GROUP_DRAFT_FIELDS)[number], string>>,
): GroupFormValues {
  const values = { ...emptyGroupForm };
  for (const field of GROUP_TEXT_FIELDS) values[field] = draft[field];
  for (const field of GROUP_FLAG_FIELDS) values[field] = draft[field] === "1";
  for (const field of GROUP_LIST_FIELDS) {
    values[field] = draft[field] === "" ? [] : draft[field].split(",");
  }
  return values;
}

interface ErrorLike {
  kind: string;
  code?: number | undefined;
  path?: string | undefined;
  message: string;
}

/** The fields a refusal of subscriptions/add|edit can be about. */
export type GroupErrorField = (typeof GROUP_DRAFT_FIELDS)[number];
const GROUP_FIELDS: ReadonlySet<string> = new Set(GROUP_DRAFT_FIELDS);

/**
 * The field a refusal belongs to, so it is said beside it: error 10 (a bot not found) is the
 * bots; the local API's words (and a request our client refused) start with the field
 * ("exclude_subscription_id: subscription 9 not found", "limit_period_from must not be after
 * limit_period_to"); anything else (the network, the session) belongs to the whole form.
 */
export function groupErrorField(error: ErrorLike): GroupErrorField | undefined {
  if (error.code === 10) return "bot_ids";
  const named =
    error.kind === "request"
      ? (error.path ?? "").split(".")[0]
      : /^([a-z_]+)\b/.exec(error.message.trim())?.[1];
  return named !== undefined && GROUP_FIELDS.has(named) ? (named as GroupErrorField) : undefined;
}
