import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, isRetryableError, isSignedOutError } from "../../src/api/api-error";
import { createClient } from "../../src/api/client";
import {
  closedBaseUrl,
  json,
  startHttpStub,
  type HttpStub,
  type StubHandler,
} from "../component/http-stub";
import { examples } from "../fixtures/payloads";

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

describe("the fetch client", () => {
  const call = () => createClient({ baseUrl, timeoutMs: 2000 });

  it("posts the operation's fields and group_id as JSON and returns the parsed answer", async () => {
    handler = (_request, res) => json(res, 200, examples["subscribers/get"].response);
    const result = await call()("subscribers/get", { count: 2 }, { groupId: 77 });
    expect(result.items).toHaveLength(2);
    expect(result.offset_id).toBe("1048578");
    const last = stub.requests.at(-1);
    expect(last?.url).toBe("/api/subscribers/get");
    expect(last?.body).toEqual({ count: 2, group_id: 77 });
    expect(last?.headers["content-type"]).toBe("application/json");
    expect(last?.headers["x-channel-desk"]).toBe("1");
    expect(JSON.stringify(last?.body)).not.toContain("access_token");
  });

  it("turns success: false into a service error with code and message", async () => {
    handler = (_request, res) =>
      json(res, 200, { success: false, error_code: 11, error_message: "bad name" });
    const error = await failure(
      call()("vars/set", { tg_user_id: 1, name: "a", value: "b" }, { groupId: 1 }),
    );
    expect(error.kind).toBe("service");
    expect(error.code).toBe(11);
    expect(error.message).toBe("bad name");
    expect(error.operation).toBe("vars/set");
    expect(isRetryableError(error)).toBe(false);
  });

  it("reports HTTP 500 as an http error worth retrying", async () => {
    handler = (_request, res) =>
      json(res, 500, { success: false, error_code: 0, error_message: "Internal error" });
    const error = await failure(call()("groups/get", {}, { groupId: 1 }));
    expect(error).toMatchObject({ kind: "http", status: 500, code: 0, message: "Internal error" });
    expect(isRetryableError(error)).toBe(true);
  });

  it("reports an HTTP error without a JSON body", async () => {
    handler = (_request, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<h1>Bad gateway</h1>");
    };
    const error = await failure(call()("groups/get", {}, { groupId: 1 }));
    expect(error).toMatchObject({ kind: "http", status: 502 });
    expect(error.message).toContain("502");
  });

  it("reports 401 as signed out", async () => {
    handler = (_request, res) =>
      json(res, 401, { success: false, error_code: 0, error_message: "Sign in" });
    const error = await failure(call()("groups/get", {}, { groupId: 1 }));
    expect(isSignedOutError(error)).toBe(true);
  });

  it("tells of a refused channel token without signing out, and finds error 9 worth retrying", async () => {
    for (const code of [13, 14]) {
      handler = (_request, res) =>
        json(res, 200, { success: false, error_code: code, error_message: "token" });
      const error = await failure(call()("groups/get", {}, { groupId: 1 }));
      expect(isSignedOutError(error)).toBe(false);
      expect(error.code).toBe(code);
      expect(error.message).toMatch(/^token — .*access token.*ask an administrator/);
    }
    handler = (_request, res) =>
      json(res, 200, { success: false, error_code: 9, error_message: "slow down" });
    expect(isRetryableError(await failure(call()("groups/get", {}, { groupId: 1 })))).toBe(true);
  });

  it("reports invalid JSON as a contract error", async () => {
    handler = (_request, res) => json(res, 200, "{ not json");
    const error = await failure(call()("groups/get", {}, { groupId: 1 }));
    expect(error.kind).toBe("contract");
    expect(error.message).toContain("not JSON");
  });

  it("reports a shape mismatch with the path of the first mismatch", async () => {
    const response = structuredClone(examples["subscribers/get"].response) as {
      items: { status: unknown }[];
    };
    const second = response.items[1];
    if (second) second.status = "active";
    handler = (_request, res) => json(res, 200, response);
    const error = await failure(call()("subscribers/get", {}, { groupId: 1 }));
    expect(error.kind).toBe("contract");
    expect(error.path).toBe("items[1].status");
    expect(error.message).toContain("items[1].status");
  });

  it("refuses to send parameters that break the contract", async () => {
    const before = stub.requests.length;
    const error = await failure(call()("subscribers/get", { count: 500 }, { groupId: 1 }));
    expect(error).toMatchObject({ kind: "request", path: "count" });
    expect(stub.requests.length).toBe(before);
  });

  it("reports a request aborted by the caller as aborted, not as a failure to retry", async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = call()("groups/get", {}, { groupId: 1, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.kind).toBe("aborted");
    expect(isRetryableError(error)).toBe(false);
  });

  it("reports no answer within the time limit as a network timeout", async () => {
    handler = () => undefined;
    const error = await failure(
      createClient({ baseUrl })("groups/get", {}, { groupId: 1, timeoutMs: 100 }),
    );
    expect(error).toMatchObject({ kind: "network", timeout: true });
    expect(isRetryableError(error)).toBe(true);
  });

  it("reports a refused connection as a network error", async () => {
    const nobody = await closedBaseUrl();
    const error = await failure(
      createClient({ baseUrl: nobody })("groups/get", {}, { groupId: 1 }),
    );
    expect(error).toMatchObject({ kind: "network", timeout: false });
  });
});
