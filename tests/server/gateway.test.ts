import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { operationIds } from "../../src/contract/operations";
import { mayCall, roles } from "../../src/contract/roles";
import { sessionResponse } from "../../src/contract/session";
import { DOCUMENT_ONLY_HEADERS } from "../../server/gateway/plugins/spa";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";
import { seedChannels } from "../support/seed";
import { validRequests } from "../support/valid-requests";

const TOKENS = [seedChannels.tg.token, seedChannels.vk.token];
const PASSWORD = "correct horse battery";

const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [1001], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
  { username: "vera", role: "support", channels: [1002], password: PASSWORD },
];

/** Every answer any test saw, to prove no token ever left the gateway. */
const seen: string[] = [];
function remember<Answer extends { text: string; headers: Headers }>(answer: Answer): Answer {
  seen.push(answer.text, JSON.stringify([...answer.headers]));
  return answer;
}

let clock = Date.UTC(2026, 2, 15, 12, 0, 0);
const now = () => clock;

let gateway: RunningGateway;
let root: string;
let dist: string;

beforeAll(async () => {
  // Installed under a folder named "assets": only dist/assets/ is cached for good.
  root = mkdtempSync(join(tmpdir(), "gateway-"));
  dist = join(root, "assets", "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, ".env"), "SECRET=1");
  writeFileSync(join(dist, "assets", "index-abc123.js.map"), "{}");
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html lang="en"><title>Channel Desk</title></html>',
  );
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1);");
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  gateway = await startGateway({
    accounts,
    now,
    rateLimit: 1000,
    sessionIdleMs: 60 * 60_000,
    sessionMaxMs: 6 * 3_600_000,
    staticDir: dist,
  });
});

afterAll(async () => {
  await gateway.close();
  rmSync(root, { recursive: true, force: true });
  const everything = seen.join("\n");
  for (const token of TOKENS) expect(everything).not.toContain(token);
});

async function signedIn(username: string): Promise<Browser> {
  const browser = new Browser(gateway.url);
  const answer = remember(await browser.login(username, PASSWORD));
  expect(answer.status, answer.text).toBe(200);
  return browser;
}

describe("sign-in and sessions", () => {
  it("signs in with the right password and describes the session", async () => {
    const browser = new Browser(gateway.url);
    const answer = remember(await browser.login("sam", PASSWORD));
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^channel-desk=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = sessionResponse.parse(
      remember(await browser.request("GET", "/auth/session")).body,
    );
    expect(session).toMatchObject({
      username: "sam",
      role: "support",
      channels: [
        {
          group_id: 1001,
          name: "Test Telegram",
          type_name: "Telegram",
          time_zone: "Europe/Moscow",
        },
      ],
    });
  });

  it("accepts the user name in any letter case", async () => {
    const browser = new Browser(gateway.url);
    expect(remember(await browser.login(" SAM ", PASSWORD)).status).toBe(200);
  });

  it("refuses a wrong password and an unknown name alike", async () => {
    const wrong = remember(await new Browser(gateway.url).login("mark", "not the password"));
    const unknown = remember(await new Browser(gateway.url).login("nobody", "not the password"));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      success: false,
      error_message: "Wrong user name or password.",
    });
  });

  it("refuses a malformed sign-in with a clear message", async () => {
    const browser = new Browser(gateway.url);
    const answer = remember(await browser.request("POST", "/auth/login", { username: "sam" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false });
    expect(String(answer.body.error_message)).toMatch(/password/i);
  });

  it("ends the session at sign-out", async () => {
    const browser = await signedIn("mark");
    expect(remember(await browser.request("POST", "/auth/logout")).status).toBe(204);
    expect(remember(await browser.request("GET", "/auth/session")).status).toBe(401);
    expect(remember(await browser.call("groups/get", { group_id: 1001 })).status).toBe(401);
  });

  it("tells the app's session probe that nobody is signed in with a 200, others with a 401", async () => {
    const probe = await fetch(`${gateway.url}/auth/session`, {
      headers: { "X-Channel-Desk-Probe": "1" },
    });
    expect(probe.status).toBe(200);
    expect(probe.headers.get("cache-control")).toBe("no-store");
    expect(await probe.json()).toEqual({ signed_in: false });
    expect((await fetch(`${gateway.url}/auth/session`)).status).toBe(401);
    const other = await fetch(`${gateway.url}/auth/session`, {
      headers: { "X-Channel-Desk-Probe": "yes" },
    });
    expect(other.status).toBe(401);
  });

  it("ends a session unused for longer than the idle time", async () => {
    const browser = await signedIn("mark");
    clock += 30 * 60_000;
    expect(remember(await browser.request("GET", "/auth/session")).status).toBe(200);
    clock += 59 * 60_000; // used 59 minutes ago: still alive, the last use pushed it on
    expect(remember(await browser.request("GET", "/auth/session")).status).toBe(200);
    clock += 61 * 60_000;
    const answer = remember(await browser.call("groups/get", { group_id: 1001 }));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false });
  });

  it("ends a session at its lifetime however busy it is", async () => {
    const browser = await signedIn("mark");
    for (let minutes = 50; minutes < 6 * 60; minutes += 50) {
      clock += 50 * 60_000;
      expect(
        remember(await browser.request("GET", "/auth/session")).status,
        `${String(minutes)} min`,
      ).toBe(200);
    }
    // 5 h 50 min in: the session ends at 6 h, not an idle hour after this use.
    const session = sessionResponse.parse(
      remember(await browser.request("GET", "/auth/session")).body,
    );
    expect(Date.parse(session.expires_at ?? "") - clock).toBe(10 * 60_000);
    clock += 10 * 60_000;
    expect(remember(await browser.request("GET", "/auth/session")).status).toBe(401);
    expect(remember(await browser.call("groups/get", { group_id: 1001 })).status).toBe(401);
  });

  it("refuses every POST without the X-Channel-Desk header", async () => {
    const browser = await signedIn("ada");
    const login = remember(
      await new Browser(gateway.url).request(
        "POST",
        "/auth/login",
        { username: "ada", password: PASSWORD },
        {},
      ),
    );
    expect(login.status).toBe(403);
    const call = remember(await browser.request("POST", "/api/groups/get", { group_id: 1001 }, {}));
    expect(call.status).toBe(403);
    expect(call.body).toMatchObject({ success: false });
    expect(String(call.body.error_message)).toContain("X-Channel-Desk");
  });
});

describe("the brake on guessing passwords", () => {
  it("refuses the sixth try within a minute, even with the right password, then lets go", async () => {
    const browser = new Browser(gateway.url);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(remember(await browser.login("vera", `guess ${String(attempt)}`)).status).toBe(401);
    }
    const locked = remember(await browser.login("vera", PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("300");
    expect(String(locked.body.error_message)).toMatch(/try again in 5 minutes/);
    // Another account from the same address is not locked.
    expect(remember(await new Browser(gateway.url).login("sam", PASSWORD)).status).toBe(200);
    clock += 5 * 60_000 + 1000;
    expect(remember(await browser.login("vera", PASSWORD)).status).toBe(200);
  });
});

describe("the brake under a burst of parallel guesses", () => {
  it("counts each guess as it starts, so a burst gets no more than five", async () => {
    const browser = new Browser(gateway.url);
    const guesses = Array.from({ length: 20 }, (_, n) =>
      browser.login("mark", `guess ${String(n)}`),
    );
    const answers = await Promise.all([...guesses, browser.login("mark", PASSWORD)]);
    const statuses = answers.map((answer) => remember(answer).status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(16);
    expect(statuses.at(-1)).toBe(429);
    clock += 5 * 60_000 + 1000;
    expect(remember(await browser.login("mark", PASSWORD)).status).toBe(200);
  });
});

describe("roles", () => {
  for (const role of roles) {
    const username = accounts.find((account) => account.role === role)?.username ?? "";
    it.each(operationIds)(`${role}: %s`, async (operation) => {
      const browser = await signedIn(username);
      const answer = remember(
        await browser.call(operation, { ...validRequests[operation], group_id: 1001 }),
      );
      if (mayCall(role, operation)) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toHaveProperty("success");
      } else {
        expect(answer.status, answer.text).toBe(403);
        expect(answer.body).toMatchObject({ success: false });
        expect(String(answer.body.error_message)).toContain(operation);
      }
    });
  }

  it("follows the table of the issue", () => {
    expect(mayCall("marketing", "vars/set")).toBe(false);
    expect(mayCall("marketing", "utms/getLink")).toBe(true);
    expect(mayCall("support", "subscribers/statCount")).toBe(false);
    expect(mayCall("support", "bots/addSubscriber")).toBe(true);
    for (const operation of operationIds) expect(mayCall("admin", operation)).toBe(true);
  });
});

describe("marketing's lists of a delivery's audience", () => {
  it("answers subscribers/get for marketing only with a delivery's read or click filter", async () => {
    const mark = await signedIn("mark");
    const plain = remember(await mark.call("subscribers/get", { group_id: 1001, count: 5 }));
    expect(plain.status, plain.text).toBe(403);
    expect(plain.body).toMatchObject({ success: false, reason: "role-refused" });
    const empty = remember(
      await mark.call("subscribers/get", { group_id: 1001, ignore_read_delivery_id: [] }),
    );
    expect(empty.status, empty.text).toBe(403);
    for (const field of ["ignore_read_delivery_id", "ignore_away_delivery_id"]) {
      const answer = remember(
        await mark.call("subscribers/get", { group_id: 1001, count: 5, [field]: [1] }),
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ success: true });
    }
    // A bad value is the service's own answer, as for anyone allowed to call.
    const bad = remember(
      await mark.call("subscribers/get", { group_id: 1001, ignore_read_delivery_id: ["x"] }),
    );
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, error_code: 12 });
  });
});

describe("channels", () => {
  it("keeps an account to its own channels", async () => {
    const sam = await signedIn("sam");
    const refused = remember(await sam.call("groups/get", { group_id: 1002 }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false });
    const vera = await signedIn("vera");
    const own = remember(await vera.call("groups/get", { group_id: 1002 }));
    expect(own.body).toMatchObject({ success: true, item: { name: "Test VK" } });
    expect(remember(await vera.call("groups/get", { group_id: 1001 })).status).toBe(403);
    expect(remember(await vera.call("groups/get", { group_id: 4242 })).status).toBe(403);
  });

  it("gives administrators every channel", async () => {
    const ada = await signedIn("ada");
    const session = sessionResponse.parse(remember(await ada.request("GET", "/auth/session")).body);
    expect(session.channels.map((channel) => channel.group_id)).toEqual([1001, 1002]);
    expect(remember(await ada.call("groups/get", { group_id: 1002 })).body).toMatchObject({
      success: true,
    });
  });

  it.each([["0x3e9"], [" 1001 "], ["1.001e3"], [[1001]], [1001.5], [-1001], [true]])(
    "refuses the group_id %j: only a positive integer names a channel",
    async (groupId) => {
      const ada = await signedIn("ada");
      const answer = remember(await ada.call("groups/get", { group_id: groupId }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error_code: 12 });
    },
  );

  it("takes the group_id as a number or as digits", async () => {
    const ada = await signedIn("ada");
    for (const groupId of [1001, "1001"]) {
      const answer = remember(await ada.call("groups/get", { group_id: groupId }));
      expect(answer.body).toMatchObject({ success: true });
    }
  });

  it("needs a group_id", async () => {
    const ada = await signedIn("ada");
    const answer = remember(await ada.call("groups/get", {}));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error_code: 1 });
  });
});

describe("forwarding", () => {
  it("checks the request with the contract before sending it", async () => {
    const sam = await signedIn("sam");
    const before = gateway.localDb?.prepare("SELECT count(*) FROM variables").pluck().get();
    const answer = remember(
      await sam.call("vars/set", {
        group_id: 1001,
        tg_user_id: 700000002,
        name: "город",
        value: "x",
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, error_code: 11 });
    expect(String(answer.body.error_message)).toContain("name");
    expect(gateway.localDb?.prepare("SELECT count(*) FROM variables").pluck().get()).toBe(before);
  });

  it("passes the service's own refusals through unchanged", async () => {
    const sam = await signedIn("sam");
    const answer = remember(
      await sam.call("bots/addSubscriber", { group_id: 1001, tg_user_id: 700000002, bot_id: 999 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, error_code: 10 });
  });

  it("ignores a token or version the browser sends", async () => {
    const ada = await signedIn("ada");
    const answer = remember(
      await ada.call("groups/get", { group_id: 1001, access_token: "forged", v: 1 }),
    );
    expect(answer.body).toMatchObject({ success: true, item: { name: "Test Telegram" } });
  });

  it("answers an unknown method with 404 and a JSON body", async () => {
    const ada = await signedIn("ada");
    const answer = remember(await ada.call("subscribers/nothing", { group_id: 1001 }));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });

  it("shares answers for periods that ended more than an hour ago", async () => {
    const mark = await signedIn("mark");
    const closed = {
      group_id: 1001,
      date_from: "01.01.2026 00:00:00",
      date_to: "31.01.2026 23:59:59",
    };
    const first = remember(await mark.call("subscribers/statCount", closed));
    const ada = await signedIn("ada");
    const second = remember(await ada.call("subscribers/statCount", closed));
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("x-cache")).toBe("hit");
    const open = { ...closed, date_to: "31.12.2026 23:59:59" };
    remember(await mark.call("subscribers/statCount", open));
    expect(
      remember(await mark.call("subscribers/statCount", open)).headers.get("x-cache"),
    ).toBeNull();
  });
});

describe("serving the app", () => {
  it("sends the security headers on every answer", async () => {
    for (const path of ["/", "/c/1001", "/auth/session", "/favicon.svg"]) {
      const answer = remember(await new Browser(gateway.url).request("GET", path));
      const csp = answer.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("leaves the document-only headers off scripts and styles, and keeps nosniff", async () => {
    const asset = remember(
      await new Browser(gateway.url).request("GET", "/assets/index-abc123.js"),
    );
    expect(asset.status).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers.get(name), name).toBeNull();
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("caches hashed assets for a year and revalidates the page (never no-store)", async () => {
    const browser = new Browser(gateway.url);
    const asset = remember(await browser.request("GET", "/assets/index-abc123.js"));
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const page = remember(await browser.request("GET", "/c/1001/subscribers?page=2"));
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Channel Desk</title>");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const root = remember(await browser.request("GET", "/"));
    expect(root.text).toContain("<title>Channel Desk</title>");
  });

  it("tells the page's shell whether the request came with a session", async () => {
    // None: the shell draws the sign-in form's placeholders.
    const stranger = new Browser(gateway.url);
    for (const path of ["/", "/c/1001/subscribers", "/sign-in"]) {
      const page = remember(await stranger.request("GET", path));
      expect(page.text, path).toContain('<html lang="en" data-signed-out>');
    }
    // A session: the dashboard's, with its own ETag.
    const ada = await signedIn("ada");
    const signedOutPage = remember(await stranger.request("GET", "/c/1001/subscribers"));
    for (const path of ["/", "/c/1001/subscribers"]) {
      const page = remember(await ada.request("GET", path));
      expect(page.text, path).toContain('<html lang="en">');
      expect(page.text, path).not.toContain("data-signed-out");
    }
    const page = remember(await ada.request("GET", "/c/1001/subscribers"));
    expect(page.headers.get("etag")).not.toBe(signedOutPage.headers.get("etag"));
  });

  it("serves no dotfiles and no source maps", async () => {
    for (const path of ["/.env", "/assets/index-abc123.js.map"]) {
      const answer = remember(await new Browser(gateway.url).request("GET", path));
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain("SECRET");
    }
  });

  it("answers a URL it cannot read with the JSON refusal and the headers", async () => {
    const answer = remember(await new Browser(gateway.url).request("GET", "/foo%"));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error_code: 12 });
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a missing asset with 404, not with the page", async () => {
    const answer = remember(await new Browser(gateway.url).request("GET", "/assets/gone-123.js"));
    expect(answer.status).toBe(404);
  });

  it("answers a path under a dot-folder or with an empty segment with 404, not with the page", async () => {
    for (const path of [
      "/.git/HEAD",
      "/.vite/x",
      "/.well-known/change-password",
      "/c/.hidden",
      "//c/1001",
      "/c/1001//subscribers",
    ]) {
      const answer = remember(await new Browser(gateway.url).request("GET", path));
      expect(answer.status, `GET ${path}`).toBe(404);
      const head = await fetch(`${gateway.url}${path}`, { method: "HEAD" });
      expect(head.status, `HEAD ${path}`).toBe(404);
    }
    // The app's own paths are still pages.
    const page = remember(await new Browser(gateway.url).request("GET", "/c/1001/subscribers"));
    expect(page.status).toBe(200);
  });

  it("refuses bodies over the limit", async () => {
    const ada = await signedIn("ada");
    const answer = remember(
      await ada.call("vars/set", {
        group_id: 1001,
        tg_user_id: 1,
        name: "n",
        value: "x".repeat(300_000),
      }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ success: false });
  });
});

describe("an https deployment", () => {
  let secure: RunningGateway;
  beforeAll(async () => {
    secure = await startGateway({ accounts, secure: true });
  });
  afterEach(() => undefined);
  afterAll(async () => {
    await secure.close();
  });

  it("uses a __Host- cookie with Secure", async () => {
    const answer = remember(await new Browser(secure.url).login("sam", PASSWORD));
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-channel-desk=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(answer.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});
