import type { GatewayDb } from "./database";

/**
 * The search index of one directory: an FTS5 table of each person's name keys
 * (src/lib/name-key.ts), its rowid the person's row id. Contentless (the keys are kept in
 * `directory_people.keys`), `detail=none` (queries are words and prefixes, never phrases) and
 * with prefix indexes for the first letters people type, so a query reads a few short lists
 * instead of the whole channel.
 */
export function ftsTable(dirId: number): string {
  if (!Number.isSafeInteger(dirId) || dirId <= 0)
    throw new RangeError(`bad dir_id ${String(dirId)}`);
  return `directory_fts_${String(dirId)}`;
}

/** Indexes known to exist, per connection: the channel's row is read on every request. */
const made = new WeakMap<GatewayDb, Set<number>>();

export function ensureFts(db: GatewayDb, dirId: number): void {
  let known = made.get(db);
  if (!known) made.set(db, (known = new Set()));
  if (known.has(dirId)) return;
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(dirId)} USING fts5(
       keys, content='', contentless_delete=1, detail=none,
       tokenize='unicode61 remove_diacritics 0', prefix='1 2 3')`,
  );
  // Not inside a transaction, which may yet be rolled back and take the table with it.
  if (!db.inTransaction) known.add(dirId);
}

export function dropFts(db: GatewayDb, dirId: number): void {
  db.exec(`DROP TABLE IF EXISTS ${ftsTable(dirId)}`);
  made.get(db)?.delete(dirId);
}

export function hasFts(db: GatewayDb, dirId: number): boolean {
  return (
    db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
      .get(ftsTable(dirId)) !== undefined
  );
}

/** A word for an FTS5 query: quoted, so no character of it is query syntax. */
export function ftsWord(key: string, prefix: boolean): string {
  return `"${key.replace(/"/g, '""')}"${prefix ? "*" : ""}`;
}
