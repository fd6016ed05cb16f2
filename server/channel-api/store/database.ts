import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrations } from "./migrations";

export type Db = Database.Database;

/**
 * Opens (and creates or migrates) the store. WAL lets readers go on while a write commits;
 * `synchronous = FULL` makes an acknowledged write durable even if the process is killed.
 */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("cache_size = -65536");
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = Number(db.pragma("user_version", { simple: true }));
  if (current > migrations.length) {
    throw new Error(
      `the database is at schema version ${String(current)}, newer than this program ` +
        `(${String(migrations.length)}); use a newer Channel Desk or another CHANNEL_API_DB`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    const sql = migrations[version];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${String(version + 1)}`);
    })();
  }
}
