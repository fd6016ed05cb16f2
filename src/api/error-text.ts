import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { KnownErrorCode } from "@/contract/errors";
import type { DirectoryReason } from "@/contract/directory";
import type { GatewayReason } from "@/contract/gateway-reasons";
import { isChunkLoadError } from "@/lib/chunk-error";
import { formatWait } from "@/lib/format";
import { isApiError, type ApiError } from "./api-error";

/**
 * Every failure in the person's language: what the service's error codes mean, why the gateway
 * refused (by its stable reason), what a missing answer or an unreadable one means. The English
 * words the servers send stay in `ApiError.message`, for logs; none of them reaches a screen.
 */

/** The service's error codes (api-facts.md) in plain words. */
export const serviceCodeTexts: Readonly<Record<KnownErrorCode, MessageDescriptor>> = {
  0: msg`The service failed for an unknown reason`,
  1: msg`A required value is missing`,
  2: msg`The request's signature is missing`,
  3: msg`The request's signature is wrong`,
  4: msg`The person does not allow messages from the channel`,
  5: msg`No such subscriber`,
  6: msg`No such community`,
  7: msg`No such group`,
  8: msg`No such UTM tag`,
  9: msg`Too many requests a second`,
  10: msg`No such bot`,
  11: msg`A variable name may have only Latin letters, digits and _`,
  12: msg`A value is not valid`,
  13: msg`The service does not know this channel's access token`,
  14: msg`The service refused this channel's access token`,
};

/** What the service's code means, or `undefined` for a code it did not document. */
export function serviceCodeText(code: number, i18n: I18n): string | undefined {
  const known = (serviceCodeTexts as Readonly<Record<number, MessageDescriptor>>)[code];
  return known ? i18n._(known) : undefined;
}

/**
 * The English meanings of the codes (api-facts.md), as the service writes them in the `error`
 * of one item of a batch answer (subscribers/add: `{"success": false, "error": "user not
 * found"}`), which carries no code of its own.
 */
const itemErrorCodes: Readonly<Record<string, KnownErrorCode>> = {
  "unknown error": 0,
  "a required parameter is missing": 1,
  "the user has not allowed messages": 4,
  "user not found": 5,
  "community not found": 6,
  "group not found": 7,
  "utm tag not found": 8,
  "too many requests per second": 9,
  "bot not found": 10,
  "invalid parameter value": 12,
};

/**
 * Why the service refused one item of a batch, in the person's language when its text is one
 * of the documented meanings ("No such subscriber (error 5)."), else as the service wrote it:
 * a reason we do not know is still better shown than hidden.
 */
export function serviceItemErrorText(text: string, i18n: I18n): string {
  const key = text.trim().toLowerCase().replace(/\.$/, "");
  const code = Object.hasOwn(itemErrorCodes, key) ? itemErrorCodes[key] : undefined;
  return code === undefined ? text : withCode(code, i18n);
}

type Details = Readonly<Record<string, unknown>>;

/** A value the gateway named, if it is a string or a number (anything else is not shown). */
function detail(details: Details | undefined, key: string): string {
  const value = details?.[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** Every reason the gateway gives: those of /api and /auth, and those of its directory. */
type RefusalReason = GatewayReason | DirectoryReason;

/**
 * Why the gateway refused, one sentence per reason; the two that name a value are below.
 * Adding a reason is one line here (and in src/contract/gateway-reasons.ts, or
 * `directoryReasons` in src/contract/directory.ts); the compiler finds a reason left out.
 * `describeApiError` says them all, the directory's pages included.
 */
const gatewayReasonTexts: Readonly<Record<RefusalReason, MessageDescriptor>> = {
  "csrf-header-missing": msg`The browser sent the request without the app's header; reload the page.`,
  "body-too-large": msg`The request is too large.`,
  "headers-too-large": msg`The request's headers are too large. Clear this site's cookies and sign in again.`,
  "request-timeout": msg`The request took too long to arrive. Check the connection and try again.`,
  "method-not-allowed": msg`The server does not take this kind of request.`,
  "unsupported-media-type": msg`The request is not in a form the server reads.`,
  "malformed-request": msg`The request could not be read.`,
  "not-found": msg`There is nothing at this address.`,
  "gateway-failure": msg`The server failed. Try again in a moment.`,
  "login-invalid": msg`Enter your user name and password.`,
  "login-wrong": msg`Wrong user name or password.`,
  "login-throttled": msg`Too many failed sign-ins. Try again later.`,
  "login-names-throttled": msg`Too many different user names were tried from your address. Try again later.`,
  "login-busy": msg`Too many sign-ins at once. Try again in a moment.`,
  "not-signed-in": msg`You are not signed in.`,
  "session-ended": msg`Your session has ended. Sign in again.`,
  "group-id-missing": msg`The request names no channel.`,
  "group-id-invalid": msg`The request names a channel that cannot exist.`,
  "no-channel-access": msg`Your account has no access to this channel.`,
  "role-refused": msg`Your role does not allow this.`,
  "too-many-calls": msg`Too many requests at once from this page. Wait for some to finish.`,
  "channel-busy": msg`The channel is busy with other requests. Try again in a moment.`,
  "backend-unavailable": msg`The channel's service did not answer. Try again later.`,
  "locale-invalid": msg`This language is not available.`,
  // The directory's own (src/contract/directory.ts).
  "directory-admin-only": msg`Only administrators may refresh or wipe the directory.`,
  "directory-bad-request": msg`The directory could not read this request. Reload the page and try again.`,
  "directory-person-unknown": msg`This person is not in the directory.`,
  "directory-not-ready": msg`The directory is still reading the channel's subscribers.`,
  "directory-cannot-count": msg`The directory cannot count this segment: it is counted page by page.`,
  // The service's hook calls, never a person's: said all the same, should one reach a screen.
  "hook-refused": msg`This hook address is not one the gateway knows.`,
  "hook-malformed": msg`The hook call is not a subscribe or unsubscribe event of this channel.`,
  "hook-rate-limited": msg`Too many hook calls. Try again in a moment.`,
  "utm-id-invalid": msg`The request names a UTM tag that cannot exist.`,
  "campaign-label-invalid": msg`Enter a campaign name of at most 100 characters.`,
  "campaign-labels-full": msg`This channel has too many campaign names. Remove some you no longer use.`,
  "view-id-invalid": msg`The request names a saved view that cannot exist.`,
  "view-name-invalid": msg`Enter a view name of at most 80 characters.`,
  "view-search-invalid": msg`This view holds too many filters to be saved.`,
  "view-request-invalid": msg`The saved view could not be read from this request. Reload the page and try again.`,
  "view-unknown": msg`This saved view no longer exists, or is no longer shared with you.`,
  "view-not-yours": msg`Only the person who saved this view may change it.`,
  "views-full": msg`You have saved as many views of this channel as you may. Delete some you no longer use.`,
  "job-invalid": msg`The job could not be read. Check what it should do and try again.`,
  "job-not-found": msg`There is no such job, or it is not yours.`,
  "job-refused": msg`Your role may not run this kind of job.`,
  "job-finished": msg`This job has already ended.`,
  "jobs-full": msg`You already have as many jobs running on this channel as you may. Wait for one to end or cancel it.`,
  "job-nothing-to-retry": msg`There is nothing to retry: the job is still running, failed for nobody, or its failed people are being retried already.`,
};

/**
 * Seconds a sign-in refusal asks to wait, from `elapsedMs` after it came: `retry_after_seconds`
 * (or the older `minutes`) less the time since. `undefined` when the refusal says no time.
 */
export function secondsToWait(details: Details | undefined, elapsedMs = 0): number | undefined {
  const seconds = Number(detail(details, "retry_after_seconds"));
  const minutes = Number(detail(details, "minutes"));
  const total = seconds > 0 ? seconds : minutes > 0 ? minutes * 60 : 0;
  if (total <= 0) return undefined;
  return Math.max(0, total - Math.max(0, elapsedMs) / 1000);
}

function lockoutText(
  reason: "login-throttled" | "login-names-throttled",
  left: number,
  i18n: I18n,
): string {
  if (left <= 0) return i18n._(msg`You can try to sign in again now.`);
  const wait = formatWait(left, i18n.locale);
  return reason === "login-throttled"
    ? i18n._(msg`Too many failed sign-ins. Try again ${wait}.`)
    : i18n._(msg`Too many different user names were tried from your address. Try again ${wait}.`);
}

function gatewayText(
  reason: RefusalReason,
  details: Details | undefined,
  i18n: I18n,
  elapsedMs: number,
): string {
  if (reason === "login-throttled" || reason === "login-names-throttled") {
    const left = secondsToWait(details, elapsedMs);
    if (left !== undefined) return lockoutText(reason, left, i18n);
  }
  if (reason === "no-channel-access") {
    const channel = detail(details, "group_id");
    if (channel) return i18n._(msg`Your account has no access to channel ${channel}.`);
  }
  return i18n._(gatewayReasonTexts[reason]);
}

function isGatewayReason(reason: string): reason is RefusalReason {
  return Object.hasOwn(gatewayReasonTexts, reason);
}

/** A refusal with a service code: its meaning and the code, which support people ask for. */
export function withCode(code: number, i18n: I18n): string {
  const meaning = serviceCodeText(code, i18n);
  const said = meaning
    ? i18n._(msg`${meaning} (error ${code}).`)
    : i18n._(msg`The service refused the request (error ${code}).`);
  if (code === 13 || code === 14) {
    // The token is the gateway's: signing in again cannot help.
    return `${said} ${i18n._(msg`Ask an administrator to check the gateway's channels file.`)}`;
  }
  return said;
}

function httpText(error: ApiError, i18n: I18n): string {
  const status = error.status ?? 0;
  if (status === 401) return i18n._(msg`Your session has ended. Sign in again.`);
  if (status === 403) return i18n._(msg`Not allowed for your role or channel.`);
  // The gateway refused a field with the service's own code, before calling it.
  if (error.code !== undefined && error.code !== 0 && status < 500) {
    return withCode(error.code, i18n);
  }
  if (status === 404) return i18n._(msg`There is nothing at this address.`);
  if (status === 413) return i18n._(msg`The request is too large.`);
  if (status === 429) return i18n._(msg`Too many requests. Wait a moment and try again.`);
  if (status === 502) return i18n._(msg`The channel's service did not answer. Try again later.`);
  if (status === 503) {
    return i18n._(msg`The channel is busy with other requests. Try again in a moment.`);
  }
  if (status >= 500) return i18n._(msg`The server failed (HTTP ${status}). Try again later.`);
  return i18n._(msg`The server refused the request (HTTP ${status}).`);
}

/** One sentence for a failure of any kind, in the language of `i18n`. */
export function describeApiError(
  error: unknown,
  i18n: I18n,
  /** How long ago the failure came: a wait it asks for is said less this time. */
  { elapsedMs = 0 }: { elapsedMs?: number } = {},
): string {
  if (!isApiError(error)) {
    if (isChunkLoadError(error)) {
      return i18n._(
        msg`Part of Channel Desk could not be loaded from the server, most likely because the connection dropped.`,
      );
    }
    // A fault of the app itself: its technical words wait in "Details for support".
    return i18n._(msg`Something unexpected went wrong in Channel Desk.`);
  }
  if (error.reason !== undefined && isGatewayReason(error.reason)) {
    return gatewayText(error.reason, error.details, i18n, elapsedMs);
  }
  switch (error.kind) {
    case "service":
      return withCode(error.code ?? 0, i18n);
    case "http":
      return httpText(error, i18n);
    case "network":
      return error.timeout
        ? i18n._(msg`The server did not answer in time. Try again.`)
        : i18n._(msg`The server could not be reached. Check the connection and try again.`);
    case "aborted":
      return i18n._(msg`The request was cancelled.`);
    case "contract": {
      const path = error.path ?? "";
      return path
        ? i18n._(msg`The server's answer could not be read (at ${path}).`)
        : i18n._(msg`The server's answer could not be read.`);
    }
    case "request": {
      const path = error.path ?? "";
      return path
        ? i18n._(msg`Not sent: the value of ${path} is not valid.`)
        : i18n._(msg`Not sent: a value is not valid.`);
    }
  }
}
