import type Database from "better-sqlite3";
import { openSqlite } from "../../shared/sqlite";
import { migrations } from "./migrations";

export type Db = Database.Database;

/** Opens (and creates or migrates) the store; see server/shared/sqlite.ts. */
export function openDatabase(path: string): Db {
  return openSqlite(path, migrations, {
    what: "the database",
    hint: "use a newer Channel Desk or another CHANNEL_API_DB",
    cacheKiB: 65536,
  });
}
