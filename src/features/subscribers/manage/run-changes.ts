import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isSignedOutError } from "@/api/api-error";
import type { Call } from "@/api/client";
import { describeApiError, serviceItemErrorText } from "@/api/error-text";
import { runBulk, type BulkResult } from "@/lib/bulk-run";
import type { UserIdField } from "@/lib/subscriber-format";
import type { ManageValues } from "./manage-schema";

/**
 * People per subscribers/add call. The service's limit is not known; the local Channel API
 * takes at most 100 (README, "Decisions"), so nobody's list is refused for its size.
 */
export const ADD_IDS_PER_CALL = 100;
/** Calls in flight at once: the gateway queues a token's calls at 20 a second anyway, and a
 * few at a time leaves room for the other pages' calls. */
export const CHANGE_CONCURRENCY = 4;

export type Outcome = "added" | "removed" | "failed" | "not-sent";

export interface ChangeResult {
  userId: number;
  outcome: Outcome;
  /** Why it failed, in the person's language (a refusal's own words are the service's). */
  error?: string;
}

export interface RunChangesOptions {
  values: ManageValues;
  field: UserIdField;
  groupId: number;
  call: Call;
  /** Cancel: no further call starts; the ones in flight still report what they did. */
  cancel: AbortSignal;
  /** Leaving the page: calls in flight are abandoned too. */
  abort?: AbortSignal;
  /** Results as they arrive, for the progress bar. */
  onResults: (results: readonly ChangeResult[]) => void;
  /** The language of the failures' words. */
  i18n: I18n;
}

/**
 * Sends the ids: subscribers/add in runs of ADD_IDS_PER_CALL, subscribers/del one id per call
 * (the contract takes one person there), a few calls at a time (src/lib/bulk-run.ts). Every
 * id ends with a result, in the order given; a call that failed marks each of its ids with the
 * error. A signed-out error stops the rest and is thrown, so the app can ask the person to
 * sign in again.
 */
export async function runChanges(options: RunChangesOptions): Promise<ChangeResult[]> {
  const { values, field, groupId, call, cancel, abort, onResults, i18n } = options;
  type Done = "added" | "removed";

  const send = async (ids: number[], signal: AbortSignal): Promise<BulkResult<Done>[]> => {
    if (values.action === "add") {
      const answer = await call(
        "subscribers/add",
        {
          [field]: ids,
          subscription_id: values.subscription,
          ...(values.utm !== undefined && { utm_id: values.utm }),
        },
        { groupId, signal },
      );
      const byId = new Map(answer.subscribers.map((item) => [item[field], item]));
      return ids.map((userId): BulkResult<Done> => {
        const item = byId.get(String(userId));
        if (!item) {
          return {
            userId,
            outcome: "failed",
            error: i18n._(msg`the answer did not mention this id`),
          };
        }
        return item.success
          ? { userId, outcome: "added" }
          : {
              userId,
              outcome: "failed",
              error:
                item.error === undefined
                  ? i18n._(msg`refused without a reason`)
                  : serviceItemErrorText(item.error, i18n),
            };
      });
    }
    const [userId = 0] = ids;
    await call(
      "subscribers/del",
      { [field]: userId, subscription_id: values.subscription },
      { groupId, signal },
    );
    return [{ userId, outcome: "removed" }];
  };

  const report = await runBulk<Done>({
    userIds: values.userIds,
    batchSize: values.action === "add" ? ADD_IDS_PER_CALL : 1,
    concurrency: CHANGE_CONCURRENCY,
    send,
    judge: (error) => ({
      text: describeApiError(error, i18n),
      stopsRun: isSignedOutError(error),
    }),
    i18n,
    cancel,
    abort,
    onResults: (batch) => {
      onResults(batch.map((result) => toChangeResult(result, i18n)));
    },
  });

  if (report.stoppedBy && report.stoppedBy.error instanceof Error) throw report.stoppedBy.error;
  return report.results.map((result) => toChangeResult(result, i18n));
}

function toChangeResult(result: BulkResult<"added" | "removed">, i18n: I18n): ChangeResult {
  if (result.outcome === "not-run") return { userId: result.userId, outcome: "not-sent" };
  if (result.outcome === "failed") {
    return {
      userId: result.userId,
      outcome: "failed",
      error: result.error ?? i18n._(msg`no reason given`),
    };
  }
  return { userId: result.userId, outcome: result.outcome };
}
