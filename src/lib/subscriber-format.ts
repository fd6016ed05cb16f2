import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

/**
 * How a subscriber record reads on screen and in exports, in the language of the `i18n` given.
 * Pure, so the list, the panel and the CSV export all say the same thing for the same value.
 */

/** Which user-id field a channel's subscribers carry. */
export type UserIdField = "tg_user_id" | "vk_user_id";

interface PersonName {
  first_name: string;
  last_name: string;
}

interface UserIds {
  tg_user_id?: number | undefined;
  vk_user_id?: number | undefined;
}

/**
 * The subscriber `status` in words. The meaning is our decision (api-facts.md: the same values
 * as `lead_status`), so any other value is shown raw rather than guessed.
 */
export function statusLabel(status: number, i18n: I18n): string {
  if (status === 1) return i18n._(msg({ message: "Active", context: "subscriber status" }));
  if (status === 2) return i18n._(msg({ message: "Inactive", context: "subscriber status" }));
  return i18n._(msg`Status ${status}`);
}

/** "1 subscriber", "5 subscribers" / "1 подписчик", "5 подписчиков", "21 подписчик". */
export function subscriberCount(count: number, i18n: I18n): string {
  return i18n._(msg`${plural(count, { one: "# subscriber", other: "# subscribers" })}`);
}

/** First and last name joined; "Unnamed" when both are blank. */
export function personName(person: PersonName, i18n: I18n): string {
  const name = [person.first_name.trim(), person.last_name.trim()]
    .filter((part) => part !== "")
    .join(" ");
  return name === "" ? i18n._(msg`Unnamed`) : name;
}

/**
 * The user-id field of a channel, from its `type_id` ("1" VK, "2" Telegram) or `type_name`
 * ("vk", "tg"); `undefined` for a kind we do not know.
 */
export function userIdField(kind: string): UserIdField | undefined {
  const value = kind.trim().toLowerCase();
  if (value === "2" || value === "tg" || value === "telegram") return "tg_user_id";
  if (value === "1" || value === "vk") return "vk_user_id";
  return undefined;
}

/**
 * The person's user id. With the channel's field, that field only (a VK channel shows the VK
 * id); without it, whichever the record has — the contract guarantees at least one.
 */
export function userIdOf(person: UserIds, field?: UserIdField): number | undefined {
  if (field) return person[field];
  return person.tg_user_id ?? person.vk_user_id;
}

/**
 * The person's subscriptions by name, in the record's order; an id whose name is not known
 * (deleted, or beyond what was loaded) shows as `#id` rather than disappearing.
 */
export function subscriptionNames(
  subscriptions: readonly { subscription_id: number }[],
  names: ReadonlyMap<number, string>,
): string[] {
  return subscriptions.map(({ subscription_id: id }) => {
    const name = names.get(id)?.trim();
    return name !== undefined && name !== "" ? name : `#${String(id)}`;
  });
}

/** The person's UTM tags by `utm_source`, or `#utm_id` when a tag has no source. */
export function utmLabels(
  utms: readonly { utm_id: number; utm_source?: string | undefined }[],
): string[] {
  return utms.map(({ utm_id: id, utm_source: source }) => {
    const label = source?.trim();
    return label !== undefined && label !== "" ? label : `#${String(id)}`;
  });
}
