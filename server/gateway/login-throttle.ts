/**
 * Brute-force brake: after `maxFailures` failed sign-ins for one account from one address
 * within `windowMs`, that pair is refused for `lockMs`, even with the right password (so a
 * guesser learns nothing while locked). Kept in memory: a restart forgets, which only helps
 * someone who can restart the server anyway.
 *
 * An attempt counts as a failure from the moment it starts (`attempt`), and only a correct
 * password takes it back (`succeed`): the password check is slow and asynchronous, so
 * counting after it would let a burst of parallel guesses all pass the lock check first.
 */
export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  now?: () => number;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: ThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  private key(username: string, address: string): string {
    return `${username}\u0000${address}`;
  }

  /** Milliseconds until the pair may try again; 0 when it may try now. */
  retryAfter(username: string, address: string): number {
    const entry = this.entries.get(this.key(username, address));
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  /**
   * Starts a sign-in: the milliseconds to wait when the pair is locked, else 0 — and then the
   * attempt is already counted as failed until `succeed` says otherwise.
   */
  attempt(username: string, address: string): number {
    const wait = this.retryAfter(username, address);
    if (wait === 0) this.fail(username, address);
    return wait;
  }

  fail(username: string, address: string): void {
    const at = this.now();
    const key = this.key(username, address);
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0 };
    entry.failures = entry.failures.filter((time) => at - time < this.options.windowMs);
    entry.failures.push(at);
    if (entry.failures.length >= this.options.maxFailures) {
      entry.lockedUntil = at + this.options.lockMs;
      entry.failures = [];
    }
    this.entries.set(key, entry);
    this.prune(at);
  }

  succeed(username: string, address: string): void {
    this.entries.delete(this.key(username, address));
  }

  /** Forgets pairs with nothing left to remember, so the map stays small under a spray. */
  private prune(at: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) {
      const recent = entry.failures.some((time) => at - time < this.options.windowMs);
      if (!recent && entry.lockedUntil <= at) this.entries.delete(key);
    }
  }
}
