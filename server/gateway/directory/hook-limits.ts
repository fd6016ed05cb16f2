/**
 * Brakes of the WebHook route, which takes calls without a session: a channel takes at most
 * `perSecond` calls a second (the service retries what is refused), and an address that sends
 * `wrongSecretsPerMinute` wrong secrets in a minute is refused for the rest of that minute, so
 * secrets cannot be guessed at speed.
 */
export interface HookLimitsOptions {
  perSecond: number;
  wrongSecretsPerMinute: number;
  now?: () => number;
}

interface Window {
  start: number;
  count: number;
}

/** Addresses remembered at most; a flood of new ones cannot grow the map without end. */
const MAX_ADDRESSES = 10_000;

export class HookLimits {
  private readonly calls = new Map<number, Window>();
  private readonly wrong = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: HookLimitsOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  private count(window: Window | undefined, length: number, now: number): Window {
    return window && now - window.start < length ? window : { start: now, count: 0 };
  }

  /** Counts a call for the channel; false when it is over its calls a second. */
  takeCall(groupId: number): boolean {
    const now = this.now();
    const window = this.count(this.calls.get(groupId), 1000, now);
    window.count += 1;
    this.calls.set(groupId, window);
    return window.count <= this.options.perSecond;
  }

  /** Whether the address has used up its wrong secrets for this minute. */
  blocked(address: string): boolean {
    const window = this.wrong.get(address);
    return (
      window !== undefined &&
      this.now() - window.start < 60_000 &&
      window.count >= this.options.wrongSecretsPerMinute
    );
  }

  wrongSecret(address: string): void {
    const now = this.now();
    if (this.wrong.size >= MAX_ADDRESSES) {
      for (const [key, window] of this.wrong) {
        if (now - window.start >= 60_000) this.wrong.delete(key);
      }
      if (this.wrong.size >= MAX_ADDRESSES) this.wrong.clear();
    }
    const window = this.count(this.wrong.get(address), 60_000, now);
    window.count += 1;
    this.wrong.set(address, window);
  }
}
