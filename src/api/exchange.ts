import type { FailureBody } from "@/contract/errors";
import type * as z from "@/contract/zod";
import { ApiError, logText, type ApiErrorDetails } from "./api-error";
import { contractSchemas, type ContractSchemas } from "./contract-schemas";
import { firstIssue } from "./issue-path";

/**
 * One request to the gateway and the reading of its answer, shared by every client of the SPA
 * (`/api`, `/auth`, `/directory`, `/campaigns`): the same failures are told apart the same way
 * everywhere, so describeApiError words them alike.
 */

/** Makes the ApiError of one call (the caller knows which operation it is). */
export type Fail = (details: Omit<ApiErrorDetails, "operation">) => ApiError;

export function failFor(operation: ApiErrorDetails["operation"]): Fail {
  return (details) => new ApiError({ operation, ...details });
}

/** The contract's chunk could not be fetched: the network failed, as for any other call. */
export const SCHEMAS_UNREACHABLE = "Part of the app could not be loaded from the server.";

/** The contract's schemas, a chunk of their own outside the entry (contract-schemas.ts). */
export async function schemasOrFail(fail: Fail): Promise<ContractSchemas> {
  try {
    return await contractSchemas();
  } catch (cause) {
    throw fail({ kind: "network", message: SCHEMAS_UNREACHABLE, cause });
  }
}

/** What came back: the status and the body as text, read before anything is parsed. */
export interface Answer {
  status: number;
  ok: boolean;
  text: string;
}

interface ExchangeOptions {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The caller's own signal (a page left, a newer query): its abort is "cancelled". */
  signal?: AbortSignal | null | undefined;
  timeoutMs: number;
  fail: Fail;
}

/**
 * Sends one request within a time limit and reads the body; no answer at all (cancelled, the
 * time limit, the network) becomes an ApiError.
 */
export async function exchange(
  url: string,
  init: Omit<RequestInit, "signal">,
  { fetch: doFetch, signal: callerSignal, timeoutMs, fail }: ExchangeOptions,
): Promise<Answer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  try {
    const response = await doFetch(url, { credentials: "same-origin", ...init, signal });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (cause) {
    if (callerSignal?.aborted) {
      throw fail({ kind: "aborted", message: "The request was cancelled.", cause });
    }
    if (timeout.aborted) {
      throw fail({
        kind: "network",
        timeout: true,
        message: `No answer within ${String(Math.round(timeoutMs / 1000))} s.`,
        cause,
      });
    }
    throw fail({ kind: "network", message: "The server could not be reached.", cause });
  }
}

interface ReadOptions {
  /** The refusal body both servers write (src/contract/errors.ts, `failureBody`). */
  failureBody: z.ZodMiniType<FailureBody>;
  fail: Fail;
  /** The service's words for a `success: false` answer; its own message by default. */
  serviceMessage?: (code: number, message: string) => string;
}

/**
 * An answer read as the contract says: a refusal (HTTP error, or `success: false`) becomes an
 * ApiError with the gateway's reason; a body that is not JSON or does not match `schema` is a
 * `contract` error naming the first mismatch.
 */
export function readAnswer<Schema extends z.ZodMiniType>(
  answer: Answer,
  schema: Schema,
  { failureBody, fail, serviceMessage }: ReadOptions,
): z.output<Schema> {
  const body = parseJson(answer.text);
  if (!answer.ok) throw refusalOf(answer, { failureBody, fail });
  if (body === undefined) {
    throw fail({ kind: "contract", path: "", message: "The answer is not JSON." });
  }
  const failure = failureBody.safeParse(body.value);
  if (failure.success) {
    const { error_code: code, error_message: message } = failure.data;
    throw fail({
      kind: "service",
      code,
      message: serviceMessage?.(code, message) ?? (message || "The server refused the request."),
      reason: failure.data.reason,
      details: failure.data.details,
    });
  }
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const { path, message } = firstIssue(parsed.error.issues);
    throw fail({
      kind: "contract",
      path,
      message: `The answer does not match the contract: ${path ? `${path}: ` : ""}${message}`,
    });
  }
  return parsed.data;
}

/** A non-2xx answer: the gateway's own words and reason when it sent its refusal body. */
export function refusalOf(
  answer: Answer,
  { failureBody, fail }: Pick<ReadOptions, "failureBody" | "fail">,
): ApiError {
  const body = parseJson(answer.text);
  const failure = body === undefined ? undefined : failureBody.safeParse(body.value);
  const fallback = logText`The server answered HTTP ${answer.status}.`;
  if (!failure?.success) return fail({ kind: "http", status: answer.status, message: fallback });
  return fail({
    kind: "http",
    status: answer.status,
    code: failure.data.error_code,
    message: failure.data.error_message || fallback,
    reason: failure.data.reason,
    details: failure.data.details,
  });
}

export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Sends one request whose answer the contract's schemas read (the gateway's own endpoints): a
 * read goes out at once, while the contract's chunk loads (a first screen's data is on the
 * first load's critical path, issue 15); a write waits for the schemas, so nothing is written if
 * their chunk cannot be fetched, nor once it was cancelled meanwhile.
 */
export async function sendWithSchemas(
  read: boolean,
  sendNow: () => Promise<Answer>,
  fail: Fail,
  signal: AbortSignal | undefined,
): Promise<{ schemas: ContractSchemas; answer: Answer }> {
  if (read) {
    const sent = sendNow();
    sent.catch(() => undefined);
    const schemas = await schemasOrFail(fail);
    return { schemas, answer: await sent };
  }
  const schemas = await schemasOrFail(fail);
  if (signal?.aborted) throw fail({ kind: "aborted", message: "The request was cancelled." });
  return { schemas, answer: await sendNow() };
}
