import { describe, expect, it } from "vitest";
import { operationIds } from "../../src/contract/operations";
import { CACHEABLE_OPERATIONS, StatCache, canonicalJson } from "../../server/gateway/stat-cache";

// 1 March 2024, 12:00 UTC = 15:00 in Moscow (UTC+3 all year).
const NOW = Date.UTC(2024, 2, 1, 12, 0, 0);

function cacheAt(now = NOW, options: { maxBytes?: number; closedAfterMs?: number } = {}) {
  return new StatCache({ ...options, now: () => now });
}

const period = (dateTo: string) => ({ date_from: "01.02.2024 00:00:00", date_to: dateTo });

describe("StatCache.keyFor", () => {
  it("gives a key only once the period ended more than closedAfterMs ago", () => {
    const cache = cacheAt();
    expect(
      cache.keyFor(1, "subscribers/statCount", period("01.03.2024 10:59:59"), "UTC"),
    ).toBeTypeOf("string");
    // Exactly one hour is not "more than".
    expect(
      cache.keyFor(1, "subscribers/statCount", period("01.03.2024 11:00:00"), "UTC"),
    ).toBeUndefined();
    expect(
      cache.keyFor(1, "subscribers/statCount", period("01.03.2024 11:30:00"), "UTC"),
    ).toBeUndefined();
    expect(
      cache.keyFor(1, "subscribers/statCount", period("31.12.2024 23:59:59"), "UTC"),
    ).toBeUndefined();

    const eager = cacheAt(NOW, { closedAfterMs: 0 });
    expect(
      eager.keyFor(1, "subscribers/statCount", period("01.03.2024 11:59:59"), "UTC"),
    ).toBeTypeOf("string");
  });

  it("reads date_to in the channel's time zone", () => {
    const cache = cacheAt();
    const params = period("01.03.2024 13:30:00");
    // 13:30 UTC is still ahead; 13:30 in Moscow was 10:30 UTC, 90 minutes ago.
    expect(cache.keyFor(1, "utms/statCount", params, "UTC")).toBeUndefined();
    expect(cache.keyFor(1, "utms/statCount", params, "Europe/Moscow")).toBeTypeOf("string");
  });

  it("accepts the lenient request forms of date_to", () => {
    const cache = cacheAt();
    for (const dateTo of ["1.3.2024 9:05:00", "29.02.2024", "2024-03-01T10:00:00Z"]) {
      expect(cache.keyFor(1, "deliveries/stat", period(dateTo), "UTC"), dateTo).toBeTypeOf(
        "string",
      );
    }
  });

  it("gives no key when date_to is missing or unparsable", () => {
    const cache = cacheAt();
    const op = "deliveries/statCount";
    expect(cache.keyFor(1, op, { date_from: "01.02.2024 00:00:00" }, "UTC")).toBeUndefined();
    for (const dateTo of ["yesterday", "32.01.2024 00:00:00", "01.13.2024", "", "2024-02-30"]) {
      expect(cache.keyFor(1, op, period(dateTo), "UTC"), dateTo).toBeUndefined();
    }
    expect(cache.keyFor(1, op, { date_to: 1_700_000_000 }, "UTC")).toBeUndefined();
    expect(cache.keyFor(1, op, { date_to: null }, "UTC")).toBeUndefined();
  });

  it("caches only the statistics operations", () => {
    const cache = cacheAt();
    const params = period("01.01.2024 00:00:00");
    expect([...CACHEABLE_OPERATIONS].sort()).toEqual([
      "deliveries/stat",
      "deliveries/statCount",
      "subscribers/statCount",
      "subscribers/statSubscribe",
      "utms/statCount",
      "utms/statSubscribe",
    ]);
    for (const op of operationIds) {
      const key = cache.keyFor(1, op, params, "UTC");
      if (CACHEABLE_OPERATIONS.has(op)) expect(key, op).toBeTypeOf("string");
      else expect(key, op).toBeUndefined();
    }
  });

  it("builds the same key whatever the order of the params, at every depth", () => {
    const cache = cacheAt();
    const a = cache.keyFor(
      7,
      "subscribers/statSubscribe",
      {
        date_from: "01.02.2024 00:00:00",
        date_to: "29.02.2024 23:59:59",
        subscription_id: [3, 1],
        extra: { b: 2, a: { y: 1, x: 0 } },
      },
      "UTC",
    );
    const b = cache.keyFor(
      7,
      "subscribers/statSubscribe",
      {
        extra: { a: { x: 0, y: 1 }, b: 2 },
        subscription_id: [3, 1],
        date_to: "29.02.2024 23:59:59",
        date_from: "01.02.2024 00:00:00",
      },
      "UTC",
    );
    expect(a).toBeTypeOf("string");
    expect(b).toBe(a);

    const base = { date_to: "29.02.2024 23:59:59", subscription_id: [3, 1] };
    const key = cache.keyFor(7, "subscribers/statSubscribe", base, "UTC");
    // Arrays keep their order; the channel and the operation are part of the key.
    expect(
      cache.keyFor(7, "subscribers/statSubscribe", { ...base, subscription_id: [1, 3] }, "UTC"),
    ).not.toBe(key);
    expect(cache.keyFor(8, "subscribers/statSubscribe", base, "UTC")).not.toBe(key);
    expect(cache.keyFor(7, "utms/statSubscribe", base, "UTC")).not.toBe(key);
  });

  it("keeps the token out of the key", () => {
    const cache = cacheAt();
    const params = { date_to: "29.02.2024 23:59:59" };
    const key = cache.keyFor(7, "utms/statCount", params, "UTC");
    const withToken = cache.keyFor(
      7,
      "utms/statCount",
      { ...params, access_token: "s3cr3t" },
      "UTC",
    );
    expect(withToken).toBe(key);
    expect(withToken).not.toContain("s3cr3t");
  });

  it("sorts keys in canonical JSON and keeps arrays as they are", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: undefined, e: null })).toBe(
      '{"b":[{"c":2,"d":1}],"e":null}',
    );
  });
});

describe("StatCache storage", () => {
  it("returns what was stored, as a copy, and counts hits and misses", () => {
    const cache = cacheAt();
    const answer = { success: true, items: [{ date: "01.02.2024", count: 3 }] };
    cache.set("k", answer);

    const first = cache.get("k") as typeof answer;
    expect(first).toEqual(answer);
    first.items.length = 0;
    expect(cache.get("k")).toEqual(answer);
    expect(cache.get("other")).toBeUndefined();

    expect(cache.stats).toEqual({
      hits: 2,
      misses: 1,
      entries: 1,
      bytes: JSON.stringify(answer).length + "k".length,
    });
  });

  it("drops the least recently used answers to stay under maxBytes", () => {
    const cache = cacheAt(NOW, { maxBytes: 200 });
    // Each entry is 1 character of key and 60 of JSON: three fit, four do not.
    const answer = (n: number) => ({ success: true, pad: "x".repeat(24), n: n * 111111 });
    expect(JSON.stringify(answer(1))).toHaveLength(60);
    cache.set("a", answer(1));
    cache.set("b", answer(2));
    cache.set("c", answer(3));
    expect(cache.stats).toMatchObject({ entries: 3, bytes: 183 });

    expect(cache.get("a")).toEqual(answer(1)); // "b" is now the least recently used
    cache.set("d", answer(4));

    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(answer(1));
    expect(cache.get("c")).toEqual(answer(3));
    expect(cache.get("d")).toEqual(answer(4));
    expect(cache.stats.entries).toBe(3);
    expect(cache.stats.bytes).toBeLessThanOrEqual(200);
  });

  it("does not keep an answer larger than the whole cache", () => {
    const cache = cacheAt(NOW, { maxBytes: 50 });
    cache.set("small", { success: true });
    cache.set("big", { success: true, pad: "x".repeat(100) });
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("small")).toEqual({ success: true });
  });

  it("refuses a size that cannot work", () => {
    expect(() => new StatCache({ maxBytes: 0 })).toThrow(RangeError);
  });
});
