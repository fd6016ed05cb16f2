import type { IncomingMessage } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { ErrorCode, failureOf } from "../../src/contract/errors";
import type { GatewayReason } from "../../src/contract/gateway-reasons";

/** What Node reports when it cannot read a request (Fastify's `ConnectionError`). */
export interface ClientError extends Error {
  code?: string;
}

export interface RawAnswerOptions {
  /** The server's Content-Security-Policy; by default none of anything, fit for a JSON answer. */
  contentSecurityPolicy?: string;
  /** How long a peer may keep its side open after the answer before the socket is destroyed. */
  lingerMs?: number;
}

interface Refusal {
  status: number;
  code: number;
  message: string;
  /** Stable, for clients that say it in their own language (src/contract/gateway-reasons.ts). */
  reason: GatewayReason;
  headers?: Record<string, string>;
}

const JSON_ANSWER_POLICY = "default-src 'none'; frame-ancestors 'none'";

function refusalFor(error: ClientError): Refusal {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        code: ErrorCode.Unknown,
        message: "the request headers are too large",
        reason: "headers-too-large",
      };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return {
        status: 413,
        code: ErrorCode.Unknown,
        message: "the request body is too large",
        reason: "body-too-large",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        code: ErrorCode.Unknown,
        message: "the request took too long to arrive",
        reason: "request-timeout",
      };
    default:
      return {
        status: 400,
        code: ErrorCode.InvalidValue,
        message: "the request is malformed",
        reason: "malformed-request",
      };
  }
}

/**
 * Writes a complete HTTP/1.1 refusal straight to the socket — the failure body, its length
 * and type, the security headers and `Connection: close` — and ends the socket. Ended, not
 * destroyed: the answer is flushed before the FIN, where a destroy can cut it off. A peer
 * that never closes its side gets `lingerMs` to read it, then the socket goes.
 */
function answerAndEnd(socket: Duplex, refusal: Refusal, options: RawAnswerOptions): void {
  const body = JSON.stringify(failureOf(refusal.code, refusal.message, { reason: refusal.reason }));
  const head = [
    `HTTP/1.1 ${String(refusal.status)} ${STATUS_CODES[refusal.status] ?? "Error"}`,
    "Connection: close",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${String(Buffer.byteLength(body))}`,
    "Cache-Control: no-store",
    `Content-Security-Policy: ${options.contentSecurityPolicy ?? JSON_ANSWER_POLICY}`,
    "X-Content-Type-Options: nosniff",
    "Referrer-Policy: no-referrer",
    ...Object.entries(refusal.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.on("error", () => undefined);
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  const linger = setTimeout(() => socket.destroy(), options.lingerMs ?? 5_000);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
}

/**
 * Fastify's `clientErrorHandler`, for a request Node could not read (headers too large, not
 * HTTP, too slow): the usual refusal, with `Connection: close`. Fastify's own answer says
 * nothing of the connection and destroys the socket, so a client that keeps connections
 * alive sends its next request into a dead socket, and may even lose this answer.
 */
export function clientErrorHandler(
  options: RawAnswerOptions = {},
): (error: ClientError, socket: Duplex) => void {
  // The parser fails again on every later chunk of the same connection: answer once.
  const answered = new WeakSet<Duplex>();
  return (error, socket) => {
    // A reset connection, or one already gone, has nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    // Bytes of an answer already under way on this connection: another answer would garble it.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    answerAndEnd(socket, refusalFor(error), options);
  };
}

/**
 * For the server's `connect` event: nothing here is a proxy, and without a listener Node
 * drops the connection without a word.
 */
export function refuseConnect(
  options: RawAnswerOptions = {},
): (request: IncomingMessage, socket: Duplex) => void {
  return (_request, socket) => {
    if (socket.destroyed) return;
    answerAndEnd(
      socket,
      {
        status: 405,
        code: ErrorCode.Unknown,
        message: "CONNECT is not served here",
        reason: "method-not-allowed",
        headers: { Allow: "GET, HEAD, POST" },
      },
      options,
    );
  };
}
