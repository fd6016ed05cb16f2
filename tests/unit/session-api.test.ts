import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, isSignedOutError } from "../../src/api/api-error";
import { createQueryClient } from "../../src/api/query-client";
import { sessionKeys } from "../../src/api/query-keys";
import { createSessionApi } from "../../src/api/session";
import {
  closedBaseUrl,
  json,
  startHttpStub,
  type HttpStub,
  type StubHandler,
} from "../component/http-stub";

const session = {
  username: "ann",
  role: "support",
  channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "UTC" }],
  expires_at: "2030-01-01T00:00:00Z",
};

let stub: HttpStub;
let baseUrl: string;
/** How the next request is answered; each test sets it. */
let handler: StubHandler = (_request, res) => res.end();

beforeAll(async () => {
  stub = await startHttpStub();
  stub.handle((request, res) => {
    handler(request, res);
  });
  baseUrl = stub.baseUrl;
});

afterAll(() => stub.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("the call did not fail");
}

const api = () => createSessionApi({ baseUrl, timeoutMs: 2000 });

describe("GET /auth/session", () => {
  it("returns the parsed session", async () => {
    handler = (_request, res) => json(res, 200, session);
    expect(await api().getSession()).toEqual(session);
    expect(stub.requests.at(-1)).toMatchObject({ method: "GET", url: "/auth/session" });
  });

  it("asks as the app's probe, and takes the 200 answer for nobody signed in as null", async () => {
    handler = (request, res) => {
      if (request.headers["x-channel-desk-probe"] === "1") json(res, 200, { signed_in: false });
      else json(res, 401, { success: false, error_code: 0, error_message: "Sign in" });
    };
    expect(await api().getSession()).toBeNull();
    expect(await api().reachable()).toBe(true);
  });

  it("returns null when nobody is signed in (401)", async () => {
    handler = (_request, res) =>
      json(res, 401, { success: false, error_code: 0, error_message: "Sign in" });
    expect(await api().getSession()).toBeNull();
  });

  it("reports an answer that breaks the contract with its path", async () => {
    handler = (_request, res) => json(res, 200, { ...session, role: "owner" });
    const error = await failure(api().getSession());
    expect(error).toMatchObject({ kind: "contract", path: "role", operation: "auth/session" });
  });

  it("reports a 5xx as an http error with the gateway's message", async () => {
    handler = (_request, res) =>
      json(res, 503, { success: false, error_code: 0, error_message: "Starting up" });
    const error = await failure(api().getSession());
    expect(error).toMatchObject({ kind: "http", status: 503, message: "Starting up" });
  });

  it("reports an HTML answer (no gateway behind the address) as an http error", async () => {
    handler = (_request, res) => {
      res.writeHead(404, { "Content-Type": "text/html" });
      res.end("<h1>Not found</h1>");
    };
    const error = await failure(api().getSession());
    expect(error).toMatchObject({ kind: "http", status: 404 });
    expect(error.message).toContain("404");
  });
});

describe("POST /auth/login", () => {
  it("sends the normalised credentials as JSON with the CSRF header", async () => {
    handler = (_request, res) => json(res, 200, session);
    expect(await api().login({ username: "  Ann ", password: "secret" })).toEqual(session);
    const last = stub.requests.at(-1);
    expect(last).toMatchObject({ method: "POST", url: "/auth/login" });
    expect(last?.headers["x-channel-desk"]).toBe("1");
    expect(last?.headers["content-type"]).toBe("application/json");
    expect(last?.body).toEqual({ username: "ann", password: "secret" });
  });

  it("sends nothing when the form breaks the contract", async () => {
    const before = stub.requests.length;
    const error = await failure(api().login({ username: "", password: "x" }));
    expect(error).toMatchObject({ kind: "request", path: "username" });
    expect(stub.requests.length).toBe(before);
  });

  it.each([
    [401, "Wrong user name or password."],
    [429, "Too many failed attempts: try again in 5 minutes."],
    [400, "username: required"],
  ])("shows the gateway's words for HTTP %i", async (status, message) => {
    handler = (_request, res) =>
      json(res, status, { success: false, error_code: 0, error_message: message });
    const error = await failure(api().login({ username: "ann", password: "bad" }));
    expect(error).toMatchObject({ kind: "http", status, message, operation: "auth/login" });
  });

  it("does not count a wrong password as an ended session", async () => {
    handler = (_request, res) =>
      json(res, 401, { success: false, error_code: 0, error_message: "Wrong password" });
    const error = await failure(api().login({ username: "ann", password: "bad" }));
    expect(isSignedOutError(error)).toBe(false);
  });

  it("reports a refused connection as a network error", async () => {
    const nobody = await closedBaseUrl();
    const error = await failure(
      createSessionApi({ baseUrl: nobody }).login({
        username: "ann",
        password: "x",
      }),
    );
    expect(error).toMatchObject({ kind: "network", operation: "auth/login" });
  });
});

describe("POST /auth/logout", () => {
  it("ends the session (204) with the CSRF header", async () => {
    handler = (_request, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(api().logout()).resolves.toBeUndefined();
    const last = stub.requests.at(-1);
    expect(last).toMatchObject({ method: "POST", url: "/auth/logout" });
    expect(last?.headers["x-channel-desk"]).toBe("1");
  });

  it("counts a session that had already ended as ended", async () => {
    handler = (_request, res) =>
      json(res, 401, { success: false, error_code: 0, error_message: "Sign in" });
    await expect(api().logout()).resolves.toBeUndefined();
  });

  it("reports any other refusal", async () => {
    handler = (_request, res) =>
      json(res, 403, { success: false, error_code: 0, error_message: "CSRF header missing" });
    const error = await failure(api().logout());
    expect(error).toMatchObject({ kind: "http", status: 403, message: "CSRF header missing" });
  });
});

describe("the query client and the session", () => {
  it("clears the signed-out state when a sign-in succeeds, and only then", async () => {
    let signedIn = 0;
    const client = createQueryClient({ onSignedIn: () => signedIn++ });
    const run = (mutationKey: readonly unknown[], result: Promise<unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationKey, mutationFn: () => result })
        .execute(undefined)
        .catch(() => undefined);
    await run(sessionKeys.login, Promise.resolve(session));
    expect(signedIn).toBe(1);
    await run(sessionKeys.logout, Promise.resolve(undefined));
    await run(sessionKeys.login, Promise.reject(new Error("wrong password")));
    expect(signedIn).toBe(1);
  });
});
