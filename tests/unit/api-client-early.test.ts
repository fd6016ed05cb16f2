import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/api-error";
import type { ContractSchemas } from "../../src/api/contract-schemas";
import { operationIds, operations } from "../../src/contract/operations";
import { readOperations } from "../../src/contract/read-operations";

/** The contract's chunk, held back until the test lets it arrive. */
let loaded: ContractSchemas | undefined;
let arrive: (schemas: ContractSchemas) => void = () => undefined;
vi.mock("../../src/api/contract-schemas", () => ({
  contractSchemas: () =>
    loaded
      ? Promise.resolve(loaded)
      : new Promise<ContractSchemas>((resolve) => {
          arrive = (schemas) => {
            loaded = schemas;
            resolve(schemas);
          };
        }),
  schemasIfLoaded: () => loaded,
}));

const { createClient } = await import("../../src/api/client");
const schemas = await import("../../src/api/schemas");

interface Sent {
  url: string;
  body: unknown;
  signal: AbortSignal | undefined;
}

function recordingFetch(answer: unknown) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push({
      url: typeof input === "string" ? input : "not a string",
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    });
    return Promise.resolve(
      new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } }),
    );
  };
  return { sent, fetch };
}

const subscriptions = { success: true, count: 1, items: [{ subscription_id: 7, name: "News" }] };

describe("the API client while the contract's chunk loads", () => {
  it("lists as reads exactly the operations of kind read", () => {
    expect([...readOperations].sort()).toEqual(
      operationIds.filter((op) => operations[op].kind === "read").sort(),
    );
  });

  it("sends a read at once and parses its answer once the schemas are there", async () => {
    loaded = undefined;
    const { sent, fetch } = recordingFetch(subscriptions);
    const answer = createClient({ fetch })("subscriptions/get", {}, { groupId: 1001 });
    await vi.waitFor(() => {
      expect(sent.map((s) => s.url)).toEqual(["/api/subscriptions/get"]);
    });
    expect(sent[0]?.body).toEqual({ group_id: 1001 });
    arrive(schemas);
    expect(await answer).toMatchObject({ items: [{ subscription_id: 7, name: "News" }] });
  });

  it("cancels a read sent early whose fields the contract refuses, as a request failure", async () => {
    loaded = undefined;
    const { sent, fetch } = recordingFetch(subscriptions);
    const answer = createClient({ fetch })(
      "subscribers/get",
      // A cursor must be digits: only the schemas know it.
      { offset_id: "abc" },
      { groupId: 1001 },
    ).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    arrive(schemas);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "request", path: "offset_id" });
    expect(sent[0]?.signal?.aborted).toBe(true);
  });

  it("holds a write until the schemas are there", async () => {
    loaded = undefined;
    const { sent, fetch } = recordingFetch({ success: true });
    const answer = createClient({ fetch })(
      "vars_global/set",
      { name: "promo", value: "1" },
      { groupId: 1001 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    arrive(schemas);
    await answer;
    expect(sent.map((s) => s.url)).toEqual(["/api/vars_global/set"]);
  });

  it("once the schemas are in, never sends a read whose fields they refuse", async () => {
    loaded = schemas;
    const { sent, fetch } = recordingFetch(subscriptions);
    const error: unknown = await createClient({ fetch })(
      "subscribers/get",
      { offset_id: "abc" },
      { groupId: 1001 },
    ).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ kind: "request", path: "offset_id" });
    expect(sent).toEqual([]);
  });
});

describe("a read sent before the contract's check", () => {
  it("carries the fields as the contract would: no read's request schema changes them", async () => {
    const { examples } = await import("../fixtures/payloads");
    for (const op of readOperations) {
      const given = examples[op].request;
      const parsed = operations[op].request.safeParse(given);
      expect(parsed.success, op).toBe(true);
      expect(parsed.data, op).toEqual(given);
    }
  });
});
