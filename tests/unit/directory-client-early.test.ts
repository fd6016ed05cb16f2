import { describe, expect, it, vi } from "vitest";
import type { ContractSchemas } from "../../src/api/contract-schemas";

/** The contract's chunk, held back until the test lets it arrive. */
let arrive: (schemas: ContractSchemas) => void = () => undefined;
vi.mock("../../src/api/contract-schemas", () => ({
  contractSchemas: () =>
    new Promise<ContractSchemas>((resolve) => {
      arrive = resolve;
    }),
  schemasIfLoaded: () => undefined,
}));

const { createDirectoryApi } = await import("../../src/api/directory/directory-client");
const schemas = await import("../../src/api/schemas");

const status = {
  group_id: 1001,
  state: "ready",
  people: 120,
  left: 0,
  left_kept_days: 30,
  updated_at: "2026-11-24T04:00:00.000Z",
  last_full_pass_at: null,
  next_full_pass_at: null,
  full_pass: null,
  error: null,
  share: 0.5,
  hooks: { configured: false, last_event_at: null },
};

describe("the directory client while the contract's chunk loads", () => {
  it("sends a read at once and parses its answer once the schemas are there", async () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, status }), {
          headers: { "Content-Type": "application/json" },
        }),
      );
    };
    const answer = createDirectoryApi({ fetch }).status(1001);
    await vi.waitFor(() => {
      expect(sent).toEqual(["/directory/1001/status"]);
    });
    arrive(schemas);
    expect(await answer).toMatchObject({ group_id: 1001, people: 120 });
  });

  it("holds a write until the schemas are there", async () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(new Response("{}", { status: 500 }));
    };
    const answer = createDirectoryApi({ fetch })
      .count(1001, {})
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    arrive(schemas);
    await answer;
    expect(sent).toEqual(["/directory/1001/count"]);
  });
});

describe("the saved views' client while the contract's chunk loads", () => {
  it("asks for the list at once and reads it once the schemas are there", async () => {
    const { fetchViews } = await import("../../src/api/views/views-client");
    const sent: string[] = [];
    const gateway = (input: string) => {
      sent.push(input);
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, count: 0, items: [] }), {
          headers: { "Content-Type": "application/json" },
        }),
      );
    };
    const answer = fetchViews(gateway, 1001);
    await vi.waitFor(() => {
      expect(sent).toEqual(["/views/1001"]);
    });
    arrive(schemas);
    expect(await answer).toEqual([]);
  });
});
