import { isHttpUrl } from "../../../src/contract/common";
import { type HookMethod, hookMethods } from "../../../src/contract/hooks";
import type { Db } from "../store/database";

/**
 * The WebHooks of the local Channel API: per channel, a URL that gets every subscribe and
 * unsubscribe event (as a GET query, a JSON POST or a form POST). Production configures them in
 * its cabinet; here a test, the gateway (in process) or `npm run api -- --hook …` registers them.
 */

export interface HookSettings {
  groupId: number;
  url: string;
  method: HookMethod;
  /** Sent in every payload so the receiver can check the call is ours; "" for none. */
  secret?: string;
  onSubscribe?: boolean;
  onUnsubscribe?: boolean;
}

export interface HookRow {
  id: number;
  channel_id: number;
  url: string;
  method: HookMethod;
  secret: string;
  on_subscribe: number;
  on_unsubscribe: number;
  state: "active" | "paused";
  /** Failed attempts since the hook was (re)activated; more than 200 pause it. */
  errors: number;
  delivered: number;
  /** Events given up after the last attempt, or dropped when the hook paused. */
  dropped: number;
  last_error: string;
  created_at: number;
}

export const HOOK_SECRET_MAX = 200;

export class HookSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HookSettingsError";
  }
}

function check(db: Db, settings: HookSettings): void {
  const channel = db.prepare("SELECT 1 FROM channels WHERE id = ?").get(settings.groupId);
  if (!channel) throw new HookSettingsError(`no channel ${String(settings.groupId)}`);
  if (!isHttpUrl(settings.url)) {
    throw new HookSettingsError(`${settings.url}: expected an http or https URL`);
  }
  if (!hookMethods.includes(settings.method)) {
    throw new HookSettingsError(`method must be one of ${hookMethods.join(", ")}`);
  }
  if ((settings.secret ?? "").length > HOOK_SECRET_MAX) {
    throw new HookSettingsError(`the secret is longer than ${String(HOOK_SECRET_MAX)} characters`);
  }
}

/**
 * Adds a hook, or updates the one with the same channel and URL; either way it is active with
 * no errors counted. Events recorded from now on are queued for it. Returns its id.
 */
export function registerHook(db: Db, settings: HookSettings, now = Date.now()): number {
  check(db, settings);
  const row = db
    .prepare(
      `INSERT INTO hooks (channel_id, url, method, secret, on_subscribe, on_unsubscribe, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (channel_id, url) DO UPDATE SET method = excluded.method,
         secret = excluded.secret, on_subscribe = excluded.on_subscribe,
         on_unsubscribe = excluded.on_unsubscribe, state = 'active', errors = 0, last_error = ''
       RETURNING id`,
    )
    .get(
      settings.groupId,
      settings.url,
      settings.method,
      settings.secret ?? "",
      settings.onSubscribe === false ? 0 : 1,
      settings.onUnsubscribe === false ? 0 : 1,
      Math.floor(now / 1000),
    ) as { id: number };
  return row.id;
}

export function listHooks(db: Db, groupId?: number): HookRow[] {
  return db
    .prepare("SELECT * FROM hooks WHERE ? IS NULL OR channel_id = ? ORDER BY id")
    .all(groupId ?? null, groupId ?? null) as HookRow[];
}

export function findHook(db: Db, id: number): HookRow | undefined {
  return db.prepare("SELECT * FROM hooks WHERE id = ?").get(id) as HookRow | undefined;
}

/** Removes a hook and what was queued for it; false when there was none. */
export function removeHook(db: Db, id: number): boolean {
  return db.prepare("DELETE FROM hooks WHERE id = ?").run(id).changes > 0;
}

/** Sends a paused hook's events again from now on, its error count back at 0. */
export function resumeHook(db: Db, id: number): boolean {
  return (
    db
      .prepare("UPDATE hooks SET state = 'active', errors = 0, last_error = '' WHERE id = ?")
      .run(id).changes > 0
  );
}

/** How many events wait for each hook (for status lines and tests). */
export function queuedEvents(db: Db, id: number): number {
  return (
    db.prepare("SELECT count(*) AS n FROM hook_queue WHERE hook_id = ?").get(id) as { n: number }
  ).n;
}
