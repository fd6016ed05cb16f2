import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UserIdField } from "@/lib/subscriber-format";

/**
 * A person named by their id as people say it ("Telegram ID 7239651513", "ID ВКонтакте 42"),
 * not by the API's field name (tg_user_id), for the page and the sentences about a bot.
 */
export function personLabel(field: UserIdField, userId: number, i18n: I18n): string {
  const id = String(userId);
  return field === "vk_user_id"
    ? i18n._(msg`VK user id ${id}`)
    : i18n._(msg`Telegram user id ${id}`);
}
