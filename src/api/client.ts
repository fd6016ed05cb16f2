import type { FailureBody } from "@/contract/errors";
import type { OperationId, RequestOf, ResponseOf } from "@/contract/operations";
import { ApiError, logText } from "./api-error";
import { contractSchemas, type ContractSchemas } from "./contract-schemas";
import { firstIssue } from "./issue-path";

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClientConfig {
  /** Origin of the gateway; empty in the browser (same origin). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export interface CallOptions {
  /** The channel the call is for; the gateway picks the token. */
  groupId: number;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export type Call = <Op extends OperationId>(
  operation: Op,
  params: RequestOf<Op>,
  options: CallOptions,
) => Promise<ResponseOf<Op>>;

/**
 * Posts one operation to the gateway's `/api/<group>/<method>` and returns the answer only
 * after the contract has parsed it; anything else becomes an ApiError.
 */
export function createClient(config: ClientConfig = {}): Call {
  const baseUrl = config.baseUrl ?? "";
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async function call<Op extends OperationId>(
    operation: Op,
    params: RequestOf<Op>,
    options: CallOptions,
  ): Promise<ResponseOf<Op>> {
    const fail = (details: Omit<ConstructorParameters<typeof ApiError>[0], "operation">) =>
      new ApiError({ operation, ...details });

    let schemas: ContractSchemas;
    try {
      schemas = await contractSchemas();
    } catch (cause) {
      throw fail({ kind: "network", message: SCHEMAS_UNREACHABLE, cause });
    }
    const spec = schemas.operations[operation];
    const { failureBody } = schemas;

    const request = spec.request.safeParse(params);
    if (!request.success) {
      const { path, message } = firstIssue(request.error.issues);
      throw fail({ kind: "request", path, message: `Not sent: ${at(path)}${message}` });
    }

    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}/api/${operation}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          // The gateway refuses POSTs without it: a cross-site form cannot set a custom header.
          "X-Channel-Desk": "1",
        },
        body: JSON.stringify({ ...request.data, group_id: options.groupId }),
        credentials: "same-origin",
        signal,
      });
      text = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) {
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

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      if (!response.ok) throw httpError(response.status, undefined);
      throw fail({ kind: "contract", path: "", message: "The answer is not JSON.", cause });
    }

    const failure = failureBody.safeParse(body);
    if (!response.ok) throw httpError(response.status, failure.success ? failure.data : undefined);
    if (failure.success) {
      throw fail({
        kind: "service",
        code: failure.data.error_code,
        message: serviceMessage(failure.data.error_code, failure.data.error_message),
        reason: failure.data.reason,
        details: failure.data.details,
      });
    }

    const parsed = spec.response.safeParse(body);
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error.issues);
      throw fail({
        kind: "contract",
        path,
        message: `The answer does not match the contract: ${at(path)}${message}`,
      });
    }
    return parsed.data as ResponseOf<Op>;

    function httpError(status: number, body: FailureBody | undefined) {
      const fallback = logText`The server answered HTTP ${status}.`;
      if (!body) return fail({ kind: "http", status, message: fallback });
      return fail({
        kind: "http",
        status,
        code: body.error_code,
        message: body.error_message || fallback,
        reason: body.reason,
        details: body.details,
      });
    }
  };
}

/** The contract's chunk could not be fetched: the network failed, as for any other call. */
export const SCHEMAS_UNREACHABLE = "Part of the app could not be loaded from the server.";

function at(path: string): string {
  return path ? `${path}: ` : "";
}

/** The browser's client: same origin, through the gateway. */
export const call: Call = createClient();

/**
 * The service's words, and for a refused token what to do: the token is the gateway's, so
 * signing in again cannot help — an administrator has to fix the channel's configuration.
 */
function serviceMessage(code: number, message: string): string {
  const said = message || logText`The service refused the call (error ${code}).`;
  if (code === 13 || code === 14) {
    return logText`${said} — the service refused this channel's access token (error ${code}); ask an administrator to check the gateway's channels file.`;
  }
  return said;
}
