import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureBody } from "../../src/contract/errors";
import { isGatewayReason } from "../../src/contract/gateway-reasons";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { type RunningGateway, startGateway } from "../support/gateway";
import { type RawResponse, rawExchange } from "../support/raw-http";
import { seedChannels } from "../support/seed";

// Both servers must answer a request they cannot read or parse with the usual failure body
// and headers, and leave the connection either usable or closed cleanly with
// `Connection: close`, so a client keeping connections alive never sends into a dead socket.

function raw(method: string, path: string, headers: Record<string, string> = {}, body = "") {
  const lines = [`${method} ${path} HTTP/1.1`, "Host: test"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== "" || method === "POST")
    lines.push(`Content-Length: ${String(Buffer.byteLength(body))}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * A refusal with the failure body. The security headers are the gateway's on every answer;
 * the Channel API sends them where Node could not read the request (its other answers are
 * Fastify's, without them).
 */
function expectRefusal(response: RawResponse | undefined, status: number, securityHeaders = true) {
  expect(response?.status).toBe(status);
  const body: unknown = JSON.parse(response?.body ?? "");
  expect(failureBody.safeParse(body).success, response?.body).toBe(true);
  expect(response?.headers["content-type"]).toMatch(/^application\/json/);
  expect(Number(response?.headers["content-length"])).toBe(Buffer.byteLength(response?.body ?? ""));
  if (!securityHeaders) return body as { error_code: number; error_message: string };
  expect(response?.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response?.headers["x-content-type-options"]).toBe("nosniff");
  expect(response?.headers["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers["cache-control"]).toBe("no-store");
  return body as { error_code: number; error_message: string };
}

/** The connection after a refusal: the next request was answered, or it was closed cleanly. */
function expectUsableOrClosed(exchange: Awaited<ReturnType<typeof rawExchange>>) {
  const [first, second] = exchange.responses;
  if (first?.headers.connection === "close") {
    expect(exchange.ended).toBe(true);
    expect(exchange.error).toBeUndefined();
    expect(second).toBeUndefined();
  } else {
    expect(second?.status).toBeGreaterThanOrEqual(200);
  }
}

interface Server {
  url: string;
  /** A request the server answers normally. */
  valid: string;
  validStatus: number;
  /** A POST path that reads a body. */
  bodyPath: string;
  bodyHeaders: Record<string, string>;
  bodyLimit: number;
  /** Security headers on the answers Fastify writes (not only on those written raw). */
  headersEverywhere: boolean;
}

let gateway: RunningGateway;
let channelApi: RunningChannelApi;
const servers: Record<"gateway" | "channel API", () => Server> = {
  gateway: () => ({
    url: gateway.url,
    valid: raw("GET", "/auth/session"),
    validStatus: 401,
    bodyPath: "/api/groups/get",
    bodyHeaders: { "X-Channel-Desk": "1" },
    bodyLimit: 256 * 1024,
    headersEverywhere: true,
  }),
  "channel API": () => ({
    url: channelApi.url,
    valid: raw(
      "POST",
      "/api/groups/get",
      { "Content-Type": "application/json" },
      JSON.stringify({ access_token: seedChannels.tg.token, v: 2, group_id: 1001 }),
    ),
    validStatus: 200,
    bodyPath: "/api/groups/get",
    bodyHeaders: {},
    bodyLimit: 64 * 1024,
    headersEverywhere: false,
  }),
};

beforeAll(async () => {
  gateway = await startGateway();
  channelApi = await startChannelApi({ bodyLimit: 64 * 1024 });
});

afterAll(async () => {
  await gateway.close();
  await channelApi.close();
});

describe.each(Object.keys(servers) as (keyof typeof servers)[])("the %s", (name) => {
  const server = () => servers[name]();

  it("answers headers too large with 431, the failure body and Connection: close", async () => {
    const big = raw("GET", "/", { "X-Big": "a".repeat(20_000) });
    const exchange = await rawExchange(server().url, big + server().valid, 2);
    expect(exchange.responses).toHaveLength(1);
    const [answer] = exchange.responses;
    const failure = expectRefusal(answer, 431);
    expect(failure.error_message).toMatch(/headers are too large/);
    expect((failure as { reason?: unknown }).reason).toBe("headers-too-large");
    expect(answer?.headers.connection).toBe("close");
    // Ended, not destroyed: the answer arrived whole, then the FIN, and no reset.
    expect(exchange.ended).toBe(true);
    expect(exchange.error).toBeUndefined();
  });

  it("answers what is not HTTP with 400 and the failure body", async () => {
    const exchange = await rawExchange(server().url, "NOT HTTP AT ALL\r\n\r\n", 1);
    const failure = expectRefusal(exchange.responses[0], 400);
    expect(failure.error_code).toBe(12);
    expect(exchange.responses[0]?.headers.connection).toBe("close");
    expect(exchange.ended).toBe(true);
  });

  it("lets a keep-alive client go on after a 431", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(server().url);
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { host: hostname, port, path: "/nothing", headers, agent },
          (response) => {
            response.resume();
            response.on("end", () => {
              resolve(response.statusCode ?? 0);
            });
          },
        );
        request.on("error", reject);
        request.end();
      });
    try {
      expect(await send({})).toBe(404);
      // The next request waits for the one socket: it gets it as soon as the 431 is read.
      const [refused, next] = await Promise.all([send({ "x-big": "a".repeat(20_000) }), send({})]);
      expect(refused).toBe(431);
      expect(next).toBe(404);
    } finally {
      agent.destroy();
    }
  });

  it("answers a body that is not JSON with 400, and the connection goes on or is closed", async () => {
    const bad = raw(
      "POST",
      server().bodyPath,
      { ...server().bodyHeaders, "Content-Type": "application/json" },
      "{not json",
    );
    const exchange = await rawExchange(server().url, bad + server().valid, 2);
    expectRefusal(exchange.responses[0], 400, server().headersEverywhere);
    expectUsableOrClosed(exchange);
  });

  it("answers an unknown content type with 415, and the connection goes on or is closed", async () => {
    const bad = raw(
      "POST",
      server().bodyPath,
      { ...server().bodyHeaders, "Content-Type": "application/xml" },
      "<a/>",
    );
    const exchange = await rawExchange(server().url, bad + server().valid, 2);
    expectRefusal(exchange.responses[0], 415, server().headersEverywhere);
    expectUsableOrClosed(exchange);
  });

  it("answers a body over the limit with 413 and closes without reading it", async () => {
    const head = raw("POST", server().bodyPath, {
      ...server().bodyHeaders,
      "Content-Type": "application/json",
      "Content-Length": String(server().bodyLimit * 4),
    }).replace(/Content-Length: 0\r\n/, "");
    const exchange = await rawExchange(server().url, `${head}{"pad":"xxxx`, 1);
    expectRefusal(exchange.responses[0], 413, server().headersEverywhere);
    expect(exchange.responses[0]?.headers.connection).toBe("close");
    expect(exchange.ended).toBe(true);
  });
});

describe("the gateway's refusals", () => {
  it("keeps the connection after a body it read whole but could not parse", async () => {
    const bad = raw(
      "POST",
      "/api/groups/get",
      { "X-Channel-Desk": "1", "Content-Type": "application/json" },
      "{not json",
    );
    const exchange = await rawExchange(gateway.url, bad + raw("GET", "/auth/session"), 2);
    expect(exchange.responses.map((response) => response.status)).toEqual([400, 401]);
  });

  it.each([
    ["an unknown path", raw("GET", "/nothing.txt"), 404],
    ["CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405],
    [
      "a body over the limit",
      raw(
        "POST",
        "/auth/login",
        { "X-Channel-Desk": "1", "Content-Type": "application/json" },
        JSON.stringify({ username: "x".repeat(9000), password: "p" }),
      ),
      413,
    ],
    [
      "an unknown content type",
      raw(
        "POST",
        "/auth/login",
        { "X-Channel-Desk": "1", "Content-Type": "application/xml" },
        "<a/>",
      ),
      415,
    ],
    [
      "a malformed content type",
      raw("POST", "/auth/login", { "X-Channel-Desk": "1", "Content-Type": ";;;" }, "x"),
      415,
    ],
    ["a malformed URL", raw("GET", "/foo%"), 400],
    ["no Host header", "GET /auth/session HTTP/1.1\r\n\r\n", 400],
    [
      "a POST without the CSRF header",
      raw("POST", "/auth/login", { "Content-Type": "application/json" }, "{}"),
      403,
    ],
  ])(
    "answers %s with the failure body and the security headers",
    async (_what, request, status) => {
      const exchange = await rawExchange(gateway.url, request, 1);
      const answer = exchange.responses[0];
      const failure = expectRefusal(answer, status);
      expect(answer?.headers["content-security-policy"]).toContain("default-src 'self'");
      // A stable reason the SPA says in the person's language (src/contract/gateway-reasons.ts).
      expect(isGatewayReason((failure as { reason?: unknown }).reason)).toBe(true);
    },
  );
});
