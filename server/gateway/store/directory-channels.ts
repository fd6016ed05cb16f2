import type { GatewayDb } from "./database";
import { dropFts, ensureFts } from "./directory-fts";

/** One channel's directory and where its sync stands (times in ms since the epoch). */
export interface DirectoryChannelRow {
  dir_id: number;
  group_id: number;
  created_at: number;
  people: number;
  left_count: number;
  pass_started_at: number | null;
  pass_cursor: string | null;
  pass_read: number;
  pass_total: number | null;
  pass_requested: number;
  last_full_pass_at: number | null;
  last_full_pass_started_at: number | null;
  tail_cursor: string;
  last_incremental_at: number | null;
  updated_at: number | null;
  error_message: string | null;
  error_at: number | null;
  retry_at: number | null;
  last_hook_at: number | null;
}

export type Settable = Partial<Omit<DirectoryChannelRow, "dir_id" | "group_id" | "created_at">>;

const SETTABLE = new Set<string>([
  "people",
  "left_count",
  "pass_started_at",
  "pass_cursor",
  "pass_read",
  "pass_total",
  "pass_requested",
  "last_full_pass_at",
  "last_full_pass_started_at",
  "tail_cursor",
  "last_incremental_at",
  "updated_at",
  "error_message",
  "error_at",
  "retry_at",
  "last_hook_at",
]);

export function findDirectory(db: GatewayDb, groupId: number): DirectoryChannelRow | undefined {
  return db.prepare("SELECT * FROM directory_channels WHERE group_id = ?").get(groupId) as
    DirectoryChannelRow | undefined;
}

/** The channel's directory, made (empty, with its search index) when it has none. */
export function ensureDirectory(db: GatewayDb, groupId: number, now: number): DirectoryChannelRow {
  const found = findDirectory(db, groupId);
  if (found) {
    ensureFts(db, found.dir_id);
    return found;
  }
  return db
    .transaction(() => {
      // Never the id of a directory still in the trash (a wiped one is the highest id, which
      // SQLite would give again): the sweeper would delete the new directory's people with it.
      const row = db
        .prepare(
          `INSERT INTO directory_channels (dir_id, group_id, created_at)
         VALUES (max(coalesce((SELECT max(dir_id) FROM directory_channels), 0),
                     coalesce((SELECT max(dir_id) FROM directory_trash), 0)) + 1, ?, ?)
         RETURNING *`,
        )
        .get(groupId, now) as DirectoryChannelRow;
      ensureFts(db, row.dir_id);
      return row;
    })
    .immediate();
}

export function updateDirectory(db: GatewayDb, dirId: number, fields: Settable): void {
  const names = Object.keys(fields).filter((name) => SETTABLE.has(name));
  if (names.length === 0) return;
  const values = names.map((name) => fields[name as keyof Settable] ?? null);
  db.prepare(
    `UPDATE directory_channels SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE dir_id = ?`,
  ).run(...values, dirId);
}

/**
 * Drops a channel's directory: its row and search index at once, its people and events later
 * (the sweeper). Returns whether there was one.
 */
export function dropDirectory(db: GatewayDb, groupId: number): boolean {
  return db
    .transaction(() => {
      const found = findDirectory(db, groupId);
      if (!found) return false;
      db.prepare("DELETE FROM directory_channels WHERE dir_id = ?").run(found.dir_id);
      db.prepare("INSERT OR IGNORE INTO directory_trash (dir_id) VALUES (?)").run(found.dir_id);
      dropFts(db, found.dir_id);
      return true;
    })
    .immediate();
}

/** Directories of channels not in `groupIds` (removed from the configuration): dropped. */
export function dropDirectoriesExcept(db: GatewayDb, groupIds: readonly number[]): number[] {
  const rows = db.prepare("SELECT group_id FROM directory_channels").all() as {
    group_id: number;
  }[];
  const dropped = rows.map((row) => row.group_id).filter((id) => !groupIds.includes(id));
  for (const groupId of dropped) dropDirectory(db, groupId);
  return dropped;
}

const SWEEP_TABLES = ["directory_people", "directory_events", "directory_bot_runs"] as const;

/**
 * Deletes up to `batch` rows of dropped directories; returns how many it deleted (0: nothing
 * left). Called again and again between other work, so no call holds the database for long.
 */
export function sweepTrash(db: GatewayDb, batch = 5000): number {
  const trash = db.prepare("SELECT dir_id FROM directory_trash ORDER BY dir_id LIMIT 1").get() as
    { dir_id: number } | undefined;
  if (!trash) return 0;
  return db
    .transaction(() => {
      let deleted = 0;
      for (const table of SWEEP_TABLES) {
        const left = batch - deleted;
        if (left <= 0) break;
        deleted += db
          .prepare(
            `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE dir_id = ? LIMIT ?)`,
          )
          .run(trash.dir_id, left).changes;
      }
      if (deleted === 0) {
        db.prepare("DELETE FROM directory_trash WHERE dir_id = ?").run(trash.dir_id);
        // The next directory in the trash, if any, is swept by the next call.
        return 1;
      }
      return deleted;
    })
    .immediate();
}

/** The WebHook secret the gateway made for a local channel, made now if it has none. */
export function localHookSecret(db: GatewayDb, groupId: number, make: () => string): string {
  const found = db
    .prepare("SELECT secret FROM directory_hook_secrets WHERE group_id = ?")
    .get(groupId) as { secret: string } | undefined;
  if (found) return found.secret;
  const secret = make();
  db.prepare("INSERT INTO directory_hook_secrets (group_id, secret) VALUES (?, ?)").run(
    groupId,
    secret,
  );
  return secret;
}
