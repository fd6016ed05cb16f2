import type { I18n } from "@lingui/core";
import type { Call } from "@/api/client";
import { isApiError } from "@/api/api-error";
import { judgeBulkFailure } from "@/api/bulk-failure";
import { runBulk, type BulkResult, type BulkRunReport, type FailureVerdict } from "@/lib/bulk-run";
import type { UserIdField } from "@/lib/subscriber-format";
import { variableErrorField, type VariableField } from "@/lib/variables";

/**
 * vars/set names one person, so one call per id. Four in flight at a time: the gateway sends
 * a token's calls at 20 a second and queues the rest, so a run of 1,000 never trips the
 * service's limit, and other pages' calls wait behind at most four of these.
 */
export const SET_CONCURRENCY = 4;
/** The service's limit per token (api-facts.md), for the time a run will take. */
export const CALLS_PER_SECOND = 20;

export type SetOutcome = "saved";
export type SetResult = BulkResult<SetOutcome>;

export interface RunBulkSetOptions {
  name: string;
  value: string;
  userIds: readonly number[];
  field: UserIdField;
  groupId: number;
  call: Call;
  /** The language of the failures' words. */
  i18n: I18n;
  cancel: AbortSignal;
  abort?: AbortSignal | undefined;
  onResults: (batch: readonly SetResult[]) => void;
}

/**
 * Saves one variable for every id. The service refusing one person (not a subscriber, error
 * 5) fails that id and the run goes on; a failure that would hit every call (no answer, 5xx,
 * session or token refused) stops it, the rest reported as not run (src/api/bulk-failure.ts).
 */
export function runBulkSet(options: RunBulkSetOptions): Promise<BulkRunReport<SetOutcome>> {
  const { name, value, field, groupId, call, i18n } = options;
  return runBulk<SetOutcome>({
    userIds: options.userIds,
    batchSize: 1,
    concurrency: SET_CONCURRENCY,
    send: async ([userId = 0], signal) => {
      await call("vars/set", { [field]: userId, name, value }, { groupId, signal });
      return [{ userId, outcome: "saved" }];
    },
    judge: (error) => judgeBulkSetFailure(error, i18n),
    i18n,
    cancel: options.cancel,
    abort: options.abort,
    onResults: options.onResults,
  });
}

/**
 * The form field a failure of vars/set is about, when it is about the name or value every call
 * sends (error 11, a bad name; error 12 naming the name or value; the request refused at
 * either): the same for every person, so not one person's failure.
 */
export function runWideField(error: unknown): VariableField | undefined {
  return isApiError(error) ? variableErrorField(error) : undefined;
}

/**
 * As for any bulk run, except that a refusal of the name or value stops the run at once: every
 * further call would fail the same way, up to 1,000 of them.
 */
export function judgeBulkSetFailure(error: unknown, i18n: I18n): FailureVerdict {
  const verdict = judgeBulkFailure(error, i18n);
  return runWideField(error) === undefined ? verdict : { ...verdict, stopsRun: true };
}
