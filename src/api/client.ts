import { browserFetch } from "@/boot/early-fetch";
import type { OperationId, RequestOf, ResponseOf } from "@/contract/operations";
import { readOperations } from "@/contract/read-operations";
import { type ApiError, logText } from "./api-error";
import { schemasIfLoaded } from "./contract-schemas";
import { type Answer, exchange, type Fail, failFor, readAnswer, schemasOrFail } from "./exchange";
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
  const doFetch = config.fetch ?? browserFetch;

  return async function call<Op extends OperationId>(
    operation: Op,
    params: RequestOf<Op>,
    options: CallOptions,
  ): Promise<ResponseOf<Op>> {
    const fail = failFor(operation);
    const send = (fields: object, signal: AbortSignal | undefined) =>
      exchange(
        `${baseUrl}/api/${operation}`,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            // The gateway refuses POSTs without it: a cross-site form cannot set a custom header.
            "X-Channel-Desk": "1",
          },
          body: JSON.stringify({ ...fields, group_id: options.groupId }),
        },
        {
          fetch: doFetch,
          signal,
          timeoutMs: options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          fail,
        },
      );

    let schemas = schemasIfLoaded();
    let answer: Answer;
    if (schemas === undefined && readOperations.has(operation)) {
      // The app's first moments, the contract's chunk still on its way: a read goes out at
      // once (the first screen's data is on the first load's critical path, issue 15), and its
      // fields are checked as soon as the schemas are in. Fields the contract refuses cancel
      // it, and it fails as a request the contract refuses ("Cancelled: …"), whatever the
      // answer. It sends the fields as given: no read's request schema transforms them (a
      // unit test checks it). A write always waits for the check (below).
      const cancel = new AbortController();
      const signal = options.signal
        ? AbortSignal.any([options.signal, cancel.signal])
        : cancel.signal;
      const sent = send(params, signal);
      sent.catch(() => undefined);
      try {
        schemas = await schemasOrFail(fail);
      } catch (error) {
        cancel.abort();
        throw error;
      }
      const request = schemas.operations[operation].request.safeParse(params);
      if (!request.success) {
        cancel.abort();
        throw refused(fail, request.error.issues, "Cancelled");
      }
      answer = await sent;
    } else {
      schemas ??= await schemasOrFail(fail);
      const request = schemas.operations[operation].request.safeParse(params);
      if (!request.success) throw refused(fail, request.error.issues, "Not sent");
      answer = await send(request.data, options.signal);
    }
    const spec = schemas.operations[operation];
    const { failureBody } = schemas;
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

/** The failure of a call whose fields the contract refuses (never sent, or cancelled). */
function refused(
  fail: Fail,
  issues: Parameters<typeof firstIssue>[0],
  what: "Not sent" | "Cancelled",
): ApiError {
  const { path, message } = firstIssue(issues);
  return fail({ kind: "request", path, message: `${what}: ${at(path)}${message}` });
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
