/**
 * Requests per second per token, as a token bucket: a burst of `perSecond` requests, then one
 * more every 1/perSecond s. `perSecond` 0 turns the limit off.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one request from the key's bucket; false when the bucket is empty. */
  take(key: string): boolean {
    if (this.perSecond <= 0) return true;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, at: now };
    const refilled = Math.min(
      this.perSecond,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    if (this.buckets.size > 10_000) this.forgetFull(now);
    return true;
  }

  /** Drops buckets that have refilled completely, so the map cannot grow without bound. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.perSecond) {
        this.buckets.delete(key);
      }
    }
  }
}
