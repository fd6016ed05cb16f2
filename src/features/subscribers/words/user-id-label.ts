import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UserIdField } from "@/lib/subscriber-format";

/**
 * The name of a channel's user-id field as people call it ("Telegram user id" / "Telegram ID",
 * "VK user id" / "ID ВКонтакте"); "User id" for a channel of a kind the app does not know.
 */
export function userIdLabel(field: UserIdField | undefined, i18n: I18n): string {
  if (field === "tg_user_id") return i18n._(msg`Telegram user id`);
  if (field === "vk_user_id") return i18n._(msg`VK user id`);
  return i18n._(msg`User id`);
}
