import type { UserIdField } from "../../../src/contract/common";
import type {
  DirectoryPerson,
  DirectoryPersonBrief,
  DirectoryStatus,
} from "../../../src/contract/directory";
import type { DirectoryChannelRow } from "../store/directory-channels";
import type { BotRunRow, HistoryRow } from "../store/directory-history";
import type { PersonRow } from "../store/directory-people";

/** The directory's rows as the contract (src/contract/directory.ts) shows them. */

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function list<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function briefOf(row: PersonRow): DirectoryPersonBrief {
  return {
    record_id: String(row.record_id),
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    photo: row.photo,
    status: row.status,
    ignore: row.ignore,
    date: row.date,
    subscriptions: list(row.subscriptions),
    left_at: isoOrNull(row.left_at),
    confirmed_at: iso(row.confirmed_at),
  };
}

/** The profile link of a person: VK's profile page, or Telegram's link that opens the chat. */
export function profileUrl(userId: number, field: UserIdField | undefined): string {
  return field === "vk_user_id"
    ? `https://vk.com/id${String(userId)}`
    : `tg://user?id=${String(userId)}`;
}

export function personOf(
  row: PersonRow,
  field: UserIdField | undefined,
  history: readonly HistoryRow[],
  botRun: BotRunRow | undefined,
): DirectoryPerson {
  return {
    ...briefOf(row),
    utms: list(row.utms),
    variables: list<{ n: string; v: string }>(row.vars).map((item) => ({
      name: item.n,
      value: item.v,
    })),
    profile_url: profileUrl(row.user_id, field),
    last_bot: botRun
      ? {
          action: botRun.action,
          bot_id: botRun.bot_id,
          step_id: botRun.step_id,
          at: iso(botRun.at),
          by: botRun.by,
        }
      : null,
    history: history.map((event) => ({
      event_id: event.event_id,
      type: event.type,
      subscription_id: event.subscription_id,
      utm_id: event.utm_id,
      source: event.source,
      date: event.date,
      received_at: iso(event.received_at),
    })),
  };
}

export interface StatusSettings {
  fullEveryMs: number;
  leftKeepMs: number;
  share: number;
  hooksConfigured: boolean;
}

export function statusOf(row: DirectoryChannelRow, settings: StatusSettings): DirectoryStatus {
  const passing = row.pass_started_at !== null;
  const total = row.pass_total;
  return {
    group_id: row.group_id,
    state: row.last_full_pass_at !== null ? "ready" : passing ? "reading" : "empty",
    people: row.people,
    left: row.left_count,
    left_kept_days: Math.round(settings.leftKeepMs / 86_400_000),
    updated_at: isoOrNull(row.updated_at),
    last_full_pass_at: isoOrNull(row.last_full_pass_at),
    next_full_pass_at:
      row.last_full_pass_started_at === null || passing
        ? null
        : iso(row.last_full_pass_started_at + settings.fullEveryMs),
    full_pass: passing
      ? {
          started_at: iso(row.pass_started_at ?? 0),
          read: row.pass_read,
          total,
          // Never 100 before the pass has ended: people may have joined since it was counted.
          percent:
            total === null || total === 0
              ? null
              : Math.min(99, Math.floor((row.pass_read * 100) / total)),
        }
      : null,
    error:
      row.error_message === null
        ? null
        : {
            message: row.error_message,
            at: iso(row.error_at ?? 0),
            retry_at: isoOrNull(row.retry_at),
          },
    share: settings.share,
    hooks: { configured: settings.hooksConfigured, last_event_at: isoOrNull(row.last_hook_at) },
  };
}
