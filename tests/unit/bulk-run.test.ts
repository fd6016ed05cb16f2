import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error";
import { judgeBulkFailure } from "../../src/api/bulk-failure";
import type { Call } from "../../src/api/client";
import {
  judgeBulkSetFailure,
  runBulkSet,
  runWideField,
  SET_CONCURRENCY,
} from "../../src/features/variables/bulk/run-bulk-set";
import {
  idsToRetry,
  mergeResults,
  runBulk,
  type BulkResult,
  type FailureVerdict,
} from "../../src/lib/bulk-run";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const tick = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

/** One id a call; `fail` decides which ids throw what. */
function fakeSend(fail: (id: number) => Error | undefined = () => undefined) {
  const sent: number[] = [];
  let running = 0;
  let peak = 0;
  const send = async (batch: number[]): Promise<BulkResult<"saved">[]> => {
    sent.push(...batch);
    running++;
    peak = Math.max(peak, running);
    await tick();
    running--;
    for (const id of batch) {
      const failure = fail(id);
      if (failure) throw failure;
    }
    return batch.map((userId) => ({ userId, outcome: "saved" }));
  };
  return { send, sent, peak: () => peak };
}

const perId = (error: unknown): FailureVerdict => ({
  text: error instanceof Error ? error.message : "?",
  stopsRun: false,
});
const stops = (error: unknown): FailureVerdict => ({ ...perId(error), stopsRun: true });

describe("runBulk", () => {
  it("gives every id one result in the order given, a few calls at a time", async () => {
    const fake = fakeSend((id) =>
      id % 10 === 0 ? new Error(`no person ${String(id)}`) : undefined,
    );
    let reported = 0;
    const report = await runBulk({
      userIds: ids(30),
      batchSize: 1,
      concurrency: 3,
      send: fake.send,
      judge: perId,
      cancel: new AbortController().signal,
      i18n,
      onResults: (batch) => (reported += batch.length),
    });
    expect(report.results.map((r) => r.userId)).toEqual(ids(30));
    expect(report.results.filter((r) => r.outcome === "failed")).toEqual(
      [10, 20, 30].map((userId) => ({
        userId,
        outcome: "failed",
        error: `no person ${String(userId)}`,
      })),
    );
    expect(fake.peak()).toBe(3);
    expect(reported).toBe(30);
    expect(report.cancelled).toBe(false);
    expect(report.stoppedBy).toBeUndefined();
  });

  it("stops at a run-wide failure: the rest are not run, with the reason", async () => {
    const down = new Error("service down");
    const fake = fakeSend((id) => (id === 12 ? down : undefined));
    const report = await runBulk({
      userIds: ids(40),
      batchSize: 1,
      concurrency: 2,
      send: fake.send,
      judge: stops,
      cancel: new AbortController().signal,
      i18n,
    });
    expect(report.stoppedBy?.error).toBe(down);
    const byOutcome = (o: string) =>
      report.results.filter((r) => r.outcome === o).map((r) => r.userId);
    expect(byOutcome("failed")).toEqual([12]);
    // Whatever was sent was reported as it ended; nothing after the failure was sent.
    expect(byOutcome("saved")).toEqual(fake.sent.filter((id) => id !== 12));
    expect(fake.sent.length).toBeLessThanOrEqual(13);
    expect(byOutcome("not-run")).toEqual(ids(40).filter((id) => !fake.sent.includes(id)));
    expect(report.results.find((r) => r.outcome === "not-run")?.error).toBe(
      "not run: the run stopped (service down)",
    );
  });

  it("starts nothing after Cancel; the calls in flight still report", async () => {
    const fake = fakeSend();
    const cancel = new AbortController();
    const running = runBulk({
      userIds: ids(50),
      batchSize: 1,
      concurrency: 4,
      send: fake.send,
      judge: perId,
      cancel: cancel.signal,
      i18n,
    });
    await tick(5);
    cancel.abort();
    const report = await running;
    expect(report.cancelled).toBe(true);
    const saved = report.results.filter((r) => r.outcome === "saved").length;
    expect(saved).toBe(fake.sent.length);
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(50);
    expect(report.results.filter((r) => r.outcome === "not-run")).toHaveLength(50 - saved);
  });

  it("sends in batches and marks an id the answer left out as failed", async () => {
    const batches: number[][] = [];
    const report = await runBulk<"added">({
      userIds: ids(5),
      batchSize: 2,
      concurrency: 1,
      send: async (batch) => {
        batches.push(batch);
        await tick();
        return batch.filter((id) => id !== 4).map((userId) => ({ userId, outcome: "added" }));
      },
      judge: perId,
      cancel: new AbortController().signal,
      i18n,
    });
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(report.results[3]).toEqual({
      userId: 4,
      outcome: "failed",
      error: "the answer did not mention this id",
    });
  });

  it("retries only the failed and not run, and lays the new results over the old", () => {
    const earlier: BulkResult<"saved">[] = [
      { userId: 1, outcome: "saved" },
      { userId: 2, outcome: "failed", error: "x" },
      { userId: 3, outcome: "not-run" },
      { userId: 4, outcome: "saved" },
    ];
    expect(idsToRetry(earlier)).toEqual([2, 3]);
    expect(
      mergeResults(earlier, [
        { userId: 2, outcome: "saved" },
        { userId: 3, outcome: "failed", error: "y" },
      ]),
    ).toEqual([
      { userId: 1, outcome: "saved" },
      { userId: 2, outcome: "saved" },
      { userId: 3, outcome: "failed", error: "y" },
      { userId: 4, outcome: "saved" },
    ]);
  });
});

describe("judging a failed call of a bulk run", () => {
  const service = (code: number) =>
    new ApiError({ kind: "service", operation: "vars/set", code, message: "said" });
  it("goes on after the service refused one person", () => {
    expect(judgeBulkFailure(service(5), i18n)).toEqual({
      text: "No such subscriber (error 5).",
      code: 5,
      stopsRun: false,
    });
    expect(judgeBulkFailure(service(12), i18n).stopsRun).toBe(false);
  });
  it("stops when every further call would fail the same way", () => {
    for (const code of [9, 13, 14])
      expect(judgeBulkFailure(service(code), i18n).stopsRun).toBe(true);
    const http = (status: number) =>
      new ApiError({
        kind: "http",
        operation: "vars/set",
        status,
        code: 0,
        message: "internal error",
      });
    expect(judgeBulkFailure(http(502), i18n)).toEqual({
      text: "The channel's service did not answer. Try again later.",
      code: 0,
      stopsRun: true,
    });
    expect(judgeBulkFailure(http(401), i18n).stopsRun).toBe(true);
    expect(
      judgeBulkFailure(
        new ApiError({ kind: "network", operation: "vars/set", message: "x", timeout: true }),
        i18n,
      ),
    ).toEqual({ text: "The server did not answer in time. Try again.", stopsRun: true });
  });
});

describe("a bulk vars/set refused for its name or value", () => {
  const refuse = (code: number, message: string) => async () => {
    await Promise.resolve();
    throw new ApiError({ kind: "service", operation: "vars/set", code, message });
  };
  const runWith = async (fail: () => Promise<never>) => {
    let calls = 0;
    const call = (async () => {
      calls += 1;
      return fail();
    }) as unknown as Call;
    const report = await runBulkSet({
      name: "plan",
      value: "x",
      userIds: ids(1000),
      field: "tg_user_id",
      groupId: 1001,
      call,
      i18n,
      cancel: new AbortController().signal,
      onResults: () => undefined,
    });
    return { calls, report };
  };

  it("stops the run at once on error 11 (bad name) and on error 12 naming a field", async () => {
    for (const fail of [refuse(11, "bad variable name"), refuse(12, "value is too long")]) {
      const { calls, report } = await runWith(fail);
      expect(calls).toBeLessThanOrEqual(SET_CONCURRENCY);
      expect(report.stoppedBy?.verdict.stopsRun).toBe(true);
      expect(runWideField(report.stoppedBy?.error)).toBeDefined();
      expect(report.results.filter((r) => r.outcome === "not-run").length).toBeGreaterThan(990);
    }
  });

  it("goes on after a refusal about one person (error 5, error 12 not naming a field)", () => {
    expect(judgeBulkSetFailure(refuseNow(5, "user not found"), i18n).stopsRun).toBe(false);
    expect(judgeBulkSetFailure(refuseNow(12, "something else"), i18n).stopsRun).toBe(false);
    expect(judgeBulkSetFailure(refuseNow(11, "bad variable name"), i18n)).toEqual({
      text: "A variable name may have only Latin letters, digits and _ (error 11).",
      code: 11,
      stopsRun: true,
    });
  });
});

function refuseNow(code: number, message: string) {
  return new ApiError({ kind: "service", operation: "vars/set", code, message });
}
