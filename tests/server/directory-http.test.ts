import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  directoryListResponse,
  directoryLookupResponse,
  directoryPersonResponse,
  directoryResolveResponse,
  directorySearchElsewhereResponse,
  directorySearchResponse,
  directoryStatusResponse,
  type DirectorySearchResponse,
} from "../../src/contract/directory";
import { failureBody } from "../../src/contract/errors";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";
import { seedNamedPeople, tgIdOf } from "../support/directory-seed";
import { TG_PEOPLE, VK_PEOPLE, tgUserId, vkUserId } from "../support/seed";

const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
  { username: "vera", role: "support", channels: [1002], password: PASSWORD },
];

let gateway: RunningGateway;
const logged: string[] = [];
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
  const admin = await as("ada");
  const answer = await admin.request("GET", `/directory/${String(groupId)}/status`);
  expect(answer.status).toBe(200);
  return directoryStatusResponse.parse(answer.body).status;
}

async function search(q: string, user = "sam", extra = ""): Promise<DirectorySearchResponse> {
  const browser = await as(user);
  const answer = await browser.request(
    "GET",
    `/directory/1001/search?q=${encodeURIComponent(q)}${extra}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return directorySearchResponse.parse(answer.body);
}

const names = (answer: DirectorySearchResponse) =>
  answer.items.map((item) => `${item.first_name} ${item.last_name}`.trim());

beforeAll(async () => {
  gateway = await startGateway({
    accounts,
    seed: seedNamedPeople,
    rateLimit: 200,
    log: (line) => logged.push(line),
    directory: { share: 0.5 },
  });
  await until(
    async () => ((await status(1001)).state === "ready" ? true : undefined),
    "the first full pass of 1001",
  );
  await until(
    async () => ((await status(1002)).state === "ready" ? true : undefined),
    "the first full pass of 1002",
  );
});

afterAll(async () => {
  await gateway.close();
});

describe("the directory's status", () => {
  it("counts every subscriber after the first full pass, and says when", async () => {
    const tg = await status(1001);
    expect(tg).toMatchObject({ state: "ready", people: TG_PEOPLE, left: 0, full_pass: null });
    expect(tg.updated_at).not.toBeNull();
    expect(tg.next_full_pass_at).not.toBeNull();
    expect(tg.hooks.configured).toBe(true);
    expect((await status(1002)).people).toBe(VK_PEOPLE);
  });
});

describe("search", () => {
  it("finds a name in either script, any case and any order", async () => {
    const cyrillic = names(await search("Иван Петров"));
    const latin = names(await search("ivan petrov"));
    const reversed = names(await search("ПЕТРОВ иван"));
    for (const found of [cyrillic, latin, reversed]) {
      expect(found.slice(0, 3).sort()).toEqual(["Ivan Petrov", "Иван Петров", "Иван Петров"]);
    }
  });

  it("treats ё and е alike", async () => {
    expect(names(await search("Петр"))).toEqual(
      expect.arrayContaining(["Пётр Петров", "Петр Смирнов"]),
    );
    expect(names(await search("елкина"))).toEqual(["Елена Ёлкина"]);
    expect(names(await search("Fedor Solovev"))).toEqual(["Фёдор Соловьёв"]);
  });

  it("finds by the start of words, whole words first", async () => {
    const found = await search("пет ив");
    expect(names(found)).toEqual(expect.arrayContaining(["Иван Петров", "Ivan Petrov"]));
    expect(found.items.every((item) => item.match === "name")).toBe(true);
    // "петров" as a whole word comes before Петрова, which only starts with it.
    const petrov = names(await search("Петров"));
    expect(petrov.indexOf("Анна Петрова")).toBeGreaterThan(petrov.indexOf("Станислав Петров"));
  });

  it("finds by user id, record id and profile link, exact matches first", async () => {
    const id = tgIdOf("Станислав", "Петров");
    for (const q of [String(id), `tg://user?id=${String(id)}`]) {
      const found = await search(q);
      expect(found.items[0]).toMatchObject({ user_id: id, match: "user_id" });
    }
    const byRecord = await search("6");
    expect(byRecord.items[0]).toMatchObject({ record_id: "6", match: "record_id" });
    // A VK link on a Telegram channel names nobody here.
    expect((await search("vk.com/id5")).items).toEqual([]);
  });

  it("answers any query with results or none, never an error", async () => {
    const hostile = [
      "",
      " ",
      '"',
      "'; DROP TABLE directory_people; --",
      "NEAR(a b) OR * AND ^x",
      "a*b:c-d+e(f)",
      "🙂🙃",
      "李小龙",
      "x".repeat(10_000),
      "Иван ".repeat(500),
      "\u0000\u0001",
    ];
    for (const q of hostile) {
      const found = await search(q);
      expect(found.items.length).toBeLessThanOrEqual(20);
    }
  });

  it("pages 20 at a time, ranked the same way on every page", async () => {
    expect((await search("а")).items).toHaveLength(5);
    const first = await search("a", "sam", "&limit=2");
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await search("a", "sam", `&limit=2&cursor=${first.next_cursor ?? ""}`);
    expect(second.items).toHaveLength(2);
    const firstIds = first.items.map((item) => item.record_id);
    expect(second.items.some((item) => firstIds.includes(item.record_id))).toBe(false);
    const bad = await (await as("sam")).request("GET", "/directory/1001/search?q=a&cursor=zzz");
    expect(bad.status).toBe(400);
    expect(failureBody.parse(bad.body).reason).toBe("directory-bad-request");
  });
});

describe("who may read the directory", () => {
  it("refuses marketing (it may not call subscribers/get) and other channels", async () => {
    const marketing = await (await as("mark")).request("GET", "/directory/1001/search?q=ivan");
    expect(marketing.status).toBe(403);
    expect(failureBody.parse(marketing.body)).toMatchObject({ reason: "role-refused" });
    const other = await (await as("vera")).request("GET", "/directory/1001/search?q=ivan");
    expect(other.status).toBe(403);
    expect(other.body.reason).toBe("no-channel-access");
    const nobody = await new Browser(gateway.url).request("GET", "/directory/1001/status");
    expect(nobody.status).toBe(401);
    const unknown = await (await as("ada")).request("GET", "/directory/4242/status");
    expect(unknown.status).toBe(403);
    const bad = await (await as("ada")).request("GET", "/directory/abc/status");
    expect(bad.status).toBe(400);
  });

  it("lets only administrators refresh or wipe, with the CSRF header", async () => {
    const support = await (await as("sam")).request("POST", "/directory/1001/refresh");
    expect(support.status).toBe(403);
    expect(support.body.reason).toBe("directory-admin-only");
    const noHeader = await (
      await as("ada")
    ).request("POST", "/directory/1001/refresh", undefined, {});
    expect(noHeader.status).toBe(403);
    const wipe = await (await as("sam")).request("DELETE", "/directory/1001");
    expect(wipe.status).toBe(403);
  });
});

describe("the person view and lookups", () => {
  it("shows everything the directory holds about a person", async () => {
    const answer = await (
      await as("sam")
    ).request("GET", `/directory/1001/people/${String(tgUserId(1))}`);
    expect(answer.status).toBe(200);
    const { person } = directoryPersonResponse.parse(answer.body);
    expect(person).toMatchObject({
      first_name: "Иван",
      last_name: "Петров",
      user_id: tgUserId(1),
      profile_url: `tg://user?id=${String(tgUserId(1))}`,
      left_at: null,
    });
    expect(person.variables).toEqual([
      { name: "city", value: "Москва" },
      { name: "plan", value: "gold" },
    ]);
    expect(person.subscriptions.map((item) => item.subscription_id)).toEqual([1, 2]);
    expect(person.utms.map((item) => item.utm_id)).toEqual([12]);
  });

  it("says who is unknown, and reads the API on request", async () => {
    const unknown = await (await as("sam")).request("GET", "/directory/1001/people/123");
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toBe("directory-person-unknown");
    const read = await (await as("sam")).request("GET", "/directory/1001/people/123?read=1");
    expect(read.status).toBe(404);
    const known = await (
      await as("sam")
    ).request("GET", `/directory/1001/people/${String(tgUserId(2))}?read=1`);
    expect(known.status).toBe(200);
  });

  it("names many user ids at once", async () => {
    const answer = await (
      await as("sam")
    ).request("POST", "/directory/1001/lookup", {
      user_ids: [tgUserId(2), 999, tgUserId(2), tgUserId(3)],
    });
    const { items } = directoryLookupResponse.parse(answer.body);
    expect(items.map((item) => [item.user_id, item.person?.first_name ?? null])).toEqual([
      [tgUserId(2), "Ivan"],
      [999, null],
      [tgUserId(3), "Иван"],
    ]);
    const tooMany = await (
      await as("sam")
    ).request("POST", "/directory/1001/lookup", {
      user_ids: Array.from({ length: 1001 }, (_, n) => n + 1),
    });
    expect(tooMany.status).toBe(400);
  });

  it("resolves pasted lines: ids, links, names, ambiguous names", async () => {
    const answer = await (
      await as("sam")
    ).request("POST", "/directory/1001/resolve", {
      lines: [
        String(tgUserId(5)),
        "Станислав Петров",
        "Иван Петров",
        "Nobody Atall",
        "t.me/someone",
        "  ",
        "stanislav petr",
      ],
    });
    const { results } = directoryResolveResponse.parse(answer.body);
    expect(results.map((result) => result.outcome)).toEqual([
      "id",
      "found",
      "ambiguous",
      "not-found",
      "problem",
      "empty",
      "found",
    ]);
    expect(results[0]?.candidates[0]?.first_name).toBe("Петр");
    expect(results[1]?.user_id).toBe(tgIdOf("Станислав", "Петров"));
    expect(results[2]?.matches).toBe(3);
    expect(results[2]?.user_id).toBeNull();
    expect(results[4]?.problem).toEqual({ code: "tg-username", shown: "someone" });
  });

  it("says a number that is no user id is none, instead of looking it up as a name", async () => {
    const answer = await (
      await as("sam")
    ).request("POST", "/directory/1001/resolve", {
      lines: ["0", "-5", "1.5e3", "1234567890123456789012345", "12x34"],
    });
    const { results } = directoryResolveResponse.parse(answer.body);
    expect(results.map((result) => result.outcome)).toEqual([
      "problem",
      "problem",
      "problem",
      "problem",
      "not-found",
    ]);
    expect(results[1]?.problem).toEqual({ code: "not-an-id", shown: "-5" });
  });
});

describe("the search across channels", () => {
  async function elsewhere(user: string, query: string) {
    const browser = await as(user);
    const answer = await browser.request("GET", `/directory/search?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return directorySearchElsewhereResponse.parse(answer.body).channels;
  }

  it("finds a person of another channel, only in channels the role may read", async () => {
    const admin = await as("ada");
    const list = directoryListResponse.parse(
      (await admin.request("GET", "/directory/1002/people?limit=1")).body,
    );
    const someone = list.items[0];
    if (!someone) throw new Error("channel 1002 has people");
    const q = encodeURIComponent(`${someone.first_name} ${someone.last_name}`);

    // From channel 1001, the administrator finds them in 1002, labelled with the channel.
    const found = await elsewhere("ada", `q=${q}&except=1001`);
    expect(found.map((channel) => channel.group_id)).toEqual([1002]);
    expect(found[0]?.items.map((item) => item.user_id)).toContain(someone.user_id);
    expect(found[0]?.items.length).toBeLessThanOrEqual(5);

    // A support person of 1001 only never sees 1002; one of 1002 does; marketing reads nobody.
    expect(await elsewhere("sam", `q=${q}&except=1001`)).toEqual([]);
    expect((await elsewhere("vera", `q=${q}`)).map((channel) => channel.group_id)).toEqual([1002]);
    expect(await elsewhere("mark", `q=${q}`)).toEqual([]);
    // Nothing typed: nothing searched.
    expect(await elsewhere("ada", "q=%20")).toEqual([]);
  });

  it("refuses a malformed query and a visitor without a session", async () => {
    const admin = await as("ada");
    const bad = await admin.request("GET", "/directory/search?q=x&except=abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, reason: "directory-bad-request" });
    const stranger = new Browser(gateway.url);
    expect((await stranger.request("GET", "/directory/search?q=x")).status).toBe(401);
  });
});

describe("the list served from the directory", () => {
  it("has a total, sorts by date or name either way, and pages by cursor", async () => {
    const browser = await as("sam");
    const read = async (query: string) => {
      const answer = await browser.request("GET", `/directory/1001/people?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return directoryListResponse.parse(answer.body);
    };
    const newest = await read("sort=date&order=desc&limit=10");
    expect(newest.total).toBe(TG_PEOPLE);
    expect(newest.items[0]?.user_id).toBe(tgUserId(1));
    const oldest = await read("sort=date&order=asc&limit=10");
    expect(oldest.items[0]?.user_id).toBe(tgUserId(TG_PEOPLE));
    const all: string[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const answer = await read(`sort=name&order=asc&limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      all.push(...answer.items.map((item) => item.record_id));
      if (answer.next_cursor === null) break;
      cursor = answer.next_cursor;
    }
    expect(new Set(all).size).toBe(TG_PEOPLE);
    // By the name as shown (first name first); English: Latin before Cyrillic.
    const filtered = await read("sort=name&order=asc&q=петров");
    expect(filtered.total).toBe(7);
    expect(filtered.items.map((item) => `${item.first_name} ${item.last_name}`)).toEqual([
      "Anna Petrova",
      "Ivan Petrov",
      "Анна Петрова",
      "Иван Петров",
      "Иван Петров",
      "Пётр Петров",
      "Станислав Петров",
    ]);
    // Russian: Cyrillic before Latin, as a Russian reader expects; backwards too.
    const russian = await read("sort=name&order=asc&q=петров&locale=ru");
    expect(russian.items.map((item) => `${item.first_name} ${item.last_name}`)).toEqual([
      "Анна Петрова",
      "Иван Петров",
      "Иван Петров",
      "Пётр Петров",
      "Станислав Петров",
      "Anna Petrova",
      "Ivan Petrov",
    ]);
    const backwards = await read("sort=name&order=desc&q=петров&locale=ru");
    expect(backwards.items.map((item) => item.record_id)).toEqual(
      russian.items.map((item) => item.record_id).reverse(),
    );
    // The whole list in Russian pages by its own cursor, every person once.
    const paged: string[] = [];
    cursor = "";
    for (let page = 0; page < 5; page++) {
      const answer = await read(
        `sort=name&order=asc&locale=ru&limit=7${cursor ? `&cursor=${cursor}` : ""}`,
      );
      paged.push(...answer.items.map((item) => `${item.first_name} ${item.last_name}`));
      if (answer.next_cursor === null) break;
      cursor = answer.next_cursor;
    }
    expect(paged).toHaveLength(TG_PEOPLE);
    expect(paged).toEqual(
      [...paged].sort(new Intl.Collator("ru", { sensitivity: "base" }).compare),
    );
    const unknown = await browser.request("GET", "/directory/1001/people?sort=name&locale=xx");
    expect(unknown.status).toBe(400);
    const bad = await browser.request("GET", "/directory/1001/people?sort=age");
    expect(bad.status).toBe(400);
  });
});

describe("what passes through /api updates the directory", () => {
  it("vars/set and vars/del change the person's variables at once", async () => {
    const support = await as("sam");
    const userId = tgUserId(4);
    expect(
      (
        await support.call("vars/set", {
          group_id: 1001,
          tg_user_id: userId,
          name: "note",
          value: "VIP",
        })
      ).body.success,
    ).toBe(true);
    const person = await until(async () => {
      const answer = await support.request("GET", `/directory/1001/people/${String(userId)}`);
      const parsed = directoryPersonResponse.parse(answer.body).person;
      return parsed.variables.some((item) => item.name === "note") ? parsed : undefined;
    }, "the variable in the directory");
    expect(person.variables).toContainEqual({ name: "note", value: "VIP" });
    await support.call("vars/del", { group_id: 1001, tg_user_id: userId, name: "note" });
    await until(async () => {
      const answer = await support.request("GET", `/directory/1001/people/${String(userId)}`);
      const parsed = directoryPersonResponse.parse(answer.body).person;
      return parsed.variables.some((item) => item.name === "note") ? undefined : true;
    }, "the variable gone from the directory");
  });

  it("a bot started from here is remembered for the person", async () => {
    const support = await as("sam");
    const userId = tgUserId(3);
    const started = await support.call("bots/addSubscriber", {
      group_id: 1001,
      tg_user_id: userId,
      bot_id: 21,
      step_id: "b2",
    });
    expect(started.body.success).toBe(true);
    const person = await until(async () => {
      const answer = await support.request("GET", `/directory/1001/people/${String(userId)}`);
      return directoryPersonResponse.parse(answer.body).person.last_bot ?? undefined;
    }, "the bot run");
    expect(person).toMatchObject({ action: "start", bot_id: 21, step_id: "b2", by: "sam" });
  });

  it("a page of subscribers/get refreshes the people on it", async () => {
    gateway.localDb
      ?.prepare("UPDATE subscribers SET photo = 'https://example.com/new.jpg' WHERE user_id = ?")
      .run(vkUserId(1));
    const vera = await as("vera");
    await vera.call("subscribers/get", { group_id: 1002, count: 5 });
    await until(async () => {
      const answer = await vera.request("GET", `/directory/1002/people/${String(vkUserId(1))}`);
      const { person } = directoryPersonResponse.parse(answer.body);
      return person.photo === "https://example.com/new.jpg" ? true : undefined;
    }, "the new photo");
  });
});

describe("WebHooks from the local Channel API", () => {
  it("a subscribe event reaches the person's history within a second", async () => {
    const admin = await as("ada");
    const userId = tgUserId(TG_PEOPLE);
    const started = Date.now();
    const added = await admin.call("subscribers/add", {
      group_id: 1001,
      tg_user_id: userId,
      subscription_id: 2,
    });
    expect(added.body.success).toBe(true);
    const person = await until(
      async () => {
        const answer = await admin.request("GET", `/directory/1001/people/${String(userId)}`);
        const parsed = directoryPersonResponse.parse(answer.body).person;
        return parsed.history.length > 0 ? parsed : undefined;
      },
      "the hook's event",
      3000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(person.history[0]).toMatchObject({
      type: "subscribe",
      subscription_id: 2,
      source: "api",
    });
    expect(person.subscriptions.map((item) => item.subscription_id)).toContain(2);
    expect((await status(1001)).hooks.last_event_at).not.toBeNull();
  });

  it("refuses a wrong secret with a 404 and logs it without the body", async () => {
    const body = JSON.stringify({ type: "subscribe", secret: "body-secret-xyz" });
    const answer = await fetch(`${gateway.url}/hooks/1001/not-the-secret`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { reason?: string }).reason).toBe("hook-refused");
    const line = logged.find((entry) => entry.includes("wrong secret for channel 1001"));
    expect(line).toBeDefined();
    expect(logged.join("\n")).not.toContain("body-secret-xyz");
  });
});
