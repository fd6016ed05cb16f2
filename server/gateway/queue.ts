/**
 * Keeps every token under the service's rate limit (20 requests per second per token,
 * api-facts.md, error 9) by making callers wait instead of failing them. Sends overlap: a call
 * does not wait for the answer to the one before it. An answer that is rate-limited all the
 * same (another client sharing the token, a slow network) is sent again after a backoff.
 *
 * What the service counts is when a request *arrives*, somewhere between our start of the send
 * and its answer. Pacing starts alone is not enough: the first sends open new connections and
 * arrive up to a handshake later than sends on warm connections 1 s later, so the service sees
 * them inside one second (measured: ~100 ms on localhost for a burst of 20). So a send holds
 * its place in the window from its start until 1 s after its answer; an answer slower than
 * `ARRIVAL_BOUND_MS` is taken to be a slow service, not a slow arrival, and frees the place
 * 1 s after that bound, so slow statistics do not throttle the channel.
 */

export interface QueueOptions {
  /**
   * Never more than this many sends start in any sliding 1000 ms window. Stricter still: a
   * send holds its place from its start until 1000 ms after its answer (see above).
   */
  perSecond: number;
  /**
   * More waiting calls than this: the next one is refused at once. Default: as many as can
   * be sent before `timeoutMs` runs out, so a call that would only time out is refused now.
   */
  maxQueued: number;
  /** A call not yet sent after this long is refused. */
  timeoutMs: number;
  /** How many times a rate-limited answer is sent again. */
  retries: number;
  /** Backoff before the n-th re-send: retryBaseMs · 2^(n-1), plus a little jitter. */
  retryBaseMs: number;
  /**
   * The share of `perSecond` that background calls (`run(…, { background: true })`: the
   * directory's sync) may hold at once; at least one place. A person's call is always sent
   * before any waiting background call, so it waits at most for the calls already sent.
   */
  backgroundShare: number;
  now?: () => number;
}

export interface RunOptions {
  /**
   * Background work: sent only when no person's call is waiting, within `backgroundShare` of
   * the window; never refused for a full queue and never timed out (cancel it by `signal`).
   */
  background?: boolean;
}

export const DEFAULT_QUEUE_OPTIONS: Readonly<Required<Omit<QueueOptions, "now">>> = {
  perSecond: 20,
  maxQueued: 600,
  timeoutMs: 30_000,
  retries: 4,
  retryBaseMs: 250,
  backgroundShare: 0.5,
};

const WINDOW_MS = 1000;
/**
 * A background call waits while a person's call sent less than this long ago is unanswered:
 * the two would share the backend (and, with the embedded local Channel API, this event
 * loop), and the person is the one waiting. A person's slow call holds the sync no longer.
 */
const PERSON_FIRST_MS = 1000;
/**
 * A send is assumed to have reached the service at most this long after it started, however
 * late its answer. Long enough for a TLS handshake on a bad day or a busy event loop (with
 * 250 ms, 8 copies of the queue test sharing 2 cores saw arrivals closer than 1 s), short
 * enough that a service slow to answer still gets 10 calls a second.
 */
const ARRIVAL_BOUND_MS = 1000;
/** Jitter up to this share of the backoff, so calls limited together do not retry together. */
const JITTER = 0.2;
/** setTimeout fires at once for longer delays, so such a timeout means "none". */
const MAX_TIMER_MS = 2_147_483_647;

export class QueueOverloadedError extends Error {
  override name = "QueueOverloadedError";
}

export class QueueTimeoutError extends Error {
  override name = "QueueTimeoutError";
}

/** A call ready to be sent: `launch` starts its send and returns it. */
interface Job {
  background: boolean;
  launch(): Promise<unknown>;
}

/** A place in the window, taken by one send until `freeAt`. */
interface Slot {
  freeAt: number;
  background: boolean;
}

type JobState = "queued" | "backoff" | "sending" | "done";

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException("The call was aborted while waiting in the queue", "AbortError");
}

/** What `send` or `isRateLimited` threw, passed on as it is when it is an Error. */
function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value), { cause: value });
}

function checkOption(name: string, value: number, min: number, integer: boolean): void {
  if (Number.isNaN(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new RangeError(
      `Queue option ${name} must be ${integer ? "an integer" : "a number"} ≥ ${String(min)}, got ${String(value)}`,
    );
  }
}

export class RequestQueue {
  private readonly options: Required<Omit<QueueOptions, "now">>;
  private readonly now: () => number;
  /** Re-sends go before fresh calls: they were asked for earlier. Sets keep insertion order. */
  private readonly resends = new Set<Job>();
  private readonly fresh = new Set<Job>();
  private backingOff = 0;
  /** The background lane, served only when the two sets above are empty. */
  private readonly backgroundResends = new Set<Job>();
  private readonly backgroundFresh = new Set<Job>();
  private backgroundBackingOff = 0;
  private readonly backgroundPlaces: number;
  /** Places taken in the window; at most perSecond. */
  private slots: Slot[] = [];
  private slotTimer: ReturnType<typeof setTimeout> | undefined;
  private slotTimerAt = Infinity;
  /** When each person's call being sent now was sent. */
  private readonly peopleSending = new Set<{ at: number }>();

  constructor(options: Partial<QueueOptions> = {}) {
    const { now, ...rest } = options;
    const perSecond = rest.perSecond ?? DEFAULT_QUEUE_OPTIONS.perSecond;
    const timeoutMs = rest.timeoutMs ?? DEFAULT_QUEUE_OPTIONS.timeoutMs;
    this.options = {
      ...DEFAULT_QUEUE_OPTIONS,
      maxQueued: Math.max(1, Math.floor((perSecond * timeoutMs) / WINDOW_MS)),
      ...rest,
    };
    checkOption("perSecond", this.options.perSecond, 1, true);
    checkOption("maxQueued", this.options.maxQueued, 0, true);
    checkOption("timeoutMs", this.options.timeoutMs, 0, false);
    checkOption("retries", this.options.retries, 0, true);
    checkOption("retryBaseMs", this.options.retryBaseMs, 0, false);
    checkOption("backgroundShare", this.options.backgroundShare, 0, false);
    if (this.options.backgroundShare > 1) {
      throw new RangeError(
        `Queue option backgroundShare must be at most 1, got ${String(this.options.backgroundShare)}`,
      );
    }
    this.backgroundPlaces = Math.max(
      1,
      Math.floor(this.options.perSecond * this.options.backgroundShare),
    );
    // Monotonic by default: a wall-clock step must not open or close the window.
    this.now = now ?? (() => performance.now());
  }

  /** People's calls not being sent right now: queued, or backing off before a re-send. */
  get waiting(): number {
    return this.resends.size + this.fresh.size + this.backingOff;
  }

  /** Background calls not being sent right now. */
  get waitingInBackground(): number {
    return this.backgroundResends.size + this.backgroundFresh.size + this.backgroundBackingOff;
  }

  /** How many places in the window background calls may hold at once. */
  get backgroundLimit(): number {
    return this.backgroundPlaces;
  }

  /**
   * Runs `send` when the window allows. If `isRateLimited(result)` is true (the backend
   * answered error 9), waits the backoff and sends again (each re-send also counts against
   * the window), up to `retries` times, then resolves with the last result. Calls start in
   * FIFO order of `run` calls. `signal` removes a call that has not been sent yet; a call
   * being sent is left to `send` (pass the signal to fetch as well). `background` calls go in
   * the background lane (see `RunOptions`).
   */
  run<T>(
    send: () => Promise<T>,
    isRateLimited: (result: T) => boolean = () => false,
    signal?: AbortSignal,
    runOptions: RunOptions = {},
  ): Promise<T> {
    const background = runOptions.background === true;
    const lane = background
      ? { resends: this.backgroundResends, fresh: this.backgroundFresh }
      : { resends: this.resends, fresh: this.fresh };
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const { maxQueued, timeoutMs, retries, perSecond } = this.options;
      if (!background && this.waiting >= maxQueued && !this.hasRoomNow()) {
        reject(
          new QueueOverloadedError(
            `Too many calls waiting for this channel: ${String(this.waiting)} already queued ` +
              `(limit ${String(maxQueued)}, sending ${String(perSecond)} per second)`,
          ),
        );
        return;
      }

      let state: JobState = "queued";
      let resent = 0;
      let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
      let backoffTimer: ReturnType<typeof setTimeout> | undefined;

      const finish = (outcome: () => void): void => {
        if (state === "done") return;
        state = "done";
        clearTimeout(timeoutTimer);
        clearTimeout(backoffTimer);
        signal?.removeEventListener("abort", onAbort);
        outcome();
      };

      /** Takes the job out of wherever it waits; true if it was waiting. */
      const withdraw = (): boolean => {
        if (state === "queued") {
          lane.resends.delete(job);
          lane.fresh.delete(job);
        } else if (state === "backoff") {
          this.countBackoff(background, -1);
        } else {
          return false;
        }
        // Stops the slot timer if nothing is left to send.
        this.pump();
        return true;
      };

      const onAbort = (): void => {
        if (!signal || !withdraw()) return;
        finish(() => {
          reject(abortReason(signal));
        });
      };

      const onAnswer = (result: T): void => {
        let limited: boolean;
        try {
          limited = isRateLimited(result);
        } catch (error) {
          finish(() => {
            reject(asError(error));
          });
          return;
        }
        if (!limited || resent >= retries) {
          finish(() => {
            resolve(result);
          });
          return;
        }
        if (signal?.aborted) {
          finish(() => {
            reject(abortReason(signal));
          });
          return;
        }
        resent += 1;
        state = "backoff";
        this.countBackoff(background, 1);
        backoffTimer = setTimeout(() => {
          backoffTimer = undefined;
          this.countBackoff(background, -1);
          state = "queued";
          lane.resends.add(job);
          this.pump();
        }, this.backoffMs(resent));
      };

      const job: Job = {
        background,
        launch: () => {
          state = "sending";
          // Once sent, the call is no longer waiting, so the queue timeout no longer applies.
          clearTimeout(timeoutTimer);
          timeoutTimer = undefined;
          // The executor catches a synchronous throw of `send` as a rejection.
          const sending = new Promise<T>((resolveSend) => {
            resolveSend(send());
          });
          sending.then(onAnswer, (error: unknown) => {
            finish(() => {
              reject(asError(error));
            });
          });
          return sending;
        },
      };

      signal?.addEventListener("abort", onAbort, { once: true });
      if (!background && timeoutMs < MAX_TIMER_MS) {
        timeoutTimer = setTimeout(() => {
          timeoutTimer = undefined;
          // Cleared when the call is sent, so it can only find the call waiting or done.
          if (!withdraw()) return;
          finish(() => {
            reject(
              new QueueTimeoutError(
                `The call waited ${String(timeoutMs)} ms without being sent: this channel is ` +
                  `sending ${String(perSecond)} per second and ${String(this.waiting)} other calls ` +
                  `are waiting`,
              ),
            );
          });
        }, timeoutMs);
      }
      lane.fresh.add(job);
      this.pump();
    });
  }

  private countBackoff(background: boolean, change: number): void {
    if (background) this.backgroundBackingOff += change;
    else this.backingOff += change;
  }

  private backoffMs(resend: number): number {
    const base = this.options.retryBaseMs * 2 ** (resend - 1);
    return Math.round(base * (1 + Math.random() * JITTER));
  }

  /** Forgets places whose time is up; returns how many are still taken. */
  private pruneSlots(now: number): number {
    if (this.slots.some((slot) => slot.freeAt <= now)) {
      this.slots = this.slots.filter((slot) => slot.freeAt > now);
    }
    return this.slots.length;
  }

  /** Whether a call made now would be sent at once. */
  private hasRoomNow(): boolean {
    return this.waiting === 0 && this.pruneSlots(this.now()) < this.options.perSecond;
  }

  /**
   * Sends waiting calls while the window has room, else sets one timer for the next place.
   * People's calls first; a background call only when none waits and the background lane holds
   * fewer than its share of places.
   */
  private pump(): void {
    for (;;) {
      const person = first(this.resends) ?? first(this.fresh);
      const job = person ?? first(this.backgroundResends) ?? first(this.backgroundFresh);
      if (job === undefined) {
        // Idle: no timer may keep the process alive.
        this.stopSlotTimer();
        return;
      }
      const now = this.now();
      if (this.pruneSlots(now) >= this.options.perSecond) {
        this.armSlotTimer(Math.min(...this.slots.map((slot) => slot.freeAt)), now);
        return;
      }
      if (person === undefined) {
        const held = this.slots.filter((slot) => slot.background);
        if (held.length >= this.backgroundPlaces) {
          this.armSlotTimer(Math.min(...held.map((slot) => slot.freeAt)), now);
          return;
        }
        const personFree =
          Math.max(...[...this.peopleSending].map((one) => one.at)) + PERSON_FIRST_MS;
        if (personFree > now) {
          // The person's answer pumps again; the timer is for one that takes long.
          this.armSlotTimer(personFree, now);
          return;
        }
      }
      const removed = job.background
        ? this.backgroundResends.delete(job) || this.backgroundFresh.delete(job)
        : this.resends.delete(job) || this.fresh.delete(job);
      if (!removed) continue;
      const slot: Slot = { freeAt: now + ARRIVAL_BOUND_MS + WINDOW_MS, background: job.background };
      this.slots.push(slot);
      const sending = { at: now };
      if (!job.background) this.peopleSending.add(sending);
      const release = () => {
        this.peopleSending.delete(sending);
        slot.freeAt = Math.min(slot.freeAt, this.now() + WINDOW_MS);
        // The place may now free sooner than the timer was set for.
        if (this.waiting + this.waitingInBackground > 0) this.pump();
      };
      job.launch().then(release, release);
    }
  }

  private armSlotTimer(at: number, now: number): void {
    if (this.slotTimer !== undefined && this.slotTimerAt <= at) return;
    this.stopSlotTimer();
    this.slotTimerAt = at;
    this.slotTimer = setTimeout(
      () => {
        this.slotTimer = undefined;
        this.slotTimerAt = Infinity;
        this.pump();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  private stopSlotTimer(): void {
    clearTimeout(this.slotTimer);
    this.slotTimer = undefined;
    this.slotTimerAt = Infinity;
  }
}

function first<T>(set: Set<T>): T | undefined {
  for (const item of set) return item;
  return undefined;
}

/**
 * One queue per key. The gateway keys by a digest of the token, never the token itself, so
 * keys can be logged. Queues are kept for the life of the process: there is one per
 * configured channel token, and a queue must remember its window to honour the limit.
 */
export class QueueRegistry {
  private readonly queues = new Map<string, RequestQueue>();

  constructor(private readonly options: Partial<QueueOptions> = {}) {}

  for(key: string): RequestQueue {
    let queue = this.queues.get(key);
    if (queue === undefined) {
      queue = new RequestQueue(this.options);
      this.queues.set(key, queue);
    }
    return queue;
  }
}
