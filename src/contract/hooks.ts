import * as z from "./zod";
import { apiDateTime, int } from "./common";
import { contractError } from "./messages";

/**
 * What the service pushes to a WebHook URL on every subscribe and unsubscribe (api-facts.md:
 * the production WebHook API, configured in its cabinet, sends these as a GET query, a JSON
 * POST or a form POST, retries up to 10 times and pauses a hook after more than 200 errors).
 *
 * The production payload is not documented beyond what public receivers read: `type`
 * ("subscribe" / "unsubscribe"), `secret`, and `object` with the person's id, `vk_group_id`,
 * `subscription_id` and the `utm_*` fields. The local Channel API sends that shape plus what a
 * receiver needs to keep a directory exact: `group_id`, an `event_id` that stays the same
 * across retries (deduplicate by it), `utm_id`, `source` and `date` (DD.MM.YYYY HH:MM:SS in the
 * channel's time zone). The person is `vk_user_id` on a VK channel, `tg_user_id` on Telegram.
 *
 * JSON sends the object as it is; GET and form send the same fields as text with the object's
 * fields as `object[name]` (PHP style): `hookEventFromFields` reads those back.
 */

export const hookEventTypes = ["subscribe", "unsubscribe"] as const;
export type HookEventType = (typeof hookEventTypes)[number];

export const hookMethods = ["get", "json", "form"] as const;
export type HookMethod = (typeof hookMethods)[number];

export const hookEventObject = z.looseObject({
  vk_user_id: z.optional(int),
  tg_user_id: z.optional(int),
  /** On VK channels: the VK community's own id (the channel's external_id), as production sends it. */
  vk_group_id: z.optional(int),
  subscription_id: int,
  /** 0 when the event carries no tag. */
  utm_id: int,
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  utm_content: z.string(),
  utm_term: z.string(),
  /** An event source of api-facts.md ("api", "widget", …). */
  source: z.string(),
  date: apiDateTime,
});

export const hookEvent = z.looseObject({
  type: z.enum(hookEventTypes),
  group_id: int,
  /** The same for every attempt to deliver one event. */
  event_id: int,
  /** The hook's secret ("" when it has none): compare it before trusting the call. */
  secret: z.string(),
  object: hookEventObject.check(
    z.refine(
      (o) => o.vk_user_id !== undefined || o.tg_user_id !== undefined,
      contractError("some-user-id"),
    ),
  ),
});
export type HookEvent = z.infer<typeof hookEvent>;

const INT_FIELDS = new Set([
  "group_id",
  "event_id",
  "vk_user_id",
  "tg_user_id",
  "vk_group_id",
  "subscription_id",
  "utm_id",
]);
const OBJECT_KEY = /^object\[([A-Za-z0-9_]+)\]$/;

function value(key: string, text: string): string | number {
  return INT_FIELDS.has(key) && /^-?\d+$/.test(text) ? Number(text) : text;
}

/**
 * A hook call sent as a GET query or a form body, back into the shape of the JSON one (then
 * parse it with `hookEvent`). Numeric fields come back as numbers; a repeated key keeps the last.
 */
export function hookEventFromFields(pairs: Iterable<readonly [string, string]>): unknown {
  const top: Record<string, unknown> = {};
  const object: Record<string, unknown> = {};
  for (const [key, text] of pairs) {
    const nested = OBJECT_KEY.exec(key)?.[1];
    if (nested !== undefined) object[nested] = value(nested, text);
    else top[key] = value(key, text);
  }
  return { ...top, object };
}

/** The fields of a hook call as GET and form send them: text, the object's as `object[name]`. */
export function hookEventToFields(event: HookEvent): [string, string][] {
  const pairs: [string, string][] = [];
  const text = (item: unknown) =>
    typeof item === "string" || typeof item === "number" ? String(item) : JSON.stringify(item);
  for (const [key, item] of Object.entries(event)) {
    if (key !== "object") pairs.push([key, text(item)]);
  }
  for (const [key, item] of Object.entries(event.object)) {
    if (item !== undefined) pairs.push([`object[${key}]`, text(item)]);
  }
  return pairs;
}
