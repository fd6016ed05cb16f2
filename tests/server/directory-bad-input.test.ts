import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_LOOKUP_MAX, DIRECTORY_RESOLVE_MAX } from "../../src/contract/directory";
import { failureBody } from "../../src/contract/errors";
import {
  Browser,
  RawBody,
  type RunningGateway,
  startGateway,
  type TestAccount,
} from "../support/gateway";
import { seedTestData } from "../support/seed";

/**
 * Every directory endpoint refuses what it cannot use with the failure body (success false,
 * error_code, error_message) and a 4xx, never a 5xx or a stack; and the role table decides
 * who reads and who changes a directory.
 */
const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
];

let gateway: RunningGateway;
const logged: string[] = [];
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = new Browser(gateway.url);
    if (username !== "nobody") {
      expect((await browser.login(username, PASSWORD)).status).toBe(200);
    }
    browsers.set(username, browser);
  }
  return browser;
}

beforeAll(async () => {
  gateway = await startGateway({
    accounts,
    seed: seedTestData,
    rateLimit: 200,
    log: (line) => logged.push(line),
    directory: { share: 0.5 },
  });
});

afterAll(async () => {
  await gateway.close();
});

type Method = "GET" | "POST" | "DELETE";
interface Case {
  what: string;
  method: Method;
  path: string;
  body?: unknown;
  user?: string;
  headers?: Record<string, string>;
  status: number;
  reason?: string;
  /** The field the refusal names, for directory-bad-request. */
  field?: string;
}

const ENDPOINTS: [Method, string, unknown][] = [
  ["GET", "status", undefined],
  ["GET", "search?q=a", undefined],
  ["GET", "people", undefined],
  ["GET", "people/1", undefined],
  ["POST", "lookup", { user_ids: [1] }],
  ["POST", "resolve", { lines: ["a"] }],
  ["POST", "refresh", undefined],
  ["DELETE", "", undefined],
];

const path = (group: string, rest: string) => `/directory/${group}${rest === "" ? "" : "/"}${rest}`;

const cases: Case[] = [
  // The channel in the path, on every endpoint.
  ...ENDPOINTS.flatMap(([method, rest, body]) =>
    ["abc", "0", "01", "-5", "1.5", "1e3", "12345678901234567"].map((group): Case => ({
      what: `${method} ${rest || "(wipe)"} with group ${group}`,
      method,
      path: path(group, rest),
      body,
      user: "ada",
      status: 400,
      reason: "group-id-invalid",
    })),
  ),
  ...ENDPOINTS.map(([method, rest, body]): Case => ({
    what: `${method} ${rest || "(wipe)"} of a channel that does not exist`,
    method,
    path: path("4242", rest),
    body,
    user: "ada",
    status: 403,
    reason: "no-channel-access",
  })),
  ...ENDPOINTS.map(([method, rest, body]): Case => ({
    what: `${method} ${rest || "(wipe)"} without a session`,
    method,
    path: path("1001", rest),
    body,
    user: "nobody",
    status: 401,
  })),
  ...ENDPOINTS.map(([method, rest, body]): Case => ({
    what: `${method} ${rest || "(wipe)"} by marketing, which may not call subscribers/get`,
    method,
    path: path("1001", rest),
    body,
    user: "mark",
    status: 403,
    reason: "role-refused",
  })),
  ...ENDPOINTS.filter(([method]) => method !== "GET").map(([method, rest, body]): Case => ({
    what: `${method} ${rest || "(wipe)"} without the CSRF header`,
    method,
    path: path("1001", rest),
    body,
    user: "ada",
    headers: {},
    status: 403,
  })),
  ...(["refresh", ""] as const).map((rest): Case => ({
    what: `${rest || "wipe"} by support`,
    method: rest === "" ? "DELETE" : "POST",
    path: path("1001", rest),
    status: 403,
    reason: "directory-admin-only",
  })),
  // Search and list parameters.
  ...["0", "101", "abc", "1.5", "-1", "", "20&limit=30"].flatMap((limit): Case[] => [
    {
      what: `search with limit=${limit}`,
      method: "GET",
      path: `/directory/1001/search?q=a&limit=${limit}`,
      status: 400,
      reason: "directory-bad-request",
      field: "limit",
    },
    {
      what: `list with limit=${limit}`,
      method: "GET",
      path: `/directory/1001/people?limit=${limit}`,
      status: 400,
      reason: "directory-bad-request",
      field: "limit",
    },
  ]),
  ...["zzz", "eyJ4IjoxfQ", "x".repeat(500), "%00"].flatMap((cursor): Case[] => [
    {
      what: `search with cursor ${cursor.slice(0, 12)}`,
      method: "GET",
      path: `/directory/1001/search?q=a&cursor=${cursor}`,
      status: 400,
      reason: "directory-bad-request",
      field: "cursor",
    },
    {
      what: `list with cursor ${cursor.slice(0, 12)}`,
      method: "GET",
      path: `/directory/1001/people?cursor=${cursor}`,
      status: 400,
      reason: "directory-bad-request",
      field: "cursor",
    },
  ]),
  {
    what: "search with q given twice",
    method: "GET",
    path: "/directory/1001/search?q=a&q=b",
    status: 400,
    reason: "directory-bad-request",
    field: "q",
  },
  {
    what: "list sorted by something else",
    method: "GET",
    path: "/directory/1001/people?sort=age",
    status: 400,
    reason: "directory-bad-request",
    field: "sort",
  },
  {
    what: "list in another order",
    method: "GET",
    path: "/directory/1001/people?order=up",
    status: 400,
    reason: "directory-bad-request",
    field: "order",
  },
  // The person view.
  ...["abc", "0", "-1", "1e3", "1.5", "12345678901234567", "%20"].map((user): Case => ({
    what: `person ${user}`,
    method: "GET",
    path: `/directory/1001/people/${user}`,
    status: 400,
    reason: "directory-bad-request",
    field: "user_id",
  })),
  {
    what: "a person the directory does not hold",
    method: "GET",
    path: "/directory/1001/people/999",
    status: 404,
    reason: "directory-person-unknown",
  },
  // Bodies of lookup and resolve.
  ...(
    [
      ["no user_ids", {}, "user_ids"],
      ["user_ids not a list", { user_ids: 5 }, "user_ids"],
      ["no ids", { user_ids: [] }, "user_ids"],
      ["an id as text", { user_ids: ["5"] }, "user_ids.0"],
      ["a negative id", { user_ids: [-5] }, "user_ids.0"],
      ["a fraction", { user_ids: [1.5] }, "user_ids.0"],
      ["an id past 2^53", { user_ids: [2 ** 60] }, "user_ids.0"],
      [
        "too many ids",
        { user_ids: Array.from({ length: DIRECTORY_LOOKUP_MAX + 1 }, (_, i) => i + 1) },
        "user_ids",
      ],
      ["a list, not an object", [1, 2], ""],
      // A null body reads as no body: the refusal names the missing field.
      ["null", null, "user_ids"],
    ] as const
  ).map(([what, body, field]): Case => ({
    what: `lookup: ${what}`,
    method: "POST",
    path: "/directory/1001/lookup",
    body,
    status: 400,
    reason: "directory-bad-request",
    field,
  })),
  ...(
    [
      ["no lines", {}, "lines"],
      ["lines not a list", { lines: "Иван" }, "lines"],
      ["an empty list", { lines: [] }, "lines"],
      ["a line not text", { lines: [5] }, "lines.0"],
      ["a line over 1000 characters", { lines: ["x".repeat(1001)] }, "lines.0"],
      [
        "too many lines",
        { lines: Array.from({ length: DIRECTORY_RESOLVE_MAX + 1 }, () => "a") },
        "lines",
      ],
    ] as const
  ).map(([what, body, field]): Case => ({
    what: `resolve: ${what}`,
    method: "POST",
    path: "/directory/1001/resolve",
    body,
    status: 400,
    reason: "directory-bad-request",
    field,
  })),
  ...(["lookup", "resolve"] as const).flatMap((rest): Case[] => [
    {
      what: `${rest}: malformed JSON`,
      method: "POST",
      path: `/directory/1001/${rest}`,
      body: new RawBody('{"user_ids": [1,', "application/json"),
      status: 400,
    },
    {
      what: `${rest}: a body of another media type`,
      method: "POST",
      path: `/directory/1001/${rest}`,
      body: new RawBody("user_ids=1", "text/plain"),
      status: 400,
      reason: "directory-bad-request",
      field: "",
    },
    {
      what: `${rest}: no body`,
      method: "POST",
      path: `/directory/1001/${rest}`,
      status: 400,
      reason: "directory-bad-request",
    },
  ]),
  // Paths and methods that are not endpoints.
  ...(
    [
      ["GET", "/directory/1001"],
      ["GET", "/directory/1001/nothing"],
      ["POST", "/directory/1001/search"],
      ["DELETE", "/directory/1001/people/1"],
      ["GET", "/directory/1001/people/1/more"],
    ] as const
  ).map(([method, where]): Case => ({
    what: `${method} ${where}, not an endpoint`,
    method,
    path: where,
    status: 404,
  })),
];

describe("directory endpoints refuse bad input with the failure body", () => {
  it.each(cases)("$what", async (one) => {
    const browser = await as(one.user ?? "sam");
    const answer = await browser.request(one.method, one.path, one.body, one.headers);
    expect(answer.status, answer.text).toBe(one.status);
    const body = failureBody.parse(answer.body);
    expect(body.error_message.length).toBeGreaterThan(0);
    expect(answer.text).not.toMatch(/at .*\.ts:\d+|node_modules/);
    if (one.reason !== undefined) expect(answer.body.reason).toBe(one.reason);
    if (one.field !== undefined) {
      expect(answer.body.details).toMatchObject({ field: one.field });
    }
  });
});

describe("directory endpoints read what is good", () => {
  it("a support person of the channel reads every part", async () => {
    const sam = await as("sam");
    for (const [method, rest, body] of ENDPOINTS.filter(([m]) => m !== "DELETE")) {
      if (rest === "refresh" || rest === "people/1") continue;
      const answer = await sam.request(method, path("1001", rest), body);
      expect(answer.status, `${method} ${rest}: ${answer.text}`).toBe(200);
      expect(answer.body.success).toBe(true);
    }
  });
});

function secretOf(groupId: number): string {
  const row = gateway.db
    .prepare("SELECT secret FROM directory_hook_secrets WHERE group_id = ?")
    .get(groupId) as { secret: string } | undefined;
  if (!row) throw new Error("no secret");
  return row.secret;
}

describe("the hook route refuses bad input with the failure body", () => {
  const hookCases: [string, string, string | undefined, string | undefined, number][] = [
    ["malformed JSON", "POST", "application/json", '{"type": "subscribe",', 400],
    ["an empty JSON body", "POST", "application/json", "", 400],
    ["a JSON list", "POST", "application/json", "[1, 2, 3]", 400],
    ["JSON null", "POST", "application/json", "null", 400],
    ["a form of junk", "POST", "application/x-www-form-urlencoded", "%%%&&&=x&type=", 400],
    ["plain text", "POST", "text/plain", "type=subscribe", 400],
    ["another media type", "POST", "application/xml", "<event/>", 415],
    [
      "a body over 64 KB",
      "POST",
      "application/json",
      JSON.stringify({ type: "subscribe", pad: "x".repeat(70_000) }),
      413,
    ],
    ["a GET without an event", "GET", undefined, undefined, 400],
    // Not routes: without the CSRF header the gateway refuses them before looking further.
    ["PUT", "PUT", "application/json", "{}", 403],
    ["DELETE", "DELETE", undefined, undefined, 403],
  ];
  it.each(hookCases)("%s", async (_what, method, contentType, body, expected) => {
    const answer = await fetch(`${gateway.url}/hooks/1001/${secretOf(1001)}`, {
      method,
      headers: contentType === undefined ? {} : { "content-type": contentType },
      body,
    });
    const text = await answer.text();
    expect(answer.status, text).toBe(expected);
    const parsed = failureBody.parse(JSON.parse(text));
    expect(parsed.error_message.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/at .*\.ts:\d+|node_modules/);
  });

  it("a wrong secret is refused like an unknown path and logged without the body", async () => {
    const marker = "BODY-MARKER-7f3a";
    const answer = await fetch(`${gateway.url}/hooks/1001/not-the-secret`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "subscribe", group_id: 1001, note: marker }),
    });
    expect(answer.status).toBe(404);
    expect(failureBody.parse(await answer.json()).error_message).toBe("nothing here");
    const line = logged.find((one) => one.includes("wrong secret for channel 1001"));
    expect(line).toBeDefined();
    expect(logged.some((one) => one.includes(marker))).toBe(false);
    expect(logged.some((one) => one.includes("not-the-secret"))).toBe(false);
  });
});
