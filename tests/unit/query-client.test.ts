import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorDetails } from "../../src/api/api-error";
import {
  createQueryClient,
  MAX_RETRIES,
  retryDelay,
  shouldRetry,
} from "../../src/api/query-client";
import { apiKeys } from "../../src/api/query-keys";

const error = (details: Partial<ApiErrorDetails>) =>
  new ApiError({ kind: "service", operation: "groups/get", message: "x", ...details });

describe("retries", () => {
  it("cover network failures, 5xx and error 9 only", () => {
    expect(shouldRetry(0, error({ kind: "network" }))).toBe(true);
    expect(shouldRetry(0, error({ kind: "http", status: 503 }))).toBe(true);
    expect(shouldRetry(0, error({ kind: "service", code: 9 }))).toBe(true);
    expect(shouldRetry(0, error({ kind: "http", status: 403 }))).toBe(false);
    expect(shouldRetry(0, error({ kind: "service", code: 12 }))).toBe(false);
    expect(shouldRetry(0, error({ kind: "contract" }))).toBe(false);
    expect(shouldRetry(0, error({ kind: "aborted" }))).toBe(false);
    expect(shouldRetry(0, new Error("plain"))).toBe(false);
    expect(shouldRetry(MAX_RETRIES, error({ kind: "network" }))).toBe(false);
  });

  it("back off exponentially up to 10 s", () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const delay = retryDelay(attempt);
      const base = Math.min(500 * 2 ** attempt, 10_000);
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });

  it("are never made for mutations", () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe("signed-out state", () => {
  it("is reported for 401 and errors 13/14 from queries and mutations", async () => {
    let signals = 0;
    const client = createQueryClient({ onSignedOut: () => signals++ });
    await client
      .query({
        queryKey: ["a"],
        queryFn: () => Promise.reject(error({ kind: "http", status: 401 })),
        retry: false,
      })
      .catch(() => undefined);
    expect(signals).toBe(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error({ kind: "http", status: 401 })) })
      .execute(undefined)
      .catch(() => undefined);
    expect(signals).toBe(2);
    // A refused channel token (13/14) or any other refusal is no ended session.
    for (const code of [12, 13, 14]) {
      await client
        .query({
          queryKey: ["b", code],
          queryFn: () => Promise.reject(error({ code })),
          retry: false,
        })
        .catch(() => undefined);
    }
    expect(signals).toBe(2);
  });
});

describe("query keys", () => {
  it("nest channel → group → operation → parameters", () => {
    const key = apiKeys.call(5, "subscribers/get", { count: 20 });
    expect(key).toEqual(["api", 5, "subscribers", "get", { count: 20 }]);
    expect(key.slice(0, 3)).toEqual(apiKeys.group(5, "subscribers"));
    expect(key.slice(0, 4)).toEqual(apiKeys.operation(5, "subscribers/get"));
    expect(apiKeys.channel(6)).not.toEqual(key.slice(0, 2));
  });
});
