import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";

// Managing the channel (issue 18) through the gateway, role by role: administrators manage
// groups, tags and channel-wide variables; marketing only the tags; support none of it. The
// gateway enforces it, whatever the browser sends.

const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [1001], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
];

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startGateway({ accounts, rateLimit: 1000 });
});
afterAll(async () => {
  await gateway.close();
});

async function signedIn(username: string): Promise<Browser> {
  const browser = new Browser(gateway.url);
  const answer = await browser.login(username, PASSWORD);
  expect(answer.status, answer.text).toBe(200);
  return browser;
}

function membersOf(subscriptionId: number): number {
  const row = gateway.localDb
    ?.prepare("SELECT count(*) AS n FROM memberships WHERE subscription_id = ?")
    .get(subscriptionId) as { n: number } | undefined;
  return row?.n ?? -1;
}

function groupNamed(name: string): { id: number } | undefined {
  return gateway.localDb
    ?.prepare("SELECT id FROM subscriptions WHERE channel_id = 1001 AND name = ?")
    .get(name) as { id: number } | undefined;
}

describe("groups (subscriptions/add|edit|del)", () => {
  it("refuses marketing with 403 and the reason, and writes nothing", async () => {
    const mark = await signedIn("mark");
    const answer = await mark.call("subscriptions/add", { group_id: 1001, name: "By marketing" });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({
      success: false,
      reason: "role-refused",
      details: { role: "marketing", operation: "subscriptions/add" },
    });
    expect(groupNamed("By marketing")).toBeUndefined();
    for (const operation of ["subscriptions/edit", "subscriptions/del"]) {
      const refused = await mark.call(operation, { group_id: 1001, subscription_id: 1 });
      expect(refused.status, operation).toBe(403);
      expect(refused.body, operation).toMatchObject({ reason: "role-refused" });
    }
  });

  it("refuses support the same way", async () => {
    const sam = await signedIn("sam");
    const answer = await sam.call("subscriptions/add", { group_id: 1001, name: "By support" });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ reason: "role-refused" });
    expect(groupNamed("By support")).toBeUndefined();
  });

  it("lets an administrator create, edit and delete a group", async () => {
    const ada = await signedIn("ada");
    const added = await ada.call("subscriptions/add", {
      group_id: 1001,
      name: "Re-engagement",
      title: "Come back",
      url_after_subscribing: "https://example.com/thanks",
    });
    expect(added.body).toMatchObject({ success: true });
    const id = Number(added.body.subscription_id);
    expect(groupNamed("Re-engagement")).toEqual({ id });
    const edited = await ada.call("subscriptions/edit", {
      group_id: 1001,
      subscription_id: id,
      name: "Re-engagement 2",
    });
    expect(edited.body).toMatchObject({ success: true });
    expect(groupNamed("Re-engagement 2")).toEqual({ id });
    const deleted = await ada.call("subscriptions/del", { group_id: 1001, subscription_id: id });
    expect(deleted.body).toMatchObject({ success: true });
    expect(groupNamed("Re-engagement 2")).toBeUndefined();
    expect(membersOf(id)).toBe(0);
  });
});

describe("UTM tags (utms/add|edit|del)", () => {
  it("lets marketing create, rename and delete a tag", async () => {
    const mark = await signedIn("mark");
    const added = await mark.call("utms/add", { group_id: 1001, name: "Spring — stories" });
    expect(added.body).toMatchObject({ success: true });
    const utmId = Number(added.body.utm_id);
    const renamed = await mark.call("utms/edit", {
      group_id: 1001,
      utm_id: utmId,
      name: "Spring — reels",
    });
    expect(renamed.body).toMatchObject({ success: true });
    const deleted = await mark.call("utms/del", { group_id: 1001, utm_id: utmId });
    expect(deleted.body).toMatchObject({ success: true });
  });

  it("refuses support", async () => {
    const sam = await signedIn("sam");
    for (const [operation, fields] of [
      ["utms/add", { name: "By support" }],
      ["utms/edit", { utm_id: 1, name: "By support" }],
      ["utms/del", { utm_id: 1 }],
    ] as const) {
      const answer = await sam.call(operation, { group_id: 1001, ...fields });
      expect(answer.status, operation).toBe(403);
      expect(answer.body, operation).toMatchObject({ reason: "role-refused" });
    }
  });
});

describe("channel-wide variables (vars_global/*)", () => {
  it("are an administrator's alone", async () => {
    for (const username of ["mark", "sam"]) {
      const browser = await signedIn(username);
      for (const [operation, fields] of [
        ["vars_global/get", {}],
        ["vars_global/set", { name: "promo", value: "x" }],
        ["vars_global/del", { name: "promo" }],
      ] as const) {
        const answer = await browser.call(operation, { group_id: 1001, ...fields });
        expect(answer.status, `${username} ${operation}`).toBe(403);
        expect(answer.body).toMatchObject({ reason: "role-refused" });
      }
    }
    const ada = await signedIn("ada");
    const set = await ada.call("vars_global/set", {
      group_id: 1001,
      name: "promo",
      value: "AUTUMN",
    });
    expect(set.body).toMatchObject({ success: true });
    const read = await ada.call("vars_global/get", { group_id: 1001, name: "promo" });
    expect(read.body).toMatchObject({ success: true, items: [{ name: "promo", value: "AUTUMN" }] });
  });
});
