import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackendUnavailableError, upstreamBackend } from "../../server/gateway/backends";
import { sessionResponse } from "../../src/contract/session";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { Browser, type RunningGateway, startGateway } from "../support/gateway";
import { seedChannels } from "../support/seed";

/**
 * Upstream mode: a second local Channel API plays the production service on its own port, with
 * a real token and its rate limit on; the gateway reads the token from the environment.
 */
const PASSWORD = "correct horse battery";
const PROD_TOKEN = seedChannels.tg.token;

let production: RunningChannelApi;
let echo: Server;
let echoUrl: string;
let gateway: RunningGateway;
const arrivals: { body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  production = await startChannelApi({ rateLimit: 20 });
  // A service that repeats the token in its error message: the gateway must mask it.
  echo = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      arrivals.push({ body });
      response.setHeader("content-type", "application/json");
      // A proxy in front of the service that refuses the token with HTTP 401.
      if (request.url?.includes("/vars/get")) response.statusCode = 401;
      response.end(
        JSON.stringify({
          success: false,
          error_code: 13,
          error_message: `token ${String(body.access_token)} not found`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  echoUrl = `http://127.0.0.1:${String((echo.address() as AddressInfo).port)}`;

  gateway = await startGateway({
    channels: {
      channels: [
        {
          kind: "upstream",
          group_id: 1001,
          base_url: `${production.url}/`,
          time_zone: "Europe/Moscow",
          token_env: "PROD_TOKEN",
        },
        {
          kind: "upstream",
          group_id: 3003,
          base_url: echoUrl,
          time_zone: "UTC",
          token_env: "ECHO_TOKEN",
          name: "Echo",
        },
      ],
    },
    env: { PROD_TOKEN, ECHO_TOKEN: "echo-secret-token-123" },
    accounts: [{ username: "ada", role: "admin", channels: [1001], password: PASSWORD }],
  });
});

afterAll(async () => {
  await gateway.close();
  await production.close();
  await new Promise((resolve) => echo.close(resolve));
});

describe("a channel of the production service", () => {
  it("is named from its groups/get", async () => {
    const browser = new Browser(gateway.url);
    expect((await browser.login("ada", PASSWORD)).status).toBe(200);
    const session = sessionResponse.parse((await browser.request("GET", "/auth/session")).body);
    // The echo service answers groups/get with a failure: its channel cannot be described.
    expect(session.channels).toEqual([
      { group_id: 1001, name: "Test Telegram", type_name: "Telegram", time_zone: "Europe/Moscow" },
    ]);
  });

  it("gets calls with the token from the environment and answers them unchanged", async () => {
    const browser = new Browser(gateway.url);
    await browser.login("ada", PASSWORD);
    const answer = await browser.call("subscribers/get", { group_id: 1001, count: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true });
    expect((answer.body.items as unknown[]).length).toBe(3);
    expect(answer.text).not.toContain(PROD_TOKEN);
  });

  it("stays under the service's rate limit by queueing: 60 calls at once, none refused", async () => {
    const browser = new Browser(gateway.url);
    await browser.login("ada", PASSWORD);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => browser.call("subscriptions/get", { group_id: 1001 })),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(answers.map((answer) => answer.body.success)).toEqual(Array(60).fill(true));
    // 60 calls at 20 per second cannot all have gone in the first second.
    expect(seconds).toBeGreaterThan(1.5);
  });

  it("masks a token that the service repeats in an answer", async () => {
    const browser = new Browser(gateway.url);
    await browser.login("ada", PASSWORD);
    const answer = await browser.call("groups/get", { group_id: 3003 });
    expect(arrivals.at(-1)?.body.access_token).toBe("echo-secret-token-123");
    expect(answer.body).toMatchObject({ success: false, error_code: 13 });
    expect(answer.text).not.toContain("echo-secret-token-123");
    expect(answer.text).toContain("[token]");
  });

  it("answers 502 for any HTTP status of the service but 200, keeping its body", async () => {
    const browser = new Browser(gateway.url);
    await browser.login("ada", PASSWORD);
    const answer = await browser.call("vars/get", { group_id: 3003, tg_user_id: 1 });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ success: false, error_code: 13 });
    expect(answer.text).not.toContain("echo-secret-token-123");
  });

  it("answers 502 with a clear message when the service cannot be reached", async () => {
    const down = await startGateway({
      channels: {
        channels: [
          {
            kind: "upstream",
            group_id: 1001,
            base_url: "http://127.0.0.1:9",
            time_zone: "UTC",
            token_env: "T",
            name: "Down",
          },
        ],
      },
      env: { T: "down-token-456" },
      accounts: [{ username: "ada", role: "admin", channels: [1001], password: PASSWORD }],
    });
    try {
      const browser = new Browser(down.url);
      await browser.login("ada", PASSWORD);
      const answer = await browser.call("groups/get", { group_id: 1001 });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ success: false });
      expect(String(answer.body.error_message)).toMatch(/could not be reached/);
      expect(answer.text).not.toContain("down-token-456");
    } finally {
      await down.close();
    }
  });
});

describe("an upstream answer's size", () => {
  const fetchOf =
    (body: () => BodyInit, headers: Record<string, string> = {}): typeof globalThis.fetch =>
    () =>
      Promise.resolve(
        new Response(body(), { headers: { "content-type": "application/json", ...headers } }),
      );

  it("is read whole up to the limit", async () => {
    const backend = upstreamBackend("http://service.test", {
      maxBytes: 1024,
      fetch: fetchOf(() => JSON.stringify({ success: true, text: "é".repeat(400) })),
    });
    const answer = await backend.send("groups/get", {});
    expect(answer.body).toEqual({ success: true, text: "é".repeat(400) });
  });

  it("is refused once a streamed body passes the limit, and the stream is cancelled", async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(256).fill(32));
        },
        cancel() {
          cancelled = true;
        },
      });
    const backend = upstreamBackend("http://service.test", {
      maxBytes: 1024,
      fetch: fetchOf(endless),
    });
    await expect(backend.send("groups/get", {})).rejects.toThrow(
      new BackendUnavailableError("the Channel API at service.test answered more than 1 KB"),
    );
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it("is refused at once when its declared length passes the limit", async () => {
    const backend = upstreamBackend("http://service.test", {
      maxBytes: 1024,
      fetch: fetchOf(() => "{}", { "content-length": "2048" }),
    });
    await expect(backend.send("groups/get", {})).rejects.toBeInstanceOf(BackendUnavailableError);
  });
});
