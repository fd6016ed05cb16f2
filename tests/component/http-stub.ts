import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { GatewayReason } from "../../src/contract/gateway-reasons";

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export type StubHandler = (request: StubRequest, res: ServerResponse) => void;

/**
 * A real HTTP server on 127.0.0.1 standing in for the gateway: each test says how it answers,
 * and reads back what the app sent. Nothing in the app's fetch path is mocked.
 */
export interface HttpStub {
  baseUrl: string;
  requests: StubRequest[];
  handle: (handler: StubHandler) => void;
  close: () => Promise<void>;
}

/** Answers `value` as JSON; a string is sent as it is, so a test can send broken JSON. */
export function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(typeof value === "string" ? value : JSON.stringify(value));
}

/** A gateway refusal; `reason` is the stable code the gateway adds (src/contract/gateway-reasons.ts). */
export function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  reason?: GatewayReason,
  details?: Record<string, string | number>,
) {
  json(res, status, { success: false, error_code: 0, error_message: message, reason, details });
}

export async function startHttpStub(): Promise<HttpStub> {
  let handler: StubHandler = (_request, res) => {
    refuse(res, 404, "not found");
  };
  const requests: StubRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const request: StubRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      requests.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The address of a port nobody listens on (it was free a moment ago): a refused connection. */
export async function closedBaseUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${String(port)}`;
}
