import type { FastifyInstance } from "fastify";
import type { OperationId } from "../../src/contract/operations";

/** What a channel's backend answered: the HTTP status and the parsed JSON body. */
export interface BackendAnswer {
  status: number;
  body: unknown;
}

/** A picture the backend draws itself (the local Channel API's demo photos). */
export interface PhotoAnswer {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
}

/** Where a channel's calls go: the embedded local Channel API or the production service. */
export interface Backend {
  readonly description: string;
  send(operation: OperationId, fields: Record<string, unknown>): Promise<BackendAnswer>;
  /** `GET` of a `/local-photos/…` path; only the local Channel API has them. */
  photo?(path: string): Promise<PhotoAnswer>;
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

/** The most an upstream answer may weigh; a page of 100 records is a few tens of kilobytes. */
export const MAX_UPSTREAM_BYTES = 16 * 1024 * 1024;

class AnswerTooLargeError extends Error {}

/** The body as text, refused once it passes `limit` bytes (declared or as it streams in). */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > limit || !response.body) {
    await response.body?.cancel();
    if (declared > limit) throw new AnswerTooLargeError();
    return "";
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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
    async photo(path) {
      const response = await channelApi.inject({ method: "GET", url: path });
      return {
        status: response.statusCode,
        contentType: String(response.headers["content-type"] ?? "application/octet-stream"),
        cacheControl: response.headers["cache-control"] ?? "no-store",
        body: response.rawPayload,
      };
    },
  };
}

/** The production service (or any server speaking the API) at `baseUrl`. */
export function upstreamBackend(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof globalThis.fetch; maxBytes?: number } = {},
): Backend {
  const root = baseUrl.replace(/\/+$/, "");
  const description = `the Channel API at ${new URL(root).host}`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBytes = options.maxBytes ?? MAX_UPSTREAM_BYTES;
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
        text = await readLimited(response, maxBytes);
      } catch (cause) {
        const reason =
          cause instanceof AnswerTooLargeError
            ? `answered more than ${String(Math.round(maxBytes / 1024))} KB`
            : cause instanceof Error && cause.name === "TimeoutError"
              ? `did not answer within ${String(timeoutMs / 1000)} s`
              : "could not be reached";
        throw new BackendUnavailableError(`${description} ${reason}`, { cause });
      }
      return { status: response.status, body: parseBody(text, description, response.status) };
    },
  };
}
