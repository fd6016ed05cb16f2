import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryPersonResponse, directoryStatusResponse } from "../../src/contract/directory";
import { type HookEvent, hookEventToFields, type HookMethod } from "../../src/contract/hooks";
import { listHooks, registerHook, removeHook } from "../../server/channel-api/hooks";
import { openDatabase } from "../../server/channel-api/store/database";
import { assembleGateway } from "../../server/gateway/assemble";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { HookLimits } from "../../server/gateway/directory/hook-limits";
import { openGatewayDb } from "../../server/gateway/store/database";
import { findDirectory } from "../../server/gateway/store/directory-channels";
import { seedNamedPeople } from "../support/directory-seed";
import { Browser, type RunningGateway, startGateway } from "../support/gateway";
import { seedTestData, tgUserId } from "../support/seed";

const PASSWORD = "correct horse battery";
let gateway: RunningGateway;
let admin: Browser;
const logged: string[] = [];

async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 10_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`waited ${String(ms)} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function status(groupId: number) {
  const answer = await admin.request("GET", `/directory/${String(groupId)}/status`);
  return directoryStatusResponse.parse(answer.body).status;
}

async function history(userId: number) {
  const answer = await admin.request("GET", `/directory/1001/people/${String(userId)}`);
  return directoryPersonResponse.parse(answer.body).person;
}

function secretOf(groupId: number): string {
  const row = gateway.db
    .prepare("SELECT secret FROM directory_hook_secrets WHERE group_id = ?")
    .get(groupId) as { secret: string } | undefined;
  if (!row) throw new Error("no secret");
  return row.secret;
}

beforeAll(async () => {
  gateway = await startGateway({
    accounts: [{ username: "ada", role: "admin", channels: [], password: PASSWORD }],
    seed: seedNamedPeople,
    rateLimit: 200,
    log: (line) => logged.push(line),
    directory: { share: 0.5 },
  });
  admin = new Browser(gateway.url);
  expect((await admin.login("ada", PASSWORD)).status).toBe(200);
  await until(async () => ((await status(1001)).state === "ready" ? true : undefined), "ready");
});

afterAll(async () => {
  await gateway.close();
});

describe("WebHooks sent by the local Channel API", () => {
  it("the gateway registered one JSON hook per local channel, at its own address", () => {
    const db = gateway.localDb;
    if (!db) throw new Error("no local database");
    const hooks = listHooks(db, 1001);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      method: "json",
      url: `${gateway.url}/hooks/1001/${secretOf(1001)}`,
      state: "active",
    });
  });

  it.each<[HookMethod, number]>([
    ["get", 10],
    ["form", 11],
    ["json", 12],
  ])("takes a %s hook: history, subscriptions and a read of the person", async (method, n) => {
    const db = gateway.localDb;
    if (!db) throw new Error("no local database");
    for (const hook of listHooks(db, 1001)) removeHook(db, hook.id);
    registerHook(db, {
      groupId: 1001,
      url: `${gateway.url}/hooks/1001/${secretOf(1001)}`,
      method,
      secret: secretOf(1001),
    });
    const userId = tgUserId(n);
    // Someone else unsubscribes the person straight at the API: only the hook tells the gateway.
    db.prepare("UPDATE subscribers SET first_name = 'Переименован' WHERE user_id = ?").run(userId);
    const response = await admin.call("subscribers/del", {
      group_id: 1001,
      tg_user_id: userId,
      subscription_id: 1,
    });
    expect(response.status).toBe(200);
    const person = await until(async () => {
      const found = await history(userId);
      return found.history.length > 0 && found.first_name === "Переименован" ? found : undefined;
    }, `the ${method} hook's event and the read`);
    expect(person.history[0]).toMatchObject({ type: "unsubscribe", subscription_id: 1 });
    expect(person.subscriptions.map((item) => item.subscription_id)).not.toContain(1);
  });
});

describe("the hook route refuses", () => {
  const event = (overrides: Partial<HookEvent> = {}): HookEvent => ({
    type: "subscribe",
    group_id: 1001,
    event_id: 990_001,
    secret: "",
    object: {
      tg_user_id: tgUserId(20),
      subscription_id: 2,
      utm_id: 0,
      utm_source: "",
      utm_medium: "",
      utm_campaign: "",
      utm_content: "",
      utm_term: "",
      source: "api",
      date: "15.03.2026 15:00:00",
    },
    ...overrides,
  });

  it("an event of another channel or without a person, without a CSRF header", async () => {
    const url = `${gateway.url}/hooks/1001/${secretOf(1001)}`;
    const other = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event({ group_id: 1002 })),
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { reason: string }).reason).toBe("hook-malformed");
    const form = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "type=subscribe&group_id=1001",
    });
    expect(form.status).toBe(400);
    const broken = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
  });

  it("takes a GET query built by hand, once per event id", async () => {
    const query = new URLSearchParams(hookEventToFields(event())).toString();
    const url = `${gateway.url}/hooks/1001/${secretOf(1001)}?${query}`;
    for (let n = 0; n < 3; n++) {
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("ok");
    }
    const person = await until(async () => {
      const found = await history(tgUserId(20));
      return found.history.length > 0 ? found : undefined;
    }, "the event");
    expect(person.history.filter((item) => item.event_id === 990_001)).toHaveLength(1);
  });

  it("an unknown channel, and an address that keeps guessing secrets", async () => {
    expect((await fetch(`${gateway.url}/hooks/4242/abc`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/hooks/x/abc`)).status).toBe(404);
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) {
      statuses.push((await fetch(`${gateway.url}/hooks/1001/guess${String(n)}`)).status);
    }
    expect(statuses.filter((code) => code === 404).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    expect(logged.some((line) => line.includes("wrong secret for channel 1001"))).toBe(true);
  });
});

describe("hook brakes", () => {
  it("count calls a second per channel and wrong secrets a minute per address", () => {
    let now = 0;
    const limits = new HookLimits({ perSecond: 3, wrongSecretsPerMinute: 2, now: () => now });
    expect([1, 2, 3, 4].map(() => limits.takeCall(1001))).toEqual([true, true, true, false]);
    expect(limits.takeCall(1002)).toBe(true);
    now = 1000;
    expect(limits.takeCall(1001)).toBe(true);
    limits.wrongSecret("a");
    expect(limits.blocked("a")).toBe(false);
    limits.wrongSecret("a");
    expect(limits.blocked("a")).toBe(true);
    expect(limits.blocked("b")).toBe(false);
    now = 61_000;
    expect(limits.blocked("a")).toBe(false);
  });
});

describe("wiping and removing directories", () => {
  it("an administrator's wipe empties the directory, which reads the channel again", async () => {
    const wiped = await admin.request("DELETE", "/directory/1002");
    expect(wiped.status).toBe(200);
    expect(directoryStatusResponse.parse(wiped.body).status).toMatchObject({ people: 0 });
    await until(async () => {
      const now = await status(1002);
      return now.state === "ready" && now.people === 10 ? true : undefined;
    }, "the directory read again");
  });

  it("a channel removed from the configuration has its directory deleted at start", async () => {
    const db = openGatewayDb(":memory:");
    const start = async (channels: typeof DEMO_CHANNELS) => {
      const assembled = await assembleGateway({
        db,
        channels,
        env: {},
        log: () => undefined,
        rateLimit: 200,
        openLocalDb: () => {
          const local = openDatabase(":memory:");
          seedTestData(local);
          return local;
        },
        directory: { share: 0.5 },
      });
      await assembled.app.ready();
      return assembled;
    };
    const first = await start(DEMO_CHANNELS);
    await until(
      () => Promise.resolve(findDirectory(db, 1002)?.last_full_pass_at ? true : undefined),
      "the first pass of 1002",
    );
    const dropped = findDirectory(db, 1002)?.dir_id;
    await first.close();

    const second = await start({ channels: [{ kind: "local", group_id: 1001 }] });
    expect(findDirectory(db, 1002)).toBeUndefined();
    expect(findDirectory(db, 1001)).toBeDefined();
    const left = () =>
      (
        db.prepare("SELECT count(*) AS n FROM directory_people WHERE dir_id = ?").get(dropped) as {
          n: number;
        }
      ).n;
    await until(() => Promise.resolve(left() === 0 ? true : undefined), "the sweep");
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE name = ?")
      .all(`directory_fts_${String(dropped)}`);
    expect(tables).toEqual([]);
    await second.close();
    db.close();
  });
});
