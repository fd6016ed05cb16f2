import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureBody } from "../../src/contract/errors";
import { operationIds, operations } from "../../src/contract/operations";
import { post } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { seedChannels, tgUserId } from "../support/seed";
import { validRequests } from "../support/valid-requests";

/**
 * Thousands of hostile bodies, to every operation: the service must never crash or answer 5xx,
 * and every answer is either a success the contract accepts or a failure with a code.
 */

const junkScalar = fc.oneof(
  fc.integer(),
  fc.integer({ min: -1, max: 3 }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e300, 0.5, -0.0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("", " ", "2", "2.0", "1.1.2026", "31.12.2026 23:59:59", "__proto__", "[1,2]"),
  fc.constantFrom("x".repeat(70_000), "Ж".repeat(5000), "\u0000\uFFFF\uD800"),
  fc.boolean(),
  fc.constant(null),
  fc.constant(tgUserId(1)),
);

const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    junkScalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

function fieldNames(op: (typeof operationIds)[number]): string[] {
  const schema = operations[op].request as unknown as { shape: Record<string, unknown> };
  return Object.keys(schema.shape);
}

const auth = { access_token: seedChannels.tg.token, v: 2, group_id: seedChannels.tg.groupId };

function bodyFor(op: (typeof operationIds)[number]) {
  const names = [...fieldNames(op), "access_token", "v", "group_id", "vk_group_id", "__proto__"];
  const valid = validRequests[op] as Record<string, unknown>;
  return fc.record({
    keepAuth: fc.boolean(),
    // Half the bodies start from a valid request, so the junk reaches the handlers too.
    base: fc.constantFrom({}, valid),
    fields: fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), junk, {
      maxKeys: 8,
    }),
    asForm: fc.boolean(),
  });
}

let api: RunningChannelApi;
beforeAll(async () => {
  api = await startChannelApi();
});
afterAll(async () => {
  await api.close();
});

function formText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

function formOf(fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, formText(item));
    else form.append(key, formText(value));
  }
  return form;
}

describe("hostile bodies", () => {
  it.each(operationIds)("%s: never a crash, always success or a coded failure", async (op) => {
    await fc.assert(
      fc.asyncProperty(bodyFor(op), async ({ keepAuth, base, fields, asForm }) => {
        const all = keepAuth ? { ...base, ...fields, ...auth } : { ...base, ...fields };
        const answer = await post(api.url, `/api/${op}`, asForm ? formOf(all) : all);
        expect(answer.status, answer.text).toBeLessThan(500);
        if (answer.body.success === true) {
          expect(answer.status).toBe(200);
          const parsed = operations[op].response.safeParse(answer.body);
          expect(parsed.success, answer.text).toBe(true);
        } else {
          const failure = failureBody.safeParse(answer.body);
          expect(failure.success, answer.text).toBe(true);
          expect(answer.text).not.toMatch(/\bat .+:\d+:\d+/);
        }
      }),
      { numRuns: 150 },
    );
  });
});
