import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error";
import type { Call } from "../../src/api/client";
import type { OperationId } from "../../src/contract/operations";
import type { ManageValues } from "../../src/features/subscribers/manage/manage-schema";
import {
  ADD_IDS_PER_CALL,
  CHANGE_CONCURRENCY,
  runChanges,
  type ChangeResult,
} from "../../src/features/subscribers/manage/run-changes";
import { testI18n } from "../support/i18n";

interface Sent {
  operation: OperationId;
  params: Record<string, unknown>;
}

/**
 * A stand-in for the client that answers like the local Channel API: ids below 1000 are
 * people, others are not found. It records what was sent and how many calls ran at once.
 */
function fakeCall(options: { fail?: (params: Record<string, unknown>) => Error | undefined } = {}) {
  const sent: Sent[] = [];
  let running = 0;
  let peak = 0;
  const call = (async (operation: OperationId, params: Record<string, unknown>) => {
    sent.push({ operation, params });
    running++;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 2));
    running--;
    const failure = options.fail?.(params);
    if (failure) throw failure;
    if (operation === "subscribers/add") {
      const ids = params.tg_user_id as number[];
      return {
        success: true,
        subscribers: ids.map((id) =>
          id < 1000
            ? { tg_user_id: String(id), success: true }
            : { tg_user_id: String(id), success: false, error: "user not found" },
        ),
      };
    }
    return { success: true };
  }) as unknown as Call;
  return { call, sent, peak: () => peak };
}

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

function run(
  values: ManageValues,
  call: Call,
  cancel = new AbortController().signal,
  i18n = testI18n("en"),
) {
  const progress: number[] = [];
  let done = 0;
  const results = runChanges({
    values,
    field: "tg_user_id",
    groupId: 1001,
    call,
    cancel,
    i18n,
    onResults: (batch) => {
      done += batch.length;
      progress.push(done);
    },
  });
  return { results, progress };
}

describe("sending the ids of the add/remove form", () => {
  it("adds in calls of at most 100 ids, with the subscription and tag", async () => {
    const fake = fakeCall();
    const { results, progress } = run(
      { action: "add", subscription: 2, userIds: ids(250), utm: 11 },
      fake.call,
    );
    const answer = await results;
    expect(ADD_IDS_PER_CALL).toBe(100);
    expect(fake.sent.map((s) => (s.params.tg_user_id as number[]).length)).toEqual([100, 100, 50]);
    expect(fake.sent.every((s) => s.operation === "subscribers/add")).toBe(true);
    expect(fake.sent[0]?.params).toMatchObject({ subscription_id: 2, utm_id: 11 });
    expect(answer).toHaveLength(250);
    expect(answer.every((r) => r.outcome === "added")).toBe(true);
    expect(progress.at(-1)).toBe(250);
  });

  it("reports each id of an add by the answer's subscribers array, in the order given", async () => {
    const fake = fakeCall();
    const answer = await run(
      { action: "add", subscription: 1, userIds: [5000, 7], utm: undefined },
      fake.call,
    ).results;
    expect(answer).toEqual<ChangeResult[]>([
      // The service's own English for one id is said as its code's meaning.
      { userId: 5000, outcome: "failed", error: "No such subscriber (error 5)." },
      { userId: 7, outcome: "added" },
    ]);
    expect(fake.sent[0]?.params).not.toHaveProperty("utm_id");
  });

  it("removes one id per call, never more than a few at a time", async () => {
    const fake = fakeCall();
    const answer = await run(
      { action: "remove", subscription: 0, userIds: ids(20), utm: undefined },
      fake.call,
    ).results;
    expect(fake.sent).toHaveLength(20);
    expect(fake.sent[3]).toEqual({
      operation: "subscribers/del",
      params: { tg_user_id: 4, subscription_id: 0 },
    });
    expect(fake.peak()).toBe(CHANGE_CONCURRENCY);
    expect(answer.map((r) => r.outcome)).toEqual(Array(20).fill("removed"));
  });

  it("marks every id of a failed call with the error, and goes on with the others", async () => {
    const fake = fakeCall({
      fail: (params) =>
        params.tg_user_id === 3
          ? new ApiError({
              kind: "service",
              operation: "subscribers/del",
              code: 5,
              message: "user not found: no tg_user_id 3",
            })
          : undefined,
    });
    const answer = await run(
      { action: "remove", subscription: 1, userIds: [1, 3, 4], utm: undefined },
      fake.call,
    ).results;
    expect(answer).toEqual<ChangeResult[]>([
      { userId: 1, outcome: "removed" },
      // The service's code in the person's words, not the API's English message.
      { userId: 3, outcome: "failed", error: "No such subscriber (error 5)." },
      { userId: 4, outcome: "removed" },
    ]);
  });

  it("words a failure in the person's language", async () => {
    const fake = fakeCall({
      fail: () =>
        new ApiError({
          kind: "service",
          operation: "subscribers/del",
          code: 5,
          message: "user not found",
        }),
    });
    const answer = await run(
      { action: "remove", subscription: 1, userIds: [3], utm: undefined },
      fake.call,
      undefined,
      testI18n("ru"),
    ).results;
    expect(answer).toEqual<ChangeResult[]>([
      { userId: 3, outcome: "failed", error: "Такого подписчика нет (ошибка 5)." },
    ]);
  });

  it("starts no call after Cancel; the rest are reported as not sent", async () => {
    const fake = fakeCall();
    const cancel = new AbortController();
    const values: ManageValues = {
      action: "remove",
      subscription: 1,
      userIds: ids(40),
      utm: undefined,
    };
    const { results } = run(values, fake.call, cancel.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    cancel.abort();
    const answer = await results;
    const sent = fake.sent.length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(40);
    expect(answer.filter((r) => r.outcome === "removed")).toHaveLength(sent);
    expect(answer.filter((r) => r.outcome === "not-sent")).toHaveLength(40 - sent);
  });

  it("stops and throws when the session has ended", async () => {
    const ended = new ApiError({
      kind: "http",
      operation: "subscribers/del",
      status: 401,
      message: "Sign in again.",
    });
    const fake = fakeCall({ fail: () => ended });
    await expect(
      run({ action: "remove", subscription: 1, userIds: ids(30), utm: undefined }, fake.call)
        .results,
    ).rejects.toBe(ended);
    expect(fake.sent.length).toBeLessThanOrEqual(CHANGE_CONCURRENCY);
  });
});
