import type { Db } from "../store/database";
import { statement } from "../store/statements";
import { deliverHookEvent } from "./deliver";
import { hookEventOf } from "./payload";
import type { HookMethod } from "../../../src/contract/hooks";

/** Time for the sender: injectable, so tests move it by hand. Milliseconds. */
export interface HookClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: HookClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // The sender never keeps a process alive on its own.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export interface HookSenderOptions {
  fetch?: typeof globalThis.fetch;
  clock?: HookClock;
  /** Attempts per event, the first included. Production: 10. */
  maxAttempts?: number;
  /** The wait after failed attempt `n` (1, 2, …). Production: n × 10 s. */
  retryDelayMs?: (attempt: number) => number;
  /** A hook pauses once its errors exceed this. Production: 200. */
  pauseAfterErrors?: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  /** How often to look for events another process wrote into the same database. */
  pollMs?: number;
  log?: (line: string) => void;
}

export const HOOK_MAX_ATTEMPTS = 10;
export const HOOK_PAUSE_AFTER_ERRORS = 200;
export const hookRetryDelayMs = (attempt: number) => attempt * 10_000;

interface Head {
  hook_id: number;
  url: string;
  method: HookMethod;
  secret: string;
  queue_id: number;
  event_id: number;
  attempts: number;
  next_at: number;
}

/**
 * Pushes queued events to their hooks: one request at a time per hook, in the order the events
 * happened, hooks side by side. An answer other than HTTP 200 (or none) is an error: the event
 * is tried again after `retryDelayMs(attempt)`, up to `maxAttempts` in all, then given up
 * (counted in `dropped`). Every failed attempt counts in the hook's `errors`; past
 * `pauseAfterErrors` the hook is paused and what was queued for it is dropped.
 */
export class HookSender {
  private readonly fetch: typeof globalThis.fetch;
  private readonly clock: HookClock;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly pauseAfterErrors: number;
  private readonly timeoutMs: number;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  private readonly busy = new Set<number>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: unknown;
  private wakePending = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: HookSenderOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.clock = options.clock ?? systemClock;
    this.maxAttempts = options.maxAttempts ?? HOOK_MAX_ATTEMPTS;
    this.retryDelayMs = options.retryDelayMs ?? hookRetryDelayMs;
    this.pauseAfterErrors = options.pauseAfterErrors ?? HOOK_PAUSE_AFTER_ERRORS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.pollMs = options.pollMs ?? 5000;
    this.log =
      options.log ??
      ((line) => {
        console.warn(`[channel-api] ${line}`);
      });
  }

  /** Looks at the queue soon (events were recorded, or a wait ended). */
  wake(): void {
    if (this.stopped || this.wakePending) return;
    this.wakePending = true;
    queueMicrotask(() => {
      this.wakePending = false;
      this.pump();
    });
  }

  /** Resolves once nothing is being sent and nothing is due now (later retries may wait). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0 && !this.wakePending) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
  }

  private pump(): void {
    if (this.stopped || !this.db.open) return;
    const now = this.clock.now();
    const heads = statement(
      this.db,
      `SELECT h.id AS hook_id, h.url, h.method, h.secret, q.id AS queue_id, q.event_id,
              q.attempts, q.next_at
         FROM hooks h
         JOIN hook_queue q ON q.id = (SELECT min(id) FROM hook_queue WHERE hook_id = h.id)
        WHERE h.state = 'active'`,
    ).all() as Head[];
    let next = now + this.pollMs;
    for (const head of heads) {
      if (this.busy.has(head.hook_id)) continue;
      if (head.next_at > now) next = Math.min(next, head.next_at);
      else this.send(head);
    }
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        this.wake();
      },
      Math.max(0, next - now),
    );
  }

  private send(head: Head): void {
    this.busy.add(head.hook_id);
    const attempt = this.attempt(head).finally(() => {
      this.busy.delete(head.hook_id);
      this.inFlight.delete(attempt);
      this.wake();
    });
    this.inFlight.add(attempt);
  }

  private async attempt(head: Head): Promise<void> {
    const event = hookEventOf(this.db, head.event_id, head.secret);
    if (!event) {
      statement(this.db, "DELETE FROM hook_queue WHERE id = ?").run(head.queue_id);
      return;
    }
    let error: string | undefined;
    try {
      const status = await deliverHookEvent(
        this.fetch,
        head.url,
        head.method,
        event,
        this.timeoutMs,
      );
      if (status !== 200) error = `answered HTTP ${String(status)}`;
    } catch (cause) {
      error =
        cause instanceof Error && cause.name === "TimeoutError"
          ? `no answer within ${String(this.timeoutMs / 1000)} s`
          : "could not be reached";
    }
    if (this.stopped || !this.db.open) return;
    if (error === undefined) this.delivered(head);
    else this.failed(head, error);
  }

  private delivered(head: Head): void {
    this.db.transaction(() => {
      statement(this.db, "DELETE FROM hook_queue WHERE id = ?").run(head.queue_id);
      statement(this.db, "UPDATE hooks SET delivered = delivered + 1 WHERE id = ?").run(
        head.hook_id,
      );
    })();
  }

  private failed(head: Head, error: string): void {
    const attempts = head.attempts + 1;
    const message = `attempt ${String(attempts)} of event ${String(head.event_id)} ${error}`;
    this.db.transaction(() => {
      const hook = statement(
        this.db,
        `UPDATE hooks SET errors = errors + 1, last_error = ? WHERE id = ? RETURNING errors`,
      ).get(message, head.hook_id) as { errors: number } | undefined;
      if (!hook) return;
      if (attempts >= this.maxAttempts) {
        statement(this.db, "DELETE FROM hook_queue WHERE id = ?").run(head.queue_id);
        statement(this.db, "UPDATE hooks SET dropped = dropped + 1 WHERE id = ?").run(head.hook_id);
        this.log(`hook ${String(head.hook_id)} (${head.url}): gave up ${message}`);
      } else {
        statement(this.db, "UPDATE hook_queue SET attempts = ?, next_at = ? WHERE id = ?").run(
          attempts,
          this.clock.now() + this.retryDelayMs(attempts),
          head.queue_id,
        );
      }
      if (hook.errors > this.pauseAfterErrors) {
        const queued = statement(this.db, "DELETE FROM hook_queue WHERE hook_id = ?").run(
          head.hook_id,
        ).changes;
        statement(
          this.db,
          "UPDATE hooks SET state = 'paused', dropped = dropped + ? WHERE id = ?",
        ).run(queued, head.hook_id);
        this.log(
          `hook ${String(head.hook_id)} (${head.url}) paused after ${String(hook.errors)} errors; ` +
            `${String(queued)} queued event(s) dropped`,
        );
      }
    })();
  }
}
