/**
 * Brute-force brake. Two bounds, both kept in memory (a restart forgets, which only helps
 * someone who can restart the server anyway):
 *
 * - After `maxFailures` wrong passwords for one account from one address within `windowMs`,
 *   that pair is refused for `lockMs`, even with the right password (so a guesser learns
 *   nothing while locked). Only that pair: other addresses and other names never lock it.
 * - One address may try at most `maxNamesPerAddress` different user names within `windowMs`
 *   (password spraying: one guess for each of many accounts). A name counts from its first
 *   attempt until `windowMs` after its last wrong password; a right password stops it counting,
 *   so colleagues signing in behind one proxy do not use the bound up.
 *
 * An attempt counts from the moment it starts (`begin`): the password check is slow and
 * asynchronous, so counting after it would let a burst of parallel guesses all pass the check
 * first. It ends as `fail` (a checked wrong password: stays counted), `succeed` (forgets the
 * pair's failures) or `release` (the password was never checked, e.g. refused for load: it
 * is taken back, as if it had never been made).
 */
export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  maxNamesPerAddress: number;
  now?: () => number;
}

export interface Attempt {
  fail(): void;
  succeed(): void;
  release(): void;
}

export type AttemptStart =
  | { kind: "started"; attempt: Attempt }
  | { kind: "refused"; reason: "locked" | "names"; retryAfterMs: number };

interface Entry {
  username: string;
  address: string;
  /** Times of wrong passwords since the last lock or success. */
  failures: number[];
  lastFailureAt: number;
  /** Attempts begun and not ended. */
  pending: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  /** The names each address has an entry for. */
  private readonly names = new Map<string, Set<string>>();
  private readonly now: () => number;

  constructor(private readonly options: ThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  begin(username: string, address: string): AttemptStart {
    const at = this.now();
    const entry = this.entries.get(key(username, address));
    if (entry && entry.lockedUntil > at) {
      return { kind: "refused", reason: "locked", retryAfterMs: entry.lockedUntil - at };
    }
    if (entry && this.recentFailures(entry, at) + entry.pending >= this.options.maxFailures) {
      // Guesses under way are enough to lock the pair once they fail.
      return { kind: "refused", reason: "locked", retryAfterMs: this.options.lockMs };
    }
    if (!entry || !this.counts(entry, at)) {
      const active = this.activeNames(address, at);
      if (active.length >= this.options.maxNamesPerAddress) {
        return { kind: "refused", reason: "names", retryAfterMs: this.namesFreeIn(active, at) };
      }
    }
    const started = entry ?? this.add(username, address);
    started.pending += 1;
    return { kind: "started", attempt: this.attempt(started) };
  }

  private attempt(entry: Entry): Attempt {
    let ended = false;
    const end = (then: () => void) => {
      if (ended) return;
      ended = true;
      entry.pending -= 1;
      then();
      this.forgetIfIdle(entry, this.now());
    };
    return {
      fail: () => {
        end(() => {
          const at = this.now();
          entry.failures = entry.failures.filter((time) => at - time < this.options.windowMs);
          entry.failures.push(at);
          entry.lastFailureAt = at;
          if (entry.failures.length >= this.options.maxFailures) {
            entry.lockedUntil = at + this.options.lockMs;
            entry.failures = [];
          }
          this.prune(at);
        });
      },
      succeed: () => {
        end(() => {
          entry.failures = [];
          entry.lastFailureAt = Number.NEGATIVE_INFINITY;
          entry.lockedUntil = 0;
        });
      },
      release: () => {
        end(() => undefined);
      },
    };
  }

  private recentFailures(entry: Entry, at: number): number {
    return entry.failures.filter((time) => at - time < this.options.windowMs).length;
  }

  /** Whether the entry's name counts against its address's bound of different names. */
  private counts(entry: Entry, at: number): boolean {
    return entry.pending > 0 || at - entry.lastFailureAt < this.options.windowMs;
  }

  private activeNames(address: string, at: number): Entry[] {
    const active: Entry[] = [];
    for (const username of this.names.get(address) ?? []) {
      const entry = this.entries.get(key(username, address));
      if (!entry) continue;
      if (this.counts(entry, at)) active.push(entry);
      else this.forgetIfIdle(entry, at);
    }
    return active;
  }

  /** When the first of these names stops counting (one still being checked: a window away). */
  private namesFreeIn(active: Entry[], at: number): number {
    const frees = active.map((entry) =>
      entry.pending > 0 ? this.options.windowMs : entry.lastFailureAt + this.options.windowMs - at,
    );
    return Math.max(1000, Math.min(...frees));
  }

  private add(username: string, address: string): Entry {
    const entry: Entry = {
      username,
      address,
      failures: [],
      lastFailureAt: Number.NEGATIVE_INFINITY,
      pending: 0,
      lockedUntil: 0,
    };
    this.entries.set(key(username, address), entry);
    const names = this.names.get(address) ?? new Set<string>();
    names.add(username);
    this.names.set(address, names);
    return entry;
  }

  /** Drops an entry with nothing left to remember, so the maps stay small under a spray. */
  private forgetIfIdle(entry: Entry, at: number): void {
    if (this.counts(entry, at) || entry.lockedUntil > at) return;
    if (this.recentFailures(entry, at) > 0) return;
    const entryKey = key(entry.username, entry.address);
    if (this.entries.get(entryKey) !== entry) return;
    this.entries.delete(entryKey);
    const names = this.names.get(entry.address);
    names?.delete(entry.username);
    if (names?.size === 0) this.names.delete(entry.address);
  }

  private prune(at: number): void {
    if (this.entries.size < 10_000) return;
    for (const entry of [...this.entries.values()]) this.forgetIfIdle(entry, at);
  }
}

function key(username: string, address: string): string {
  return `${username}\u0000${address}`;
}
