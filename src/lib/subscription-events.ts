import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SubscriptionEvent } from "@/contract/entities";

/**
 * How a subscription event (subscribers/statSubscribe) reads on screen and in the CSV
 * (subscription-events-csv.ts). Pure, so that the table and the file say the same thing.
 */

/** api-facts.md: action 1 subscribed, 2 unsubscribed; anything else is shown raw. */
export function actionLabel(action: number, i18n: I18n): string {
  if (action === 1) return i18n._(msg({ message: "Subscribed", context: "event action" }));
  if (action === 2) return i18n._(msg({ message: "Unsubscribed", context: "event action" }));
  return i18n._(msg`Action ${action}`);
}

const SOURCE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  subscriptions: msg`Subscriptions page`,
  subscription: msg`Subscription page`,
  widget: msg`Widget`,
  keyword: msg`Keyword`,
  api: msg`API`,
  site: msg`Site`,
  hand: msg`By hand`,
  other: msg`Other`,
};

/** The event's `source` in words; a value we do not know is shown as it came. */
export function sourceLabel(source: string, i18n: I18n): string {
  const key = source.trim().toLowerCase();
  const known = Object.hasOwn(SOURCE_LABELS, key) ? SOURCE_LABELS[key] : undefined;
  if (known !== undefined) return i18n._(known);
  return source.trim() === "" ? "—" : source;
}

/** A name by id, or `#id` when the name is not known; "" for 0 (no subscription / no tag). */
export function nameOf(id: number, names: ReadonlyMap<number, string>): string {
  if (id === 0) return "";
  const name = names.get(id)?.trim();
  return name !== undefined && name !== "" ? name : `#${String(id)}`;
}

/** The event's UTM: the tag's name, its source when the tag is not known, or "". */
export function utmOfEvent(
  event: Pick<SubscriptionEvent, "utm_id" | "utm_source">,
  utmNames: ReadonlyMap<number, string>,
): string {
  if (event.utm_id === 0) return event.utm_source.trim();
  const name = utmNames.get(event.utm_id)?.trim();
  if (name !== undefined && name !== "") return name;
  const source = event.utm_source.trim();
  return source === "" ? `#${String(event.utm_id)}` : source;
}
