import { formatApiDateTime } from "../../../src/contract/datetime";
import type { HookEvent } from "../../../src/contract/hooks";
import type { Db } from "../store/database";
import { statement } from "../store/statements";

interface EventRow {
  id: number;
  channel_id: number;
  kind: "vk" | "tg";
  time_zone: string;
  external_id: string;
  user_id: number;
  subscription_id: number;
  action: number;
  source: string;
  utm_id: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  at: number;
}

/**
 * The payload of one subscription event for a hook (shape: src/contract/hooks.ts). Built when it
 * is sent, from the event row; undefined when the event is gone (its person was deleted).
 */
export function hookEventOf(db: Db, eventId: number, secret: string): HookEvent | undefined {
  const row = statement(
    db,
    `SELECT e.id, e.channel_id, c.kind, c.time_zone, c.external_id, s.user_id, e.subscription_id, e.action,
            e.source, e.utm_id, t.utm_source, t.utm_medium, t.utm_campaign, t.utm_content,
            t.utm_term, e.at
       FROM subscription_events e
       JOIN channels c ON c.id = e.channel_id
       JOIN subscribers s ON s.id = e.subscriber_id
       LEFT JOIN utm_tags t ON t.id = e.utm_id
      WHERE e.id = ?`,
  ).get(eventId) as EventRow | undefined;
  if (!row) return undefined;
  const person = row.kind === "vk" ? { vk_user_id: row.user_id } : { tg_user_id: row.user_id };
  return {
    type: row.action === 1 ? "subscribe" : "unsubscribe",
    group_id: row.channel_id,
    event_id: row.id,
    secret,
    object: {
      ...person,
      // The VK community's own id, as public receivers of the production hooks read it.
      ...(row.kind === "vk" && /^\d+$/.test(row.external_id)
        ? { vk_group_id: Number(row.external_id) }
        : {}),
      subscription_id: row.subscription_id,
      utm_id: row.utm_id ?? 0,
      utm_source: row.utm_source ?? "",
      utm_medium: row.utm_medium ?? "",
      utm_campaign: row.utm_campaign ?? "",
      utm_content: row.utm_content ?? "",
      utm_term: row.utm_term ?? "",
      source: row.source,
      date: formatApiDateTime(row.at * 1000, row.time_zone),
    },
  };
}
