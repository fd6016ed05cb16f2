import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Opens a SQLite file (creating its folder) the way both servers need it, and brings its
 * schema forward by `PRAGMA user_version`. WAL lets readers go on while a write commits;
 * `synchronous = FULL` makes an acknowledged write durable even if the process is killed.
 */
export function openSqlite(
  path: string,
  migrations: readonly string[],
  options: { what: string; hint: string; cacheKiB?: number },
): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  if (options.cacheKiB) db.pragma(`cache_size = -${String(options.cacheKiB)}`);
  migrate(db, migrations, options);
  return db;
}

function migrate(
  db: Database.Database,
  migrations: readonly string[],
  { what, hint }: { what: string; hint: string },
): void {
  const current = Number(db.pragma("user_version", { simple: true }));
  if (current > migrations.length) {
    throw new Error(
      `${what} is at schema version ${String(current)}, newer than this program ` +
        `(${String(migrations.length)}); ${hint}`,
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
