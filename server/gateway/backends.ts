import type { FastifyInstance } from "fastify";
import type { OperationId } from "../../src/contract/operations";

/** What a channel's backend answered: the HTTP status and the parsed JSON body. */
export interface BackendAnswer {
  status: number;
  body: unknown;
}

/** Where a channel's calls go: the embedded local Channel API or the production service. */
export interface Backend {
  readonly description: string;
  send(operation: OperationId, fields: Record<string, unknown>): Promise<BackendAnswer>;
}

/** The backend could not be reached or answered something that is not JSON. */
export class BackendUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BackendUnavailableError";
  }
}

function parseBody(text: string, description: string, status: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new BackendUnavailableError(
      `${description} answered HTTP ${String(status)} with a body that is not JSON`,
      { cause },
    );
  }
}

/** The local Channel API in this process, called without a socket. */
export function localBackend(channelApi: FastifyInstance): Backend {
  const description = "the local Channel API";
  return {
    description,
    async send(operation, fields) {
      const response = await channelApi.inject({
        method: "POST",
        url: `/api/${operation}`,
        payload: fields,
      });
      return {
        status: response.statusCode,
        body: parseBody(response.body, description, response.statusCode),
      };
    },
  };
}

/** The production service (or any server speaking the API) at `baseUrl`. */
export function upstreamBackend(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof globalThis.fetch } = {},
): Backend {
  const root = baseUrl.replace(/\/+$/, "");
  const description = `the Channel API at ${new URL(root).host}`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    description,
    async send(operation, fields) {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(`${root}/api/${operation}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(fields),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        text = await response.text();
      } catch (cause) {
        const reason =
          cause instanceof Error && cause.name === "TimeoutError"
            ? `did not answer within ${String(timeoutMs / 1000)} s`
            : "could not be reached";
        throw new BackendUnavailableError(`${description} ${reason}`, { cause });
      }
      return { status: response.status, body: parseBody(text, description, response.status) };
    },
  };
}
