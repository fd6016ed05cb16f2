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
    const call = createClient({
      fetch: () => {
        fetched += 1;
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, item: "not a channel" }), { status: 200 }),
        );
      },
    });

    const first = await call("groups/get", {}, { groupId: 1 }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ kind: "network", message: SCHEMAS_UNREACHABLE });
    // Nothing is sent unchecked.
    expect(fetched).toBe(0);

    // The next call loads the schemas and still parses the answer by the contract.
    const second = await call("groups/get", {}, { groupId: 1 }).catch((error: unknown) => error);
    expect(second).toMatchObject({ kind: "contract" });
    expect(fetched).toBe(1);
  });
});
