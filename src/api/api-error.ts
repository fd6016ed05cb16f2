import type { OperationId } from "@/contract/operations";

/**
 * What went wrong, told apart so that pages can react: retry, sign in again, show the service's
 * words next to a field, or report a response the dashboard cannot trust.
 * - `service`: the service answered `success: false` with an error code and message.
 * - `http`: an HTTP status other than 2xx (the gateway's 401/403, a 5xx, a proxy's 502).
 * - `network`: no answer at all: connection refused, DNS, reset, or the time limit (`timeout`).
 * - `contract`: an answer that does not match the contract (`path` names the first mismatch).
 * - `request`: the parameters broke the contract, so nothing was sent.
 * - `aborted`: the caller cancelled it (a page left, a newer query).
 */
export type ApiErrorKind = "service" | "http" | "network" | "contract" | "request" | "aborted";

/** The gateway's own endpoints under `/auth`, which are not operations of the Channel API. */
export const authOperations = ["auth/session", "auth/login", "auth/logout", "auth/locale"] as const;
export type AuthOperation = (typeof authOperations)[number];

/** The gateway's subscriber directory, `/directory/<group_id>/…` (src/contract/directory.ts). */
export const directoryOperations = [
  "directory/status",
  "directory/search",
  "directory/search-elsewhere",
  "directory/people",
  "directory/person",
  "directory/lookup",
  "directory/resolve",
  "directory/count",
  "directory/refresh",
  "directory/wipe",
] as const;
export type DirectoryOperation = (typeof directoryOperations)[number];

/** The gateway's campaign labels (src/contract/campaigns.ts). */
export type CampaignOperation = "campaigns/get" | "campaigns/put" | "campaigns/delete";
/** The gateway's saved views (`/views/…`, src/contract/views.ts). */
export type ViewOperation =
  "views/list" | "views/create" | "views/change" | "views/delete" | "views/pin" | "views/unpin";

/** The gateway's jobs on segments (src/contract/jobs.ts). */
export type JobOperation =
  "jobs/create" | "jobs/list" | "jobs/get" | "jobs/people" | "jobs/cancel" | "jobs/retry";

/**
 * What was called: an operation of the Channel API, one of the gateway's `/auth` endpoints or
 * one of its directory's.
 */
export type ApiOperation =
  | OperationId
  | AuthOperation
  | DirectoryOperation
  | CampaignOperation
  | ViewOperation
  | JobOperation;

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  operation: ApiOperation;
  /**
   * What happened, in English, for logs and developers: the server's own words, or ours.
   * People read `describeApiError` (error-text.ts) instead, in their language.
   */
  message: string;
  /** The service's `error_code` (kind `service`, or an `http` failure that carried one). */
  code?: number;
  /** HTTP status (kind `http`). */
  status?: number;
  /** Path of the first mismatch, as `items[3].step_id` (kinds `contract` and `request`). */
  path?: string;
  /** The time limit ran out (kind `network`). */
  timeout?: boolean;
  /** Why the gateway itself refused, as a stable code (src/contract/gateway-reasons.ts). */
  reason?: string | undefined;
  /** The values the gateway's reason names, as `{ minutes: 5 }`. */
  details?: Readonly<Record<string, unknown>> | undefined;
  cause?: unknown;
}

/**
 * Words for `ApiError.message`: English, for logs and developers, never shown to people (they
 * read `describeApiError`). The tag tells the reader, and the lint rule for the catalogs, so.
 */
export function logText(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((text, part, i) => text + String(values[i - 1]) + part);
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly operation: ApiOperation;
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly path: string | undefined;
  readonly timeout: boolean;
  readonly reason: string | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(details: ApiErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.code = details.code;
    this.status = details.status;
    this.path = details.path;
    this.timeout = details.timeout ?? false;
    this.reason = details.reason;
    this.details = details.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The session is gone or the channel refused its token: the person must sign in again. */
export function isSignedOutError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  // A 401 from the sign-in form is a wrong name or password, not an ended session.
  if (error.operation === "auth/login") return false;
  // Errors 13/14 (token unknown or refused) are about the gateway's token for one channel,
  // not the person's session: signing in again cannot fix them, and treating them as signed
  // out sent people round the sign-in page for ever. They show on the page, with what to do.
  return error.status === 401;
}

/** Worth another try: no answer, a server-side failure, or the rate limit (error 9). */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  switch (error.kind) {
    case "network":
      return true;
    case "http":
      return (error.status ?? 0) >= 500 || error.status === 429 || error.code === 9;
    case "service":
      return error.code === 9;
    default:
      return false;
  }
}
