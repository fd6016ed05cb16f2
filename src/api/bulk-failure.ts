import type { I18n } from "@lingui/core";
import type { FailureVerdict } from "@/lib/bulk-run";
import { isApiError } from "./api-error";
import { describeApiError } from "./error-text";

/** Service codes that are about the channel's token or the rate, never about one person. */
const RUN_WIDE_CODES = new Set([9, 13, 14]);

/**
 * What a failed call of a bulk run means, with its words in the language of `i18n`. The
 * service refusing one person (user not found, a bad value: `success: false` with a code) is
 * that person's failure, and the run goes on. Anything that would fail every further call the
 * same way — no answer, the service or the gateway failing (5xx), the session ended (401), the
 * role refused (403), the token refused (13, 14), the rate limit still hit after the gateway's
 * own retries (9) — stops the run, so the rest are kept as "not run" for a retry instead of
 * being sent into the same wall.
 */
export function judgeBulkFailure(error: unknown, i18n: I18n): FailureVerdict {
  const text = describeApiError(error, i18n);
  if (!isApiError(error)) return { text, stopsRun: true };
  switch (error.kind) {
    case "service":
      return { text, code: error.code, stopsRun: RUN_WIDE_CODES.has(error.code ?? -1) };
    case "contract":
    case "request":
      return { text, stopsRun: false };
    case "http":
      return { text, code: error.code, stopsRun: true };
    case "network":
    case "aborted":
      return { text, stopsRun: true };
  }
}
