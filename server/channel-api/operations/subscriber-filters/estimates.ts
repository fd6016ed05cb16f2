import type { Db } from "../../store/database";
import { statement } from "../../store/statements";

/**
 * Sizes of filters, for choosing which one drives a page. They only steer the plan, never the
 * answer, so they may be a little stale: each is kept for a while per database, which spares
 * the next pages of the same list from counting again.
 */

const KEEP_MS = 30_000;
const MAX_ENTRIES = 2000;
const caches = new WeakMap<Db, Map<string, { value: number; at: number }>>();

export function cachedEstimate(db: Db, key: string, keepMs: number, compute: () => number): number {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = performance.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < keepMs) return hit.value;
  const value = compute();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { value, at: now });
  return value;
}

/** Rows of `sql` counted up to `cap` (more: cap + 1), cached. */
export function boundedCount(db: Db, sql: string, args: readonly unknown[], cap: number): number {
  const key = `${sql}\u0000${JSON.stringify(args)}\u0000${String(cap)}`;
  return cachedEstimate(db, key, KEEP_MS, () => {
    const row = statement(db, `SELECT count(*) AS n FROM (${sql} LIMIT ?)`).get(
      ...args,
      cap + 1,
    ) as { n: number };
    return row.n;
  });
}
