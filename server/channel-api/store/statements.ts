import type { Statement } from "better-sqlite3";
import type { Db } from "./database";

const caches = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, prepared once per database and SQL text. */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
