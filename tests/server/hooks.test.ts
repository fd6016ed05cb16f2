import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hookEvent, hookEventFromFields } from "../../src/contract/hooks";
import {
  attachHookSender,
  findHook,
  HOOK_MAX_ATTEMPTS,
  HOOK_PAUSE_AFTER_ERRORS,
  hookRetryDelayMs,
  type HookSender,
  parseHookSpecs,
  queuedEvents,
  registerHook,
  resumeHook,
} from "../../server/channel-api/hooks";
import { expectOk } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { FakeClock } from "../support/fake-clock";
import { seedChannels, tgUserId, vkUserId } from "../support/seed";

/** WebHooks of the local Channel API, pushed to a real HTTP receiver on this machine. */

const tg = { token: seedChannels.tg.token, groupId: seedChannels.tg.groupId };
const vk = { token: seedChannels.vk.token, groupId: seedChannels.vk.groupId };

interface Received {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

class Receiver {
  readonly calls: Received[] = [];
  /** The status to answer each call with, by its number (0-based); default 200. */
  status: (call: number) => number = () => 200;
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const call = this.calls.length;
        this.calls.push({
          method: request.method ?? "",
          url: request.url ?? "",
          contentType: request.headers["content-type"] ?? "",
          body: Buffer.concat(chunks).toString("utf8"),
        });
        response.statusCode = this.status(call);
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${String(port)}/hook`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Each call's payload, read back into the JSON shape and parsed by the contract. */
  events() {
    return this.calls.map((call) => {
      if (call.method === "GET") {
        const query = call.url.slice(call.url.indexOf("?") + 1);
        return hookEvent.parse(hookEventFromFields(new URLSearchParams(query)));
      }
      if (call.contentType.startsWith("application/json")) {
        return hookEvent.parse(JSON.parse(call.body));
      }
      return hookEvent.parse(hookEventFromFields(new URLSearchParams(call.body)));
    });
  }
}

let api: RunningChannelApi;
let receiver: Receiver;
let clock: FakeClock;
let sender: HookSender;

beforeEach(async () => {
  api = await startChannelApi();
  receiver = new Receiver();
  await receiver.start();
  clock = new FakeClock(Date.UTC(2026, 2, 15, 12, 0, 0));
  sender = attachHookSender(api.db, { clock, log: () => undefined });
});

afterEach(async () => {
  await sender.stop();
  await api.close();
  await receiver.close();
});

function hook(method: "get" | "json" | "form", groupId: number = tg.groupId, secret = "s3cret") {
  return registerHook(api.db, { groupId, url: receiver.url, method, secret });
}

describe("what a hook receives", () => {
  it.each(["json", "get", "form"] as const)(
    "%s: one call per subscribe and unsubscribe, in order, in the contract's shape",
    async (method) => {
      hook(method);
      await expectOk(api.url, tg, "subscribers/add", {
        tg_user_id: tgUserId(30),
        subscription_id: 2,
        utm_id: 12,
      });
      await expectOk(api.url, tg, "subscribers/del", {
        tg_user_id: tgUserId(30),
        subscription_id: 0,
      });
      await sender.settled();
      expect(receiver.calls.map((call) => call.method)).toEqual(
        method === "get" ? ["GET", "GET"] : ["POST", "POST"],
      );
      if (method === "form") {
        expect(receiver.calls[0]?.contentType).toBe("application/x-www-form-urlencoded");
      }
      const [subscribed, unsubscribed] = receiver.events();
      // NOW is 15.03.2026 12:00:00 UTC: 15:00 in Moscow, the channel's zone.
      expect(subscribed).toEqual({
        type: "subscribe",
        group_id: 1001,
        event_id: subscribed?.event_id,
        secret: "s3cret",
        object: {
          tg_user_id: tgUserId(30),
          subscription_id: 2,
          utm_id: 12,
          utm_source: "email",
          utm_medium: "email",
          utm_campaign: "",
          utm_content: "",
          utm_term: "",
          source: "api",
          date: "15.03.2026 15:00:00",
        },
      });
      expect(unsubscribed).toMatchObject({
        type: "unsubscribe",
        object: { tg_user_id: tgUserId(30), subscription_id: 2, utm_id: 0, source: "api" },
      });
      expect(unsubscribed?.event_id).toBeGreaterThan(subscribed?.event_id ?? Infinity);
    },
  );

  it("names VK people by vk_user_id, with the community's id, and keeps channels apart", async () => {
    hook("json", vk.groupId, "");
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await expectOk(api.url, vk, "subscribers/del", { vk_user_id: vkUserId(3), subscription_id: 3 });
    await sender.settled();
    expect(receiver.events()).toEqual([
      expect.objectContaining({
        type: "unsubscribe",
        group_id: 1002,
        secret: "",
        object: expect.objectContaining({
          vk_user_id: vkUserId(3),
          vk_group_id: 223344,
          subscription_id: 3,
          date: "15.03.2026 12:00:00",
        }) as unknown,
      }),
    ]);
  });

  it("hears every writer of events: deleting a subscription unsubscribes its members", async () => {
    hook("json");
    await expectOk(api.url, tg, "subscriptions/del", { subscription_id: 2 });
    await sender.settled();
    const events = receiver.events();
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.type === "unsubscribe" && e.object.subscription_id === 2)).toBe(
      true,
    );
  });

  it("can take only unsubscribes", async () => {
    registerHook(api.db, {
      groupId: tg.groupId,
      url: receiver.url,
      method: "json",
      onSubscribe: false,
    });
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await expectOk(api.url, tg, "subscribers/del", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await sender.settled();
    expect(receiver.events().map((e) => e.type)).toEqual(["unsubscribe"]);
  });
});

describe("retries and the pause", () => {
  it("retries after attempt × 10 s until the receiver answers 200, keeping later events behind", async () => {
    const id = hook("json");
    receiver.status = (call) => (call < 2 ? 500 : 200);
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await expectOk(api.url, tg, "subscribers/del", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await sender.settled();
    expect(receiver.calls).toHaveLength(1);
    clock.advance(hookRetryDelayMs(1) - 1);
    await sender.settled();
    expect(receiver.calls).toHaveLength(1);
    clock.advance(1);
    await sender.settled();
    expect(receiver.calls).toHaveLength(2);
    clock.advance(hookRetryDelayMs(2));
    await sender.settled();
    const types = receiver.events().map((e) => e.type);
    expect(types).toEqual(["subscribe", "subscribe", "subscribe", "unsubscribe"]);
    expect(findHook(api.db, id)).toMatchObject({ errors: 2, delivered: 2, dropped: 0 });
    expect(queuedEvents(api.db, id)).toBe(0);
  });

  it("gives an event up after 10 attempts and goes on with the next", async () => {
    const id = hook("form");
    receiver.status = (call) => (call < HOOK_MAX_ATTEMPTS ? 503 : 200);
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 1,
    });
    await sender.settled();
    for (let attempt = 1; attempt < HOOK_MAX_ATTEMPTS; attempt++) {
      clock.advance(hookRetryDelayMs(attempt));
      await sender.settled();
    }
    const events = receiver.events();
    expect(events).toHaveLength(HOOK_MAX_ATTEMPTS + 1);
    expect(events.slice(0, HOOK_MAX_ATTEMPTS).every((e) => e.object.subscription_id === 2)).toBe(
      true,
    );
    expect(events.at(-1)?.object.subscription_id).toBe(1);
    expect(findHook(api.db, id)).toMatchObject({
      errors: HOOK_MAX_ATTEMPTS,
      delivered: 1,
      dropped: 1,
    });
  });

  it("pauses a hook after more than 200 errors, drops its queue, and resumes on request", async () => {
    const id = hook("get");
    receiver.status = () => 500;
    for (let n = 1; n <= 29; n++) {
      await expectOk(api.url, tg, "subscribers/add", {
        tg_user_id: tgUserId(30),
        subscription_id: n % 2 === 0 ? 1 : 2,
      });
      await expectOk(api.url, tg, "subscribers/del", {
        tg_user_id: tgUserId(30),
        subscription_id: 0,
      });
    }
    await sender.settled();
    let state = findHook(api.db, id);
    for (let step = 0; step < 500 && state?.state === "active"; step++) {
      const attempt = ((receiver.calls.length - 1) % HOOK_MAX_ATTEMPTS) + 1;
      clock.advance(hookRetryDelayMs(attempt));
      await sender.settled();
      state = findHook(api.db, id);
    }
    expect(receiver.calls).toHaveLength(HOOK_PAUSE_AFTER_ERRORS + 1);
    expect(state).toMatchObject({ state: "paused", errors: HOOK_PAUSE_AFTER_ERRORS + 1 });
    expect(queuedEvents(api.db, id)).toBe(0);
    // 20 events were given up after 10 attempts each, the 21st was dropped by the pause with
    // the rest of the queue (58 events in all).
    expect(state?.dropped).toBe(58);

    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await sender.settled();
    clock.advance(3_600_000);
    await sender.settled();
    expect(receiver.calls).toHaveLength(HOOK_PAUSE_AFTER_ERRORS + 1);

    receiver.status = () => 200;
    expect(resumeHook(api.db, id)).toBe(true);
    await expectOk(api.url, tg, "subscribers/del", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
    });
    await sender.settled();
    expect(receiver.events().at(-1)?.type).toBe("unsubscribe");
    expect(findHook(api.db, id)).toMatchObject({ state: "active", errors: 0, delivered: 1 });
  });
});

describe("configuring hooks", () => {
  it("reads GROUP_ID METHOD URL [SECRET] specs, several separated by ;", () => {
    expect(
      parseHookSpecs("1001 json http://127.0.0.1:9000/a s3cret; 1002 get https://example.com/b"),
    ).toEqual([
      { groupId: 1001, method: "json", url: "http://127.0.0.1:9000/a", secret: "s3cret" },
      { groupId: 1002, method: "get", url: "https://example.com/b" },
    ]);
    expect(() => parseHookSpecs("1001 post http://x")).toThrow(/METHOD/);
    expect(() => parseHookSpecs("tg json http://x")).toThrow(/GROUP_ID/);
    expect(() => parseHookSpecs("1001 json")).toThrow(/expected/);
  });

  it("refuses a bad URL, an unknown channel, and updates a hook registered twice", () => {
    expect(() =>
      registerHook(api.db, { groupId: 1001, url: "ftp://example.com", method: "json" }),
    ).toThrow(/http/);
    expect(() =>
      registerHook(api.db, { groupId: 4242, url: "https://example.com", method: "json" }),
    ).toThrow(/channel/);
    const first = registerHook(api.db, { groupId: 1001, url: receiver.url, method: "json" });
    const again = registerHook(api.db, {
      groupId: 1001,
      url: receiver.url,
      method: "get",
      secret: "x",
    });
    expect(again).toBe(first);
    expect(findHook(api.db, first)).toMatchObject({ method: "get", secret: "x", state: "active" });
  });
});
