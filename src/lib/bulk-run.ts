import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { createLimiter } from "./limit-concurrency";

/**
 * A job over many ids: calls of `batchSize` ids each, `concurrency` at a time, every id ending
 * with exactly one result. Pure: the caller says how to send a batch and what a failure means,
 * so the same runner serves subscribers/add (100 ids a call) and vars/set (one id a call).
 */

/** The outcomes every run shares; a run adds its own success words ("added", "saved"). */
export type NotDone = "failed" | "not-run";

export interface BulkResult<Success extends string> {
  userId: number;
  outcome: Success | NotDone;
  /** The service's words for a failure, or why an id was not run. */
  error?: string;
  /** The service's error code, when it gave one. */
  code?: number;
}

/** What a failed call means for the run. */
export interface FailureVerdict {
  /** Said for each id of the failed call. */
  text: string;
  code?: number | undefined;
  /**
   * true: the failure is not about these ids (the network, the session, the service down):
   * no further call starts and the rest are reported as not run, to be retried later.
   */
  stopsRun: boolean;
}

export interface BulkRunOptions<Success extends string> {
  userIds: readonly number[];
  batchSize: number;
  concurrency: number;
  /** Sends one batch; returns one result per id of it (any order). */
  send: (batch: number[], signal: AbortSignal) => Promise<BulkResult<Success>[]>;
  judge: (error: unknown) => FailureVerdict;
  /** Cancel: no further call starts; the ones in flight still report what they did. */
  cancel: AbortSignal;
  /** Leaving the page: calls in flight are abandoned too. */
  abort?: AbortSignal | undefined;
  /** Results as they arrive, for the progress bar. */
  onResults?: (batch: readonly BulkResult<Success>[]) => void;
  /** Words for an id that was never sent because of Cancel. */
  cancelledText?: string;
  /** The language of the run's own words (an id not run, an answer that missed an id). */
  i18n: I18n;
}

export interface BulkRunReport<Success extends string> {
  /** One per id, in the order given. */
  results: BulkResult<Success>[];
  /** The failure that stopped the run early, if one did. */
  stoppedBy?: { error: unknown; verdict: FailureVerdict };
  cancelled: boolean;
}

export async function runBulk<Success extends string>(
  options: BulkRunOptions<Success>,
): Promise<BulkRunReport<Success>> {
  const { userIds, batchSize, concurrency, send, judge, cancel, abort, onResults, i18n } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError("batchSize must be at least 1");
  }
  const batches: number[][] = [];
  for (let start = 0; start < userIds.length; start += batchSize) {
    batches.push(userIds.slice(start, start + batchSize));
  }
  const results = new Map<number, BulkResult<Success>>();
  // Calls under way are never abandoned when the run stops or is cancelled: the service may
  // have done them, and only their answer can say so. Leaving the page (`abort`) does.
  const signal = abort ?? new AbortController().signal;
  // An object, not a `let`: the calls under way set it while others await.
  const state: Pick<BulkRunReport<Success>, "stoppedBy"> = {};
  const stopped = () => state.stoppedBy !== undefined;

  const record = (batch: readonly BulkResult<Success>[]) => {
    for (const result of batch) results.set(result.userId, result);
    onResults?.(batch);
  };

  const limit = createLimiter(concurrency);
  await Promise.all(
    batches.map((ids) =>
      limit(async () => {
        if (cancel.aborted || stopped() || abort?.aborted) return;
        try {
          const answer = await send(ids, signal);
          const byId = new Map(answer.map((result) => [result.userId, result]));
          record(
            ids.map(
              (userId) =>
                byId.get(userId) ?? {
                  userId,
                  outcome: "failed",
                  error: i18n._(msg`the answer did not mention this id`),
                },
            ),
          );
        } catch (error) {
          const verdict = judge(error);
          if (verdict.stopsRun && !stopped()) {
            state.stoppedBy = { error, verdict };
          }
          record(
            ids.map((userId) => ({
              userId,
              outcome: "failed",
              error: verdict.text,
              ...(verdict.code !== undefined && { code: verdict.code }),
            })),
          );
        }
      }),
    ),
  );

  const { stoppedBy } = state;
  const cancelled = cancel.aborted && stoppedBy === undefined;
  const reason = stoppedBy?.verdict.text ?? "";
  const notRunText = stoppedBy
    ? i18n._(msg`not run: the run stopped (${reason})`)
    : (options.cancelledText ?? i18n._(msg`not run (cancelled)`));
  return {
    results: userIds.map(
      (userId) => results.get(userId) ?? { userId, outcome: "not-run", error: notRunText },
    ),
    ...(stoppedBy && { stoppedBy }),
    cancelled,
  };
}

/** How many results have each outcome. */
export function countBy<Outcome extends string>(
  results: readonly { outcome: Outcome }[],
): Partial<Record<Outcome, number>> {
  const counts: Partial<Record<Outcome, number>> = {};
  for (const result of results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  return counts;
}

/** The ids still to do after a run: those that failed or were not run, in the order given. */
export function idsToRetry(results: readonly BulkResult<string>[]): number[] {
  return results
    .filter((result) => result.outcome === "failed" || result.outcome === "not-run")
    .map((result) => result.userId);
}

/**
 * The results of a retry laid over the earlier run's: each retried id takes its new result,
 * the others keep theirs, in the earlier run's order.
 */
export function mergeResults<Success extends string>(
  earlier: readonly BulkResult<Success>[],
  retried: readonly BulkResult<Success>[],
): BulkResult<Success>[] {
  const byId = new Map(retried.map((result) => [result.userId, result]));
  return earlier.map((result) => byId.get(result.userId) ?? result);
}
