/**
 * Why the gateway itself refused a call, as a stable code beside its English `error_message`,
 * so that the SPA can say it in the person's language (src/api/error-text.ts has one sentence per
 * reason). A gateway that sends `reason` may also send `details`, the values its sentence names.
 * The service's own refusals keep their numeric `error_code` and carry no reason.
 */
export const gatewayReasons = [
  /** A POST without `X-Channel-Desk: 1`. */
  "csrf-header-missing",
  /** Body over the limit (256 KiB, 8 KiB for sign-in), or chunk extensions too long (413). */
  "body-too-large",
  /** Request headers too large for Node to read (431). */
  "headers-too-large",
  /** The request took too long to arrive (408). */
  "request-timeout",
  /** A method the gateway does not serve: CONNECT (405). */
  "method-not-allowed",
  /** A body that is not JSON. */
  "unsupported-media-type",
  /** Malformed request: bad JSON, a body that is not an object, a bad URL, no Host (400). */
  "malformed-request",
  /** No such path or method. details: { path } */
  "not-found",
  /** The gateway failed (500). */
  "gateway-failure",
  /** Sign-in: the body lacks a user name or password. */
  "login-invalid",
  /** Sign-in: wrong user name or password (401). */
  "login-wrong",
  /**
   * Sign-in: too many failures for the name; details: { minutes, retry_after_seconds } (429,
   * with Retry-After): the SPA says how long is left.
   */
  "login-throttled",
  /** Sign-in: too many names tried from one address; details as login-throttled (429). */
  "login-names-throttled",
  /** Sign-in: too many password checks at once (503). */
  "login-busy",
  /** /auth/session: nobody is signed in (401). */
  "not-signed-in",
  /** /api: the session has ended (401). */
  "session-ended",
  /** /api: no channel given or a bad one. */
  "group-id-missing",
  "group-id-invalid",
  /** /api: not one of the account's channels; details: { group_id } (403). */
  "no-channel-access",
  /** /api: the role may not call the operation; details: { role, operation } (403). */
  "role-refused",
  /** /api: too many calls under way for this session; details: { in_flight } (429). */
  "too-many-calls",
  /** /api: the channel's queue is full or waited too long; details: { group_id } (503). */
  "channel-busy",
  /** /api: the channel's service did not answer; details: { group_id } (502). */
  "backend-unavailable",
  /** /auth/locale: not a language of the interface (400). */
  "locale-invalid",
  /** /campaigns: the tag id in the path is not a positive integer (400). */
  "utm-id-invalid",
  /** /campaigns: the label is missing, empty or too long; details: { max } (400). */
  "campaign-label-invalid",
  /** /campaigns: the channel keeps as many labels as it may; details: { max } (409). */
  "campaign-labels-full",
  /** /views: the view id in the path is not a positive integer (400). */
  "view-id-invalid",
  /** /views: the name is missing, empty or too long; details: { max } (400). */
  "view-name-invalid",
  /** /views: the query string is missing or too long; details: { max } (400). */
  "view-search-invalid",
  /** /views: a body that is not a view's fields (unknown or badly typed ones, nothing to change). */
  "view-request-invalid",
  /** /views: no such view in the channel, or not one the caller can see (404). */
  "view-unknown",
  /** /views: someone else's view, which only its owner changes (403). */
  "view-not-yours",
  /** /views: the person keeps as many views of the channel as they may; details: { max } (409). */
  "views-full",
  /** /jobs: the body or the query is not a job's (details: { path }) (400). */
  "job-invalid",
  /** /jobs: no such job, or not one this account may see (404). */
  "job-not-found",
  /** /jobs: the role may not run this kind of job; details: { role, kind } (403). */
  "job-refused",
  /** /jobs: the job has ended, so it cannot be cancelled (409). */
  "job-finished",
  /**
   * /jobs: a retry of a job still running, of one that failed for nobody, or whose failed people
   * another job doing the same thing is writing to now or has written to since (409).
   */
  "job-nothing-to-retry",
  /** /jobs: the person has JOBS_RUNNING_MAX unfinished jobs on the channel; details: { max } (409). */
  "jobs-full",
] as const;
export type GatewayReason = (typeof gatewayReasons)[number];

/** What a refusal of the gateway adds to the failure body: its reason, and the values named. */
export interface GatewayRefusalWords {
  reason: GatewayReason;
  details?: Readonly<Record<string, string | number>>;
}

export function isGatewayReason(value: unknown): value is GatewayReason {
  return typeof value === "string" && (gatewayReasons as readonly string[]).includes(value);
}
