import type { HookEventType } from "../../../src/contract/hooks";
import type { GatewayDb } from "./database";

/** What the directory remembers of a person beyond their record: hook events and bot runs. */

/** Hook events kept per person; older ones are dropped as new ones come. */
export const HISTORY_PER_PERSON = 100;

export interface HistoryRow {
  event_id: number;
  user_id: number;
  type: HookEventType;
  subscription_id: number;
  utm_id: number;
  source: string;
  date: string;
  received_at: number;
}

/** Records a hook event; false when it was recorded before (a retry of the same event). */
export function recordEvent(db: GatewayDb, dirId: number, event: HistoryRow): boolean {
  return db
    .transaction(() => {
      const added = db
        .prepare(
          `INSERT INTO directory_events (dir_id, event_id, user_id, type, subscription_id, utm_id,
           source, date, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        )
        .run(
          dirId,
          event.event_id,
          event.user_id,
          event.type,
          event.subscription_id,
          event.utm_id,
          event.source,
          event.date,
          event.received_at,
        ).changes;
      if (added === 0) return false;
      db.prepare(
        `DELETE FROM directory_events WHERE rowid IN (SELECT rowid FROM directory_events
         WHERE dir_id = ? AND user_id = ? ORDER BY received_at DESC, event_id DESC
         LIMIT -1 OFFSET ?)`,
      ).run(dirId, event.user_id, HISTORY_PER_PERSON);
      db.prepare("UPDATE directory_channels SET last_hook_at = ? WHERE dir_id = ?").run(
        event.received_at,
        dirId,
      );
      return true;
    })
    .immediate();
}

/** A person's hook events, newest first. */
export function historyOf(db: GatewayDb, dirId: number, userId: number): HistoryRow[] {
  return db
    .prepare(
      `SELECT event_id, user_id, type, subscription_id, utm_id, source, date, received_at
         FROM directory_events WHERE dir_id = ? AND user_id = ?
        ORDER BY received_at DESC, event_id DESC LIMIT ?`,
    )
    .all(dirId, userId, HISTORY_PER_PERSON) as HistoryRow[];
}

export interface BotRunRow {
  action: "start" | "stop";
  bot_id: number;
  step_id: string | null;
  at: number;
  by: string;
}

export function recordBotRun(db: GatewayDb, dirId: number, userId: number, run: BotRunRow): void {
  db.prepare(
    `INSERT INTO directory_bot_runs (dir_id, user_id, action, bot_id, step_id, at, by)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (dir_id, user_id) DO UPDATE SET action = excluded.action,
       bot_id = excluded.bot_id, step_id = excluded.step_id, at = excluded.at, by = excluded.by`,
  ).run(dirId, userId, run.action, run.bot_id, run.step_id, run.at, run.by);
}

export function lastBotRun(db: GatewayDb, dirId: number, userId: number): BotRunRow | undefined {
  return db
    .prepare(
      "SELECT action, bot_id, step_id, at, by FROM directory_bot_runs WHERE dir_id = ? AND user_id = ?",
    )
    .get(dirId, userId) as BotRunRow | undefined;
}
