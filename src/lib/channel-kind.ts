import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** A channel's kind from the service's `type_id`: "1" is VK, "2" is Telegram. */
export function channelKindLabel(typeId: string, i18n: I18n): string {
  if (typeId === "1") return i18n._(msg({ message: "VK", context: "social network" }));
  if (typeId === "2") return i18n._(msg({ message: "Telegram", context: "messenger" }));
  return i18n._(msg`Unknown (type ${typeId})`);
}
