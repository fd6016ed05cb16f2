import type { Subscriber } from "../../../src/contract/entities";
import type { GatewayDb } from "../store/database";
import {
  type DirectoryChannelRow,
  ensureDirectory,
  findDirectory,
  updateDirectory,
} from "../store/directory-channels";
import {
  markLeftFrom,
  markPeopleLeft,
  purgeLeft,
  recount,
  type UpsertResult,
} from "../store/directory-people";
import type { DirectorySource, ReadOutcome } from "./source";
import { type DirectoryWriter, giveWay, threadWriter } from "./writer";

/** Time for the sync: injectable, so tests move it by hand. Milliseconds. */
export interface SyncClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemSyncClock: SyncClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // The sync never keeps a process alive on its own.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export interface SyncSettings {
  /** A full pass this long after the last one began (DIRECTORY_FULL_SYNC_HOURS). */
  fullEveryMs: number;
  /** New people are looked for this often between full passes. */
  incrementalEveryMs: number;
  /** People a full pass no longer finds are kept, flagged, this long. */
  leftKeepMs: number;
  /** Records per call (the API's maximum). */
  pageSize: number;
  /** Waits after failures: baseMs, doubling, at most maxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * The share of the time the sync's writes may hold the event loop (writes in this thread) or
   * the write lock (in a worker): after a write that took t ms the next waits t × (1 − share) /
   * share ms (real time). 1: only what waits goes first (tests, which move no real time).
   */
  writeShare: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  fullEveryMs: 24 * 3_600_000,
  incrementalEveryMs: 5 * 60_000,
  leftKeepMs: 30 * 86_400_000,
  pageSize: 100,
  retryBaseMs: 2_000,
  retryMaxMs: 5 * 60_000,
  writeShare: 0.5,
};

/**
 * Keeps one channel's directory in step with the API, one call at a time, in the background
 * lane of the channel's queue:
 *
 * 1. people asked for (a hook named them, a write touched them): read by user id, up to 100 a
 *    call, before anything else;
 * 2. a full pass: subscribers/get from the start by `offset_id`, 100 a call; its cursor is
 *    saved with every page, so a restart goes on where it stopped. At its end everyone it did
 *    not see (and nothing else confirmed since it began) is flagged as left;
 * 3. a full pass again `fullEveryMs` after the last began, or when an administrator asks;
 * 4. between them, every `incrementalEveryMs`, the records after the highest one read.
 *
 * A failed call (error 9, no answer, an error) is tried again from the same cursor after a
 * wait that doubles from `retryBaseMs` to `retryMaxMs`; the status shows the error meanwhile.
 */
export class DirectorySync {
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private sleepTimer: unknown;
  private readonly wanted = new Set<number>();
  private failures = 0;
  private incremental = false;
  private inFlight: AbortController | undefined;
  private loop: Promise<void> | undefined;
  /** Moves on when a full pass is asked for or the directory is wiped: writes under way stop. */
  private generation = 0;

  constructor(
    private readonly db: GatewayDb,
    private readonly groupId: number,
    private readonly timeZone: string,
    private readonly source: DirectorySource,
    private readonly clock: SyncClock,
    private readonly settings: SyncSettings,
    private readonly log: (line: string) => void,
    /** Where the pages are written: by default on the event loop, a slice at a time. */
    private readonly writer: DirectoryWriter = threadWriter(db, settings.writeShare),
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.inFlight?.abort();
    this.wake();
    await this.loop;
  }

  /** Asks for the next step now rather than at its time (a full pass asked for, a person). */
  wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    if (this.sleepTimer !== undefined) this.clock.clearTimeout(this.sleepTimer);
    this.sleepTimer = undefined;
    wakeUp?.();
  }

  /** Reads these people again soon (batched with others, before the passes go on). */
  readPeople(userIds: Iterable<number>): void {
    for (const id of userIds) this.wanted.add(id);
    this.wake();
  }

  /** A full pass from the start now; one under way starts over. */
  requestFullPass(): void {
    const dir = ensureDirectory(this.db, this.groupId, this.clock.now());
    updateDirectory(this.db, dir.dir_id, {
      pass_requested: 1,
      pass_cursor: null,
      pass_started_at: null,
      retry_at: null,
    });
    this.failures = 0;
    this.generation += 1;
    this.inFlight?.abort();
    this.wake();
  }

  /** After a wipe: whatever is on its way belongs to the old directory. */
  reset(): void {
    this.failures = 0;
    this.incremental = false;
    this.generation += 1;
    this.inFlight?.abort();
    this.wake();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let wait: number;
      try {
        wait = await this.step();
      } catch (error) {
        // A bug or a database error: reported, and tried again later rather than lost.
        this.log(
          `directory of ${String(this.groupId)}: ${error instanceof Error ? error.message : String(error)}`,
        );
        wait = this.failed(error instanceof Error ? error.message : String(error));
      }
      if (wait > 0) await this.sleep(wait);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.wakeUp = resolve;
      this.sleepTimer = this.clock.setTimeout(() => {
        this.sleepTimer = undefined;
        this.wakeUp = undefined;
        resolve();
      }, ms);
    });
  }

  /** Does the next piece of work; returns how long to wait before the next (0: at once). */
  private async step(): Promise<number> {
    const now = this.clock.now();
    const dir = ensureDirectory(this.db, this.groupId, now);
    if (dir.retry_at !== null && dir.retry_at > now) return dir.retry_at - now;
    if (this.wanted.size > 0) return this.readWanted(dir);
    if (dir.pass_cursor !== null) return this.passPage(dir);
    const fullDue =
      dir.pass_requested === 1 ||
      dir.last_full_pass_started_at === null ||
      now >= dir.last_full_pass_started_at + this.settings.fullEveryMs;
    if (fullDue) return this.startPass(dir);
    const incrementalAt = (dir.last_incremental_at ?? 0) + this.settings.incrementalEveryMs;
    if (this.incremental || now >= incrementalAt) return this.incrementalPage(dir);
    const fullAt = (dir.last_full_pass_started_at ?? now) + this.settings.fullEveryMs;
    return Math.max(1, Math.min(fullAt, incrementalAt) - now);
  }

  /** The call, unless the directory was wiped or the sync stopped while it was on its way. */
  private async call(
    dir: DirectoryChannelRow,
    read: (signal: AbortSignal) => Promise<ReadOutcome>,
  ): Promise<ReadOutcome | undefined> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const outcome = await read(controller.signal);
      const current = findDirectory(this.db, this.groupId);
      if (this.stopped || controller.signal.aborted || current?.dir_id !== dir.dir_id) {
        return undefined;
      }
      return outcome;
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  private succeeded(dir: DirectoryChannelRow): void {
    this.failures = 0;
    if (dir.error_message !== null || dir.retry_at !== null) {
      updateDirectory(this.db, dir.dir_id, { error_message: null, error_at: null, retry_at: null });
    }
  }

  /** Records a failure and returns the wait before the next try. */
  private failed(message: string, dir?: DirectoryChannelRow): number {
    this.failures += 1;
    const wait = Math.min(
      this.settings.retryMaxMs,
      this.settings.retryBaseMs * 2 ** Math.min(this.failures - 1, 20),
    );
    const now = this.clock.now();
    const target = dir ?? findDirectory(this.db, this.groupId);
    if (target) {
      updateDirectory(this.db, target.dir_id, {
        error_message: message,
        error_at: now,
        retry_at: now + wait,
      });
    }
    return wait;
  }

  /** False once the sync stopped, the directory was wiped or a new pass was asked for. */
  private current(dir: DirectoryChannelRow, generation: number): boolean {
    return (
      !this.stopped &&
      generation === this.generation &&
      findDirectory(this.db, this.groupId)?.dir_id === dir.dir_id
    );
  }

  /** Writes a page; undefined if the directory changed meanwhile (the page is read again). */
  private upsert(dir: DirectoryChannelRow, items: Subscriber[]): Promise<UpsertResult | undefined> {
    const generation = this.generation;
    return this.writer.upsert(
      { dirId: dir.dir_id, timeZone: this.timeZone },
      items,
      this.clock.now(),
      () => this.current(dir, generation),
    );
  }

  private async readWanted(dir: DirectoryChannelRow): Promise<number> {
    const batch = [...this.wanted].slice(0, this.settings.pageSize);
    const outcome = await this.call(dir, (signal) =>
      this.source.people(batch, { background: true, signal }),
    );
    if (outcome === undefined) return 0;
    if (!outcome.ok) return this.failed(this.describe(outcome), dir);
    for (const id of batch) this.wanted.delete(id);
    if ((await this.upsert(dir, outcome.items)) === undefined) return 0;
    const found = new Set(outcome.items.map((item) => item.vk_user_id ?? item.tg_user_id));
    const gone = batch.filter((id) => !found.has(id));
    markPeopleLeft(this.db, dir.dir_id, gone, this.clock.now());
    this.succeeded(dir);
    return 0;
  }

  private async startPass(dir: DirectoryChannelRow): Promise<number> {
    const total = await this.source.count({ background: true });
    const now = this.clock.now();
    updateDirectory(this.db, dir.dir_id, {
      pass_started_at: now,
      pass_cursor: "",
      pass_read: 0,
      pass_total: total ?? null,
      pass_requested: 0,
      last_full_pass_started_at: now,
    });
    this.log(
      `directory of ${String(this.groupId)}: full pass started` +
        (total === undefined ? "" : ` (${String(total)} subscribers)`),
    );
    return 0;
  }

  private async passPage(dir: DirectoryChannelRow): Promise<number> {
    const cursor = dir.pass_cursor ?? "";
    const outcome = await this.call(dir, (signal) =>
      this.source.page(cursor, this.settings.pageSize, { background: true, signal }),
    );
    if (outcome === undefined) return 0;
    if (!outcome.ok) return this.failed(this.describe(outcome), dir);
    const generation = this.generation;
    const result = await this.upsert(dir, outcome.items);
    if (result === undefined) return 0;
    const tail = Math.max(Number(dir.tail_cursor || 0), result.maxRecordId);
    const last = outcome.items.length < this.settings.pageSize;
    // The last page: the people the pass did not see are flagged first, a step at a time. A
    // restart meanwhile reads the last page again and does this again (it changes nothing twice).
    const left = last ? await this.markLeft(dir, generation) : 0;
    if (left === undefined) return 0;
    const moved = {
      pass_cursor: last ? null : outcome.offsetId,
      pass_read: dir.pass_read + outcome.items.length,
      tail_cursor: tail > 0 ? String(tail) : "",
    };
    // Through the writer, after the page's people: the cursor never runs ahead of them.
    if (!last) await this.writer.update(dir.dir_id, moved);
    else
      this.db
        .transaction(() => {
          updateDirectory(this.db, dir.dir_id, moved);
          this.finishPass(dir, left);
        })
        .immediate();
    this.succeeded(dir);
    return 0;
  }

  /** Flags as left who the pass did not see, giving way between steps; undefined if stopped. */
  private async markLeft(
    dir: DirectoryChannelRow,
    generation: number,
  ): Promise<number | undefined> {
    const now = this.clock.now();
    const startedAt = dir.pass_started_at ?? now;
    let left = 0;
    let from: number | undefined = 0;
    while (from !== undefined) {
      const step = markLeftFrom(this.db, dir.dir_id, startedAt, now, from);
      left += step.changes;
      from = step.next;
      await giveWay();
      if (!this.current(dir, generation)) return undefined;
    }
    return left;
  }

  private finishPass(dir: DirectoryChannelRow, left: number): void {
    const now = this.clock.now();
    while (purgeLeft(this.db, dir.dir_id, now - this.settings.leftKeepMs) > 0) {
      // Batches of a few thousand: a channel that lost many people does not hold the database.
    }
    recount(this.db, dir.dir_id);
    updateDirectory(this.db, dir.dir_id, {
      pass_started_at: null,
      last_full_pass_at: now,
      last_incremental_at: now,
    });
    this.log(
      `directory of ${String(this.groupId)}: full pass done, ${String(dir.pass_read)}+ read, ` +
        `${String(left)} no longer found`,
    );
  }

  private async incrementalPage(dir: DirectoryChannelRow): Promise<number> {
    const outcome = await this.call(dir, (signal) =>
      this.source.page(dir.tail_cursor, this.settings.pageSize, { background: true, signal }),
    );
    if (outcome === undefined) return 0;
    if (!outcome.ok) return this.failed(this.describe(outcome), dir);
    const result = await this.upsert(dir, outcome.items);
    if (result === undefined) return 0;
    const tail = Math.max(Number(dir.tail_cursor || 0), result.maxRecordId);
    this.incremental = outcome.items.length >= this.settings.pageSize;
    await this.writer.update(dir.dir_id, {
      tail_cursor: tail > 0 ? String(tail) : "",
      ...(this.incremental ? {} : { last_incremental_at: this.clock.now() }),
    });
    this.succeeded(dir);
    return 0;
  }

  private describe(outcome: Extract<ReadOutcome, { ok: false }>): string {
    return outcome.rateLimited
      ? `the service refused for the rate limit (error 9): ${outcome.message}`
      : outcome.message;
  }
}
