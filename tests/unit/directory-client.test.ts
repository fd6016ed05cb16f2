import { describe, expect, it } from "vitest";
import { ApiError, isRetryableError } from "../../src/api/api-error";
import { createDirectoryApi } from "../../src/api/directory/directory-client";
import { directoryKeys } from "../../src/api/query-keys";
import { describeApiError } from "../../src/api/error-text";
import { testI18n } from "../support/i18n";

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was asked and answers with `answer`. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    sent.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(answer());
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const status = {
  group_id: 1001,
  state: "reading",
  people: 120,
  left: 0,
  left_kept_days: 30,
  updated_at: "2026-11-24T04:00:00.000Z",
  last_full_pass_at: null,
  next_full_pass_at: null,
  full_pass: { started_at: "2026-11-24T03:59:00.000Z", read: 120, total: 400, percent: 30 },
  error: null,
  share: 0.5,
  hooks: { configured: false, last_event_at: null },
};

const person = {
  record_id: "1048577",
  user_id: 885530474,
  first_name: "Иван",
  last_name: "Петров",
  photo: "",
  status: 1,
  ignore: 0,
  date: "18.11.2026 00:42:07",
  subscriptions: [{ subscription_id: 3, date: "18.11.2026 00:42:07", source: "widget" }],
  left_at: null,
  confirmed_at: "2026-11-24T04:00:00.000Z",
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("the call did not fail");
}

describe("the directory client", () => {
  it("searches with a GET carrying the query, with the session's cookie, and parses the answer", async () => {
    const stub = stubFetch(() =>
      json(200, {
        success: true,
        items: [{ ...person, match: "name" }],
        next_cursor: null,
        directory: status,
      }),
    );
    const directory = createDirectoryApi({ baseUrl: "http://gw", fetch: stub.fetch });
    const answer = await directory.search(1001, { q: "иван петр & co" });
    expect(answer.items[0]?.last_name).toBe("Петров");
    expect(answer.directory.full_pass?.percent).toBe(30);
    const [request] = stub.sent;
    expect(request?.url).toBe(
      "http://gw/directory/1001/search?q=%D0%B8%D0%B2%D0%B0%D0%BD+%D0%BF%D0%B5%D1%82%D1%80+%26+co",
    );
    expect(request?.init.method).toBe("GET");
    expect(request?.init.credentials).toBe("same-origin");
    expect(request?.init.body).toBeNull();
  });

  it("posts a lookup as JSON with the app's header, and asks for a person with read=1", async () => {
    const stub = stubFetch(() =>
      json(200, {
        success: true,
        items: [
          { user_id: 885530474, person },
          { user_id: 5, person: null },
        ],
      }),
    );
    const directory = createDirectoryApi({ fetch: stub.fetch });
    const answer = await directory.lookup(1001, [885530474, 5]);
    expect(answer.items.map((item) => item.person?.first_name ?? null)).toEqual(["Иван", null]);
    const [request] = stub.sent;
    expect(request?.url).toBe("/directory/1001/lookup");
    expect(request?.init.method).toBe("POST");
    const headers = request?.init.headers as Record<string, string>;
    expect(headers["X-Channel-Desk"]).toBe("1");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(request?.init.body as string)).toEqual({ user_ids: [885530474, 5] });

    await failure(directory.person(1001, 42, { read: true }));
    expect(stub.sent[1]?.url).toBe("/directory/1001/people/42?read=1");
  });

  it("sends refresh and wipe with the app's header", async () => {
    const stub = stubFetch(() => json(202, { success: true, status }));
    const directory = createDirectoryApi({ fetch: stub.fetch });
    expect((await directory.refresh(1001)).state).toBe("reading");
    expect((await directory.wipe(1001)).people).toBe(120);
    expect(stub.sent.map((s) => `${String(s.init.method)} ${s.url}`)).toEqual([
      "POST /directory/1001/refresh",
      "DELETE /directory/1001",
    ]);
    for (const { init } of stub.sent) {
      expect((init.headers as Record<string, string>)["X-Channel-Desk"]).toBe("1");
    }
  });

  it("turns a 403 refusal into an http error with the gateway's reason, worded in the person's language", async () => {
    const stub = stubFetch(() =>
      json(403, {
        success: false,
        error_code: 0,
        error_message: "Your role may not read the directory.",
        reason: "role-refused",
        details: { role: "marketing" },
      }),
    );
    const error = await failure(createDirectoryApi({ fetch: stub.fetch }).status(1001));
    expect(error).toMatchObject({
      kind: "http",
      status: 403,
      operation: "directory/status",
      reason: "role-refused",
      details: { role: "marketing" },
    });
    expect(isRetryableError(error)).toBe(false);
    expect(describeApiError(error, testI18n("en"))).toBe("Your role does not allow this.");
  });

  it("words the directory's own reasons: an unknown person", async () => {
    const stub = stubFetch(() =>
      json(404, {
        success: false,
        error_code: 0,
        error_message: "No such person.",
        reason: "directory-person-unknown",
      }),
    );
    const error = await failure(createDirectoryApi({ fetch: stub.fetch }).person(1001, 7));
    expect(error.reason).toBe("directory-person-unknown");
    expect(describeApiError(error, testI18n("en"))).toBe("This person is not in the directory.");
  });

  it("reports an answer that breaks the contract as a contract error with the path", async () => {
    const stub = stubFetch(() =>
      json(200, {
        success: true,
        items: [{ ...person, user_id: "885530474", match: "name" }],
        next_cursor: null,
        directory: status,
      }),
    );
    const error = await failure(createDirectoryApi({ fetch: stub.fetch }).search(1, { q: "x" }));
    expect(error).toMatchObject({ kind: "contract", path: "items[0].user_id" });
    const notJson = stubFetch(() => json(200, "{ nope"));
    expect(await failure(createDirectoryApi({ fetch: notJson.fetch }).status(1))).toMatchObject({
      kind: "contract",
    });
  });

  it("reports a failed connection as a network error worth retrying, and a cancel as aborted", async () => {
    const down = createDirectoryApi({
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const error = await failure(down.search(1, { q: "ivan" }));
    expect(error.kind).toBe("network");
    expect(isRetryableError(error)).toBe(true);

    const never = createDirectoryApi({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            reject(new DOMException("", "AbortError"));
          });
        }),
    });
    const controller = new AbortController();
    const pending = never.search(1, { q: "ivan" }, { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe("aborted");

    const slow = createDirectoryApi({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            reject(new DOMException("", "TimeoutError"));
          });
        }),
    });
    expect(await failure(slow.status(1))).toMatchObject({ kind: "network", timeout: true });
  });
});

describe("directory query keys", () => {
  it("ask for the same set of ids once, whatever the order", () => {
    expect(directoryKeys.lookup(1, [5, 3, 5, 1])).toEqual(directoryKeys.lookup(1, [1, 3, 5]));
    expect(directoryKeys.person(1, 7)).toEqual(directoryKeys.personRead(1, 7, true).slice(0, 4));
  });
});
