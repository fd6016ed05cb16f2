import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryCountResponse, directoryStatusResponse } from "../../src/contract/directory";
import type { SegmentFilters } from "../../src/contract/subscriber-filters";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";
import { tgUserId, vkUserId } from "../support/seed";

/**
 * POST /directory/<group>/count: every filter the directory answers gives the number of people
 * subscribers/get's pages list for the same filters on the local Channel API's test data
 * (both read here, not compared with constants); the rest is refused with a reason.
 */

const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
  { username: "vera", role: "support", channels: [1002], password: PASSWORD },
];

let gateway: RunningGateway;
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = new Browser(gateway.url);
    expect((await browser.login(username, PASSWORD)).status).toBe(200);
    browsers.set(username, browser);
  }
  return browser;
}

async function ready(groupId: number): Promise<void> {
  const admin = await as("ada");
  for (let waited = 0; waited < 10_000; waited += 25) {
    const answer = await admin.request("GET", `/directory/${String(groupId)}/status`);
    if (directoryStatusResponse.parse(answer.body).status.state === "ready") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the directory of ${String(groupId)} did not become ready`);
}

/** The people subscribers/get lists for the filters, every page read by offset_id. */
async function listed(groupId: number, filters: SegmentFilters): Promise<number> {
  const admin = await as("ada");
  let offsetId: string | undefined;
  let total = 0;
  for (;;) {
    const answer = await admin.call("subscribers/get", {
      group_id: groupId,
      count: 7,
      ...filters,
      ...(offsetId === undefined ? {} : { offset_id: offsetId }),
    });
    expect(answer.body.success, answer.text).toBe(true);
    const items = answer.body.items as { id: string }[];
    total += items.length;
    if (items.length < 7) return total;
    offsetId = items.at(-1)?.id;
  }
}

function count(groupId: number, filters: unknown, user = "ada") {
  return as(user).then((browser) =>
    browser.request("POST", `/directory/${String(groupId)}/count`, { filters }),
  );
}

async function counted(groupId: number, filters: SegmentFilters): Promise<number> {
  const answer = await count(groupId, filters);
  expect(answer.status, answer.text).toBe(200);
  return directoryCountResponse.parse(answer.body).count;
}

beforeAll(async () => {
  gateway = await startGateway({ accounts, rateLimit: 200, directory: { share: 0.5 } });
  await ready(1001);
  await ready(1002);
});

afterAll(async () => {
  await gateway.close();
});

// Records of 1001 are at 13:00 Moscow time (10:00 UTC) on 14 March, 13 March…; the edges of
// these periods fall exactly on records, so an edge read in UTC or as exclusive would differ.
const telegram: [string, SegmentFilters][] = [
  ["a subscription", { subscription_id: [1] }],
  ["a subscription few are in", { subscription_id: [2] }],
  ["either of two subscriptions", { subscription_id: [1, 2] }],
  ["another channel's subscription", { subscription_id: [3] }],
  ["not in a subscription", { ignore_subscription_id: [2] }],
  ["in none of two subscriptions", { ignore_subscription_id: [1, 2] }],
  ["not in another channel's subscription", { ignore_subscription_id: [3] }],
  ["a source", { source: ["api"] }],
  ["either of two sources", { source: ["widget", "api"] }],
  ["a source nobody came through", { source: ["site"] }],
  ["user ids, one unknown", { tg_user_id: [tgUserId(1), tgUserId(30), 12345] }],
  ["one user id", { tg_user_id: tgUserId(5) }],
  [
    "first subscribed in a period",
    { date_first_from: "05.03.2026 13:00:00", date_first_to: "10.03.2026 13:00:00" },
  ],
  ["first subscribed from", { date_first_from: "10.03.2026 13:00:01" }],
  ["first subscribed until", { date_first_to: "20.02.2026 13:00:00" }],
  ["first subscribed, an ISO instant", { date_first_from: "2026-03-10T10:00:00Z" }],
  [
    "every kind at once",
    {
      subscription_id: [1],
      ignore_subscription_id: [2],
      source: ["widget"],
      date_first_from: "01.03.2026 00:00:00",
      tg_user_id: [tgUserId(2), tgUserId(4), tgUserId(9), tgUserId(20), tgUserId(30)],
    },
  ],
];

describe("a count by the directory", () => {
  it.each(telegram)("equals subscribers/get's pages: %s", async (_, filters) => {
    expect(await counted(1001, filters)).toBe(await listed(1001, filters));
  });

  it("reads dates in the channel's own zone (UTC for the VK channel)", async () => {
    for (const filters of [
      { date_first_from: "10.03.2026 00:00:00", date_first_to: "14.03.2026 00:00:00" },
      { vk_user_id: [vkUserId(1), vkUserId(10)], date_first_to: "10.03.2026 12:00:00" },
      { subscription_id: [3], source: ["site"] },
    ] satisfies SegmentFilters[]) {
      expect(await counted(1002, filters)).toBe(await listed(1002, filters));
    }
  });

  it("says when the directory last changed, and answers support as subscribers/get does", async () => {
    const answer = await count(1001, { subscription_id: [1] }, "sam");
    expect(answer.status).toBe(200);
    expect(directoryCountResponse.parse(answer.body).updated_at).not.toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});

describe("what the directory does not count", () => {
  it.each([
    ["lead_status", { lead_status: 1 }],
    ["var_name", { subscription_id: [1], var_name: "city" }],
    ["delivery_id", { delivery_id: [31] }],
    ["date_subscription_from", { date_subscription_from: "01.03.2026 00:00:00" }],
    ["bot_id", { bot_id: 21 }],
    // The other kind of user id is the API's error: the browser's count shows it.
    ["vk_user_id", { vk_user_id: [1] }],
  ] as const)("refuses %s with its field", async (field, filters) => {
    const answer = await count(1001, filters);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      reason: "directory-cannot-count",
      details: { field },
    });
  });

  it("refuses a date it cannot read, a period that ends before it starts, an unknown filter", async () => {
    for (const [filters, field] of [
      [{ date_first_from: "31.02.2026 00:00:00" }, "filters.date_first_from"],
      [
        { date_first_from: "02.03.2026 00:00:00", date_first_to: "01.03.2026 00:00:00" },
        "date_first_from",
      ],
      [{ plan: "gold" }, "filters"],
    ] as const) {
      const answer = await count(1001, filters);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ reason: "directory-bad-request" });
      expect((answer.body.details as { field: string }).field).toBe(field);
    }
  });

  it("keeps to the roles and channels of subscribers/get", async () => {
    const marketing = await count(1001, { subscription_id: [1] }, "mark");
    expect(marketing.status).toBe(403);
    expect(marketing.body.reason).toBe("role-refused");
    const other = await count(1001, { subscription_id: [1] }, "vera");
    expect(other.status).toBe(403);
    expect(other.body.reason).toBe("no-channel-access");
    const stranger = await new Browser(gateway.url).request("POST", "/directory/1001/count", {
      filters: { subscription_id: [1] },
    });
    expect(stranger.status).toBe(401);
  });

  it("refuses while no full pass has ended: the count would be short", async () => {
    gateway.db
      .prepare("UPDATE directory_channels SET last_full_pass_at = NULL WHERE group_id = 1002")
      .run();
    const answer = await count(1002, { subscription_id: [3] });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, reason: "directory-not-ready" });
  });
});
