import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/api-error";

// The schemas' chunk is fetched with import(): here the module fails once, as a chunk does
// when the network drops, and loads the next time.
let failNext = true;
vi.mock("../../src/api/schemas", async (importOriginal) => {
  if (failNext) {
    failNext = false;
    throw new TypeError("Failed to fetch dynamically imported module");
  }
  return importOriginal();
});

afterEach(() => {
  vi.resetModules();
});

describe("the contract's schemas, loaded after the entry", () => {
  it("turn a chunk that could not be fetched into a network failure of the call, and are asked for again", async () => {
    failNext = true;
    const { createClient, SCHEMAS_UNREACHABLE } = await import("../../src/api/client");
    let fetched = 0;
    const signals: (AbortSignal | null | undefined)[] = [];
    const call = createClient({
      fetch: (_url, init) => {
        fetched += 1;
        signals.push(init?.signal);
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, item: "not a channel" }), { status: 200 }),
        );
      },
    });

    const first = await call("groups/get", {}, { groupId: 1 }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ kind: "network", message: SCHEMAS_UNREACHABLE });
    // A read goes out while the chunk loads (src/api/client.ts); without the chunk to check it,
    // it is cancelled.
    expect(fetched).toBe(1);
    expect(signals[0]?.aborted).toBe(true);

    // The next call loads the schemas and still parses the answer by the contract.
    const second = await call("groups/get", {}, { groupId: 1 }).catch((error: unknown) => error);
    expect(second).toMatchObject({ kind: "contract" });
    expect(fetched).toBe(2);
  });
});
