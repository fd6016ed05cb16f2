import type { Subscriber } from "../../../src/contract/entities";
import type { GatewayDb } from "../store/database";
import { type Settable, updateDirectory } from "../store/directory-channels";
import { type DirectoryRef, type UpsertResult, upsertPeople } from "../store/directory-people";

/**
 * Where the sync's writes run: on the event loop (`threadWriter`, databases in memory and
 * tests) or in a worker thread with a connection of its own (`workerWriter`, a database file),
 * so that a sync of a million people takes nothing from a person's calls but the write lock.
 */
export interface DirectoryWriter {
  /**
   * Writes a page of people SYNC_WRITE_ROWS at a time; undefined if the directory was wiped
   * meanwhile or `current()` (asked before each slice by the thread writer) said to stop: the
   * rest of the page is not written (it is read again).
   */
  upsert(
    ref: DirectoryRef,
    items: readonly Subscriber[],
    now: number,
    current: () => boolean,
  ): Promise<UpsertResult | undefined>;
  /** A directory's row changed after the people written before (the pass's cursor). */
  update(dirId: number, fields: Settable): Promise<void>;
  /** People passing through the gateway: written soon, nobody waits for it. */
  upsertSoon(ref: DirectoryRef, items: readonly Subscriber[], now: number): void;
  close(): Promise<void>;
}

/**
 * People written per transaction by the sync. A page of 100 is written in five with a pause
 * between them, so a call that needs the event loop (in this thread) or the write lock (with a
 * worker) waits for one small write, not for the page.
 */
export const SYNC_WRITE_ROWS = 20;

/** Time for other work: `ms` of real time, or just what waits if under 2 ms. */
export const giveWay = (ms = 0) =>
  new Promise<void>((resolve) => {
    if (ms < 2) setImmediate(resolve);
    else setTimeout(resolve, Math.min(ms, 1000));
  });

/**
 * The sync's own writes without an fsync each: what they hold is read again from the API if a
 * power cut loses them (the cursor saved with a page is written after its people, in WAL order),
 * and on a slow disk the fsync of each small write would take longer than the write. Everything
 * else the gateway writes keeps its `synchronous` setting.
 */
export function withoutFsync<T>(db: GatewayDb, write: () => T): T {
  const before = String(db.pragma("synchronous", { simple: true }));
  if (before === "0" || before === "1") return write();
  db.pragma("synchronous = NORMAL");
  try {
    return write();
  } finally {
    db.pragma(`synchronous = ${before}`);
  }
}

/**
 * Writes `items` a slice at a time within `share` of the time: after a slice that took t ms it
 * waits t × (1 − share) / share ms before the next (and after the last), so what else needs
 * the thread or the write lock finds it free the rest of the time, however slow the machine.
 */
export async function writeInSlices(
  db: GatewayDb,
  ref: DirectoryRef,
  items: readonly Subscriber[],
  now: number,
  writeShare: number,
  current: () => boolean,
): Promise<UpsertResult | undefined> {
  const total: UpsertResult = { inserted: 0, updated: 0, maxRecordId: 0 };
  const share = Math.min(1, Math.max(0.05, writeShare));
  const pause = (busyMs: number) => (busyMs * (1 - share)) / share;
  let busyMs = 0;
  for (let start = 0; start < items.length; start += SYNC_WRITE_ROWS) {
    if (start > 0) await giveWay(pause(busyMs));
    const started = performance.now();
    const slice = items.slice(start, start + SYNC_WRITE_ROWS);
    // Asked again inside the write: a wipe between the question and the write loses nothing.
    const result = withoutFsync(db, () =>
      db.transaction(() => (current() ? upsertPeople(db, ref, slice, now) : undefined)).immediate(),
    );
    if (result === undefined) return undefined;
    total.inserted += result.inserted;
    total.updated += result.updated;
    total.maxRecordId = Math.max(total.maxRecordId, result.maxRecordId);
    busyMs = performance.now() - started;
  }
  // The page's last write too: the next page is asked for only after its pause.
  if (pause(busyMs) >= 2) await giveWay(pause(busyMs));
  return total;
}

/** The writes on the event loop, a slice at a time (databases in memory, tests). */
export function threadWriter(db: GatewayDb, writeShare: number): DirectoryWriter {
  return {
    upsert: (ref, items, now, current) => writeInSlices(db, ref, items, now, writeShare, current),
    update: (dirId, fields) => {
      updateDirectory(db, dirId, fields);
      return Promise.resolve();
    },
    upsertSoon: (ref, items, now) => {
      upsertPeople(db, ref, items, now);
    },
    close: () => Promise.resolve(),
  };
}
