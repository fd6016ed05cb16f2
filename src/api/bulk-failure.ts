import type { FailureVerdict } from "@/lib/bulk-run";
import { isApiError } from "./api-error";

/** Service codes that are about the channel's token or the rate, never about one person. */
const RUN_WIDE_CODES = new Set([9, 13, 14]);

/**
 * What a failed call of a bulk run means. The service refusing one person (user not found,
 * a bad value: `success: false` with a code) is that person's failure, and the run goes on.
 * Anything that would fail every further call the same way — no answer, the service or the
 * gateway failing (5xx), the session ended (401), the role refused (403), the token refused
 * (13, 14), the rate limit still hit after the gateway's own retries (9) — stops the run, so
 * the rest are kept as "not run" for a retry instead of being sent into the same wall.
 */
export function judgeBulkFailure(error: unknown): FailureVerdict {
  if (!isApiError(error)) {
    return {
      text: error instanceof Error ? error.message : "something went wrong",
      stopsRun: true,
    };
  }
  const withCode =
    error.code === undefined ? error.message : `${error.message} (error ${String(error.code)})`;
  switch (error.kind) {
    case "service":
      return { text: withCode, code: error.code, stopsRun: RUN_WIDE_CODES.has(error.code ?? -1) };
    case "contract":
    case "request":
      return { text: error.message, stopsRun: false };
    case "http": {
      const where = `HTTP ${String(error.status ?? "error")}${error.code === undefined ? "" : `, error ${String(error.code)}`}`;
      const what = (error.status ?? 0) >= 500 ? `service failure: ${error.message}` : error.message;
      return { text: `${what} (${where})`, code: error.code, stopsRun: true };
    }
    case "network":
      return {
        text: error.timeout ? "no answer in time" : `no answer: ${error.message}`,
        stopsRun: true,
      };
    case "aborted":
      return { text: "the page was left before the run finished", stopsRun: true };
  }
}
