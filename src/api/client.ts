import type { OperationId, RequestOf, ResponseOf } from "@/contract/operations";
import { logText } from "./api-error";
import { exchange, failFor, readAnswer, schemasOrFail } from "./exchange";
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
    const fail = failFor(operation);

    const schemas = await schemasOrFail(fail);
    const spec = schemas.operations[operation];
    const { failureBody } = schemas;

    const request = spec.request.safeParse(params);
    if (!request.success) {
      const { path, message } = firstIssue(request.error.issues);
      throw fail({ kind: "request", path, message: `Not sent: ${at(path)}${message}` });
    }

    const answer = await exchange(
      `${baseUrl}/api/${operation}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          // The gateway refuses POSTs without it: a cross-site form cannot set a custom header.
          "X-Channel-Desk": "1",
        },
        body: JSON.stringify({ ...request.data, group_id: options.groupId }),
      },
      {
        fetch: doFetch,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        fail,
      },
    );
    return readAnswer(answer, spec.response, {
      failureBody,
      fail,
      serviceMessage,
    }) as ResponseOf<Op>;
  };
}

export { SCHEMAS_UNREACHABLE } from "./exchange";

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
