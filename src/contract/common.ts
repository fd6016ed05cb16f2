import * as z from "./zod";
import { isApiDateTime, isApiDateTimeInput } from "./datetime";
import { contractError, contractTexts } from "./messages";

/** Page size limits of every paged method (api-facts.md: max 100; default 20 is our decision). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
/** `offset` pages the statSubscribe methods and the name-lookup reads; public clients cap it. */
export const OFFSET_MAX = 100_000;
export const API_VERSION = 2;

/** Variable rules: Latin letters, digits and `_` (error 11); lengths are our decision. */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const VARIABLE_NAME_MAX = 64;
export const VARIABLE_VALUE_MAX = 4096;

export const int = z.int();
export const id = z.int().check(z.positive());

/** A date-time as responses carry it: zero-padded `DD.MM.YYYY HH:MM:SS`. */
export const apiDateTime = z.string().check(z.refine(isApiDateTime, contractError("date-time")));

/** A date-time as requests may carry it: the padded form or any leniency of api-facts.md. */
export const apiDateTimeInput = z
  .string()
  .check(z.refine(isApiDateTimeInput, contractError("date-time")));

export const count = z.int().check(z.gte(1), z.lte(PAGE_SIZE_MAX));
export const offset = z.int().check(z.gte(0), z.lte(OFFSET_MAX));
export const ids = z.array(id);
/** Where api-facts.md allows one id or several. */
export const idOrIds = z.union([id, ids]);

/** Common fields of every call; the gateway adds `access_token` and `v`, never the browser. */
export const commonRequest = z.object({
  access_token: z.string().check(z.minLength(1)),
  v: z.literal(API_VERSION),
  group_id: id,
});

/** The kind of a channel decides which field identifies a person. */
export const userIdFields = ["vk_user_id", "tg_user_id"] as const;
export type UserIdField = (typeof userIdFields)[number];

export function hasOneUserId(value: { vk_user_id?: unknown; tg_user_id?: unknown }): boolean {
  return (value.vk_user_id === undefined) !== (value.tg_user_id === undefined);
}

/** The server's words when a request names no person or both kinds of id. */
export const oneUserIdMessage = contractTexts["one-user-id"];

/** Responses name a person by one of the two fields; at least one must be there. */
export function hasSomeUserId(value: { vk_user_id?: unknown; tg_user_id?: unknown }): boolean {
  return value.vk_user_id !== undefined || value.tg_user_id !== undefined;
}

/** Filters shared by the statistics operations (api-facts.md). */
export const eventFilters = {
  subscription_id: z.optional(ids),
  utm_id: z.optional(ids),
  delivery_id: z.optional(ids),
  vk_user_id: z.optional(idOrIds),
  tg_user_id: z.optional(idOrIds),
};

export const period = {
  date_from: apiDateTimeInput,
  date_to: apiDateTimeInput,
};

export const success = z.literal(true);

/** Event sources (api-facts.md); requests take any text, so a source added later still works. */
export const eventSources = [
  "subscriptions",
  "subscription",
  "widget",
  "keyword",
  "api",
  "site",
  "hand",
  "other",
] as const;

/** Counters the service sends as strings of digits (deliveries/get). */
export const digits = z.string().check(z.regex(/^\d+$/, contractError("digits")));

/** 0 or 1, as the service's flags are sent. */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** An http(s) URL of at most 2048 characters. */
export const URL_MAX = 2048;
export function isHttpUrl(text: string): boolean {
  if (text.length > URL_MAX) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
export const httpUrl = z
  .string()
  .check(z.refine(isHttpUrl, contractError("http-url", { max: URL_MAX })));
