import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway, type TestAccount } from "../support/gateway";
import { rawExchange } from "../support/raw-http";

// Sign-out ends the session and clears the cookie whatever comes with it.

const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "anna", role: "support", channels: [1001], password: PASSWORD },
];

let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({ accounts });
});

afterAll(async () => {
  await gateway.close();
});

/** A fresh session: the cookie to send back. */
async function signIn(): Promise<string> {
  const answer = await fetch(`${gateway.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-channel-desk": "1" },
    body: JSON.stringify({ username: "anna", password: PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

async function sessionStatus(cookie: string): Promise<number> {
  return (await fetch(`${gateway.url}/auth/session`, { headers: { cookie } })).status;
}

async function callStatus(cookie: string): Promise<number> {
  const answer = await fetch(`${gateway.url}/api/groups/get`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-channel-desk": "1", cookie },
    body: JSON.stringify({ group_id: 1001 }),
  });
  return answer.status;
}

function multipart(): FormData {
  const form = new FormData();
  form.append("reason", "leaving");
  form.append("file", new Blob(["x".repeat(10_000)]), "notes.txt");
  return form;
}

const bodies: [string, Record<string, string>, BodyInit | undefined][] = [
  ["no body at all", {}, undefined],
  ["application/json and no body", { "content-type": "application/json" }, undefined],
  ["invalid JSON", { "content-type": "application/json" }, "{oops"],
  ["a JSON array", { "content-type": "application/json" }, "[1,2]"],
  ["a urlencoded form", { "content-type": "application/x-www-form-urlencoded" }, "a=1&b=2"],
  ["a multipart form with a file", {}, multipart()],
  [
    "a large body",
    { "content-type": "application/json" },
    JSON.stringify({ pad: "x".repeat(1_000_000) }),
  ],
  ["an unknown type", { "content-type": "application/x-unknown" }, "\u0000\u0001"],
  ["a malformed type", { "content-type": ";;;" }, "x"],
  ["text", { "content-type": "text/plain" }, "bye"],
  ["bytes with no type", {}, new Uint8Array([1, 2, 3])],
];

describe("signing out", () => {
  it.each(bodies)(
    "ends the session and clears the cookie with %s",
    async (_what, headers, body) => {
      const cookie = await signIn();
      expect(await sessionStatus(cookie)).toBe(200);
      const answer = await fetch(`${gateway.url}/auth/logout`, {
        method: "POST",
        headers: { ...headers, "x-channel-desk": "1", cookie },
        body,
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get("set-cookie")).toMatch(/^channel-desk=;.*Max-Age=0/);
      expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await sessionStatus(cookie)).toBe(401);
      expect(await callStatus(cookie)).toBe(401);
    },
  );

  it("ends the session with a body of unknown length, and closes that connection", async () => {
    const cookie = await signIn();
    const { hostname, port } = new URL(gateway.url);
    const answer = await new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: hostname,
            port,
            method: "POST",
            path: "/auth/logout",
            headers: { "content-type": "application/json", "x-channel-desk": "1", cookie },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
          },
        );
        request.on("error", reject);
        // No length given: Node sends it chunked.
        request.write('{"a":');
        request.end("1}");
      },
    );
    expect(answer).toEqual({ status: 204, connection: "close" });
    expect(await sessionStatus(cookie)).toBe(401);
  });

  it("keeps the connection for the next request after a small body", async () => {
    const cookie = await signIn();
    const logout = [
      "POST /auth/logout HTTP/1.1",
      "Host: test",
      "X-Channel-Desk: 1",
      `Cookie: ${cookie}`,
      "Content-Type: application/json",
      "Content-Length: 5",
      "",
      "{oops",
    ].join("\r\n");
    const next = `GET /auth/session HTTP/1.1\r\nHost: test\r\nCookie: ${cookie}\r\n\r\n`;
    const exchange = await rawExchange(gateway.url, logout + next, 2);
    expect(exchange.responses.map((response) => response.status)).toEqual([204, 401]);
  });

  it("still needs the X-Channel-Desk header, so another site cannot sign anyone out", async () => {
    const cookie = await signIn();
    const answer = await fetch(`${gateway.url}/auth/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: "a=1",
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ success: false, error_code: 0 });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionStatus(cookie)).toBe(200);
  });

  it("answers 204 when nobody was signed in", async () => {
    const answer = await fetch(`${gateway.url}/auth/logout`, {
      method: "POST",
      headers: { "x-channel-desk": "1", cookie: "channel-desk=not-a-session" },
    });
    expect(answer.status).toBe(204);
  });
});
