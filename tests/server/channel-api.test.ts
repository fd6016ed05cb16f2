import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  operationIds,
  operations,
  type OperationId,
  type RequestOf,
} from "../../src/contract/operations";
import { type Answer, callOp, expectOk, failureOf, post } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { seedChannels, TG_PEOPLE, tgUserId, VK_PEOPLE, vkUserId } from "../support/seed";
import { validRequests, wholeYear } from "../support/valid-requests";

const tg = { token: seedChannels.tg.token, groupId: seedChannels.tg.groupId };
const vk = { token: seedChannels.vk.token, groupId: seedChannels.vk.groupId };
let api: RunningChannelApi;
beforeAll(async () => {
  api = await startChannelApi();
});
afterAll(async () => {
  await api.close();
});

function expectFailure(answer: Answer, code: number, mentions?: string, status = 200) {
  expect(answer.status, answer.text).toBe(status);
  const failure = failureOf(answer);
  expect(failure.error_code, answer.text).toBe(code);
  if (mentions !== undefined) expect(failure.error_message).toContain(mentions);
  expect(answer.text).not.toMatch(/\bat .+:\d+:\d+/);
  return failure;
}

describe("every operation", () => {
  it.each(operationIds)("%s answers what the contract accepts", async (op) => {
    const answer = await callOp(api.url, tg, op, validRequests[op]);
    expect(answer.status, answer.text).toBe(200);
    const parsed = operations[op].response.safeParse(answer.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("matches method names in any letter case", async () => {
    const answer = await post(api.url, "/api/SUBSCRIBERS/StatCount", {
      access_token: tg.token,
      v: 2,
      group_id: tg.groupId,
      ...wholeYear,
    });
    expect(answer.body.success).toBe(true);
  });
});

describe("what real clients send", () => {
  const request = { date_from: "01.01.2026", date_to: "31.12.2026 23:59:59" };

  async function viaJson() {
    return callOp(api.url, tg, "subscribers/statCount", { ...request, subscription_id: [2] });
  }

  it("gives the same answer for JSON, urlencoded, multipart, query-string auth and Bearer", async () => {
    const expected = (await viaJson()).body;
    expect(expected).toMatchObject({ success: true, count_subscribe: 5, count_unsubscribe: 2 });

    const form = new URLSearchParams({
      access_token: tg.token,
      v: "2",
      group_id: String(tg.groupId),
      ...request,
      "subscription_id[]": "2",
    });
    expect((await post(api.url, "/api/subscribers/statCount", form)).body).toEqual(expected);

    const multipart = new FormData();
    for (const [key, value] of Object.entries(request)) multipart.append(key, value);
    multipart.append("subscription_id[0]", "2");
    const query = `access_token=${tg.token}&v=2&group_id=${String(tg.groupId)}`;
    expect((await post(api.url, `/api/subscribers/statCount?${query}`, multipart)).body).toEqual(
      expected,
    );

    const bearer = await post(
      api.url,
      "/api/subscribers/statCount",
      { v: "2.0", vk_group_id: String(tg.groupId), ...request, subscription_id: 2 },
      { authorization: `Bearer ${tg.token}` },
    );
    expect(bearer.body).toEqual(expected);
  });

  it("takes arrays as key[], key[n], JSON arrays or a lone scalar", async () => {
    const both = { ...request, subscription_id: [1, 2] };
    const expected = (await callOp(api.url, tg, "subscribers/statCount", both)).body;
    const auth = { access_token: tg.token, v: "2", group_id: String(tg.groupId), ...request };
    const repeated = new URLSearchParams(auth);
    repeated.append("subscription_id[]", "1");
    repeated.append("subscription_id[]", "2");
    const indexed = new URLSearchParams(auth);
    indexed.append("subscription_id[1]", "2");
    indexed.append("subscription_id[0]", "1");
    const jsonText = new URLSearchParams({ ...auth, subscription_id: "[1,2]" });
    for (const body of [repeated, indexed, jsonText]) {
      expect((await post(api.url, "/api/subscribers/statCount", body)).body).toEqual(expected);
    }
  });

  it("reads every date form of api-facts.md the same way", async () => {
    // The 14th of March in Moscow, before any test writes "today" (the 15th).
    const forms = [
      { date_from: "14.03.2026 00:00:00", date_to: "14.03.2026 23:59:59" },
      { date_from: "14.3.2026 0:00:00", date_to: "14.3.2026 23:59:59" },
      { date_from: "14.03.2026", date_to: "14.03.2026 23:59:59" },
      { date_from: "2026-03-13T21:00:00.000Z", date_to: "2026-03-14T20:59:59Z" },
    ];
    const answers = await Promise.all(
      forms.map(async (form) => (await callOp(api.url, tg, "subscribers/statCount", form)).body),
    );
    expect(answers[0]).toMatchObject({ success: true, count_subscribe: 2, count_unsubscribe: 1 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});

describe("errors", () => {
  it("1: a missing field, named", async () => {
    expectFailure(
      await callOp(api.url, tg, "vars/set", { tg_user_id: tgUserId(1), name: "x" }),
      1,
      "value",
    );
    expectFailure(await callOp(api.url, tg, "vars/get", {}), 1, "tg_user_id");
    expectFailure(
      await post(api.url, "/api/groups/get", { v: 2, group_id: 1001 }),
      1,
      "access_token",
    );
    expectFailure(
      await post(api.url, "/api/groups/get", { access_token: tg.token, group_id: 1001 }),
      1,
      "v",
    );
    expectFailure(
      await post(api.url, "/api/groups/get", { access_token: tg.token, v: 2 }),
      1,
      "group_id",
    );
  });

  it("12: a bad value, named", async () => {
    expectFailure(await callOp(api.url, tg, "subscribers/get", { count: 101 }), 12, "count");
    expectFailure(await callOp(api.url, tg, "subscribers/get", { count: 0 }), 12, "count");
    expectFailure(
      await callOp(api.url, tg, "subscribers/statCount", {
        date_from: "32.01.2026",
        date_to: "01.02.2026",
      }),
      12,
      "date_from",
    );
    expectFailure(
      await callOp(api.url, tg, "subscribers/statCount", {
        date_from: "02.02.2026",
        date_to: "01.02.2026",
      }),
      12,
      "date_from",
    );
    expectFailure(
      await callOp(api.url, tg, "subscribers/statCount", { ...wholeYear, subscription_id: ["x"] }),
      12,
      "subscription_id[0]",
    );
    expectFailure(
      await post(api.url, "/api/groups/get", { access_token: tg.token, v: 3, group_id: 1001 }),
      12,
      "v",
    );
    expectFailure(await callOp(api.url, tg, "vars/get", { vk_user_id: 5 }), 12, "tg_user_id");
    expectFailure(
      await callOp(api.url, tg, "subscribers/add", { tg_user_id: 1, subscription_id: 3 }),
      12,
      "subscription_id",
    );
  });

  it("13 and 14: unknown token, and a token used for another channel", async () => {
    expectFailure(await callOp(api.url, { token: "nope", groupId: 1001 }, "groups/get", {}), 13);
    expectFailure(
      await callOp(api.url, { token: vk.token, groupId: tg.groupId }, "groups/get", {}),
      14,
    );
  });

  it("11, 10, 8, 5: variable name, bot, UTM tag, person", async () => {
    expectFailure(
      await callOp(api.url, tg, "vars/set", { tg_user_id: tgUserId(1), name: "Город", value: "x" }),
      11,
      "name",
    );
    expectFailure(
      await callOp(api.url, tg, "bots/addSubscriber", { tg_user_id: tgUserId(1), bot_id: 22 }),
      10,
      "bot_id",
    );
    expectFailure(
      await callOp(api.url, tg, "utms/getLink", { utm_id: 13, subscription_id: 1 }),
      8,
      "utm_id",
    );
    expectFailure(await callOp(api.url, tg, "vars/get", { tg_user_id: 42 }), 5, "42");
  });

  it("404, 413, 415 and malformed bodies carry the same JSON body", async () => {
    expectFailure(
      await callOp(api.url, tg, "subscribers/nothing" as OperationId, {}),
      0,
      "subscribers/nothing",
      404,
    );
    const get = await fetch(`${api.url}/api/groups/get`);
    expect(get.status).toBe(404);
    expect(
      failureOf({ status: 404, text: "", body: (await get.json()) as Record<string, unknown> })
        .error_code,
    ).toBe(0);
    expectFailure(
      await post(api.url, "/api/groups/get", { pad: "x".repeat(1_100_000) }),
      0,
      "larger",
      413,
    );
    expectFailure(
      await post(api.url, "/api/groups/get", "hello", { "content-type": "text/plain" }),
      0,
      "content type",
      415,
    );
    expectFailure(
      await post(api.url, "/api/groups/get", "{not json", { "content-type": "application/json" }),
      12,
      "JSON",
      400,
    );
    expectFailure(
      await post(api.url, "/api/groups/get", "[1,2]", { "content-type": "application/json" }),
      12,
      "object",
      400,
    );
  });

  it("9: beyond the rate limit, per token", async () => {
    const limited = await startChannelApi({ rateLimit: 5 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => callOp(limited.url, tg, "groups/get", {})),
      );
      const codes = answers.map((answer) => (answer.body.success ? "ok" : answer.body.error_code));
      expect(codes.filter((code) => code === "ok")).toHaveLength(5);
      expect(codes.filter((code) => code === 9)).toHaveLength(3);
      // Another token has its own budget.
      expect((await callOp(limited.url, vk, "groups/get", {})).body.success).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it("500 hides the error behind the same body", async () => {
    const reported: unknown[] = [];
    const broken = await startChannelApi({ onInternalError: (error) => reported.push(error) });
    broken.db.exec("DROP TABLE variables");
    try {
      const answer = await callOp(broken.url, tg, "vars/get", { tg_user_id: tgUserId(1) });
      expectFailure(answer, 0, "internal error", 500);
      expect(answer.text).not.toContain("variables");
      expect(reported).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});

describe("channels are apart", () => {
  it("a token reads only its own channel", async () => {
    const people = await expectOk(api.url, vk, "subscribers/get", { count: 100 });
    expect(people.items).toHaveLength(VK_PEOPLE);
    expect(people.items.every((person) => person.vk_user_id !== undefined)).toBe(true);
    expectFailure(await callOp(api.url, vk, "vars/get", { vk_user_id: tgUserId(1) }), 5);
    const count = await expectOk(api.url, vk, "subscribers/statCount", wholeYear);
    expect(count).toMatchObject({ count_subscribe: VK_PEOPLE, count_unsubscribe: 0 });
    expectFailure(
      await callOp(api.url, vk, "bots/addSubscriber", { vk_user_id: vkUserId(1), bot_id: 21 }),
      10,
    );
  });
});

describe("semantics", () => {
  it("pages subscribers by cursor, visiting each once while others are added", async () => {
    const run = await startChannelApi();
    try {
      const seen: string[] = [];
      let cursor = "";
      let added = 0;
      for (let page = 0; page < 50; page++) {
        const answer = await expectOk(run.url, tg, "subscribers/get", {
          count: 7,
          offset_id: cursor,
        });
        seen.push(...answer.items.map((item) => item.id));
        if (answer.items.length === 0) break;
        cursor = answer.offset_id;
        if (added < 5) {
          run.db
            .prepare(
              `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, created_at)
               VALUES (1001, ?, 'New', 'Person', 0)`,
            )
            .run(800_000_000 + added);
          await callOp(run.url, tg, "subscribers/add", {
            tg_user_id: tgUserId(30),
            subscription_id: 2,
          });
          added++;
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(TG_PEOPLE + added);
    } finally {
      await run.close();
    }
  });

  it("adds, re-adds and removes with events, utm and subscription_id 0", async () => {
    const run = await startChannelApi();
    try {
      const today = { date_from: "15.03.2026 00:00:00", date_to: "15.03.2026 23:59:59" };
      const add = await expectOk(run.url, tg, "subscribers/add", {
        tg_user_id: [tgUserId(30), 123],
        subscription_id: 2,
        utm_id: 12,
      });
      expect(add.subscribers).toEqual([
        { tg_user_id: String(tgUserId(30)), success: true },
        { tg_user_id: "123", success: false, error: "user not found" },
      ]);
      const again = await expectOk(run.url, tg, "subscribers/add", {
        tg_user_id: tgUserId(30),
        subscription_id: 2,
      });
      expect(again.subscribers[0]?.success).toBe(true);
      expect(await expectOk(run.url, tg, "subscribers/statCount", today)).toMatchObject({
        count_subscribe: 1,
      });
      const tagged = await expectOk(run.url, tg, "utms/statCount", { ...today, utm_id: [12] });
      expect(tagged.items).toEqual([{ utm_id: 12, count_subscribe: 1, count_unsubscribe: 0 }]);

      await expectOk(run.url, tg, "subscribers/add", {
        tg_user_id: tgUserId(30),
        subscription_id: 1,
      });
      await expectOk(run.url, tg, "subscribers/del", {
        tg_user_id: tgUserId(30),
        subscription_id: 0,
      });
      expect(await expectOk(run.url, tg, "subscribers/statCount", today)).toMatchObject({
        count_subscribe: 2,
        count_unsubscribe: 2,
      });
      const counted = await expectOk(run.url, tg, "subscribers/subscribersCount", {
        subscription_id: [1, 2],
      });
      expect(counted.count).toBe(TG_PEOPLE - 1);
    } finally {
      await run.close();
    }
  });

  it("counts statistics with every filter", async () => {
    const all = await expectOk(api.url, tg, "subscribers/statCount", wholeYear);
    const news = await expectOk(api.url, tg, "subscribers/statCount", {
      ...wholeYear,
      subscription_id: [1],
    });
    const offers = await expectOk(api.url, tg, "subscribers/statCount", {
      ...wholeYear,
      subscription_id: [2],
    });
    expect(news.count_subscribe + offers.count_subscribe).toBe(all.count_subscribe);
    const spring = await expectOk(api.url, tg, "subscribers/statCount", {
      ...wholeYear,
      utm_id: [11],
    });
    expect(spring.count_subscribe).toBe(9);
    const person = await expectOk(api.url, tg, "subscribers/statCount", {
      ...wholeYear,
      tg_user_id: [tgUserId(2)],
    });
    expect(person).toMatchObject({ count_subscribe: 2, count_unsubscribe: 1 });
    const events = await expectOk(api.url, tg, "subscribers/statSubscribe", {
      ...wholeYear,
      count: 100,
      tg_user_id: tgUserId(2),
    });
    expect(events.items.map((event) => event.action)).toEqual([1, 1, 2]);
    const page2 = await expectOk(api.url, tg, "subscribers/statSubscribe", {
      ...wholeYear,
      count: 2,
      offset: 2,
      tg_user_id: tgUserId(2),
    });
    expect(page2.items).toEqual(events.items.slice(2));
  });

  it("counts subscribers with all four filters", async () => {
    const count = async (params: RequestOf<"subscribers/subscribersCount">) =>
      (await expectOk(api.url, tg, "subscribers/subscribersCount", params)).count;
    expect(await count({})).toBe(TG_PEOPLE);
    expect(await count({ subscription_id: [2] })).toBe(3);
    expect(await count({ lead_status: 2 })).toBe(6);
    expect(await count({ bot_id: 21 })).toBe(1);
    expect(await count({ utm_source: ["instagram"] })).toBe(9);
    expect(await count({ utm_source: ["instagram", "email"] })).toBe(10);
    // Inactive (every fifth) and tagged (every third): 15 and 30, but 30 carries no tag.
    expect(await count({ subscription_id: [1], lead_status: 2, utm_source: ["instagram"] })).toBe(
      1,
    );
  });

  it("keeps variables: set, get, delete", async () => {
    const person = { tg_user_id: tgUserId(9) };
    await expectOk(api.url, tg, "vars/set", {
      ...person,
      name: "promo_code",
      value: "Весна 2026 <b>",
    });
    await expectOk(api.url, tg, "vars/set", { ...person, name: "empty", value: "" });
    expect((await expectOk(api.url, tg, "vars/get", person)).items).toEqual([
      { name: "empty", value: "" },
      { name: "promo_code", value: "Весна 2026 <b>" },
    ]);
    expect(
      (await expectOk(api.url, tg, "vars/get", { ...person, name: "empty" })).items,
    ).toHaveLength(1);
    await expectOk(api.url, tg, "vars/del", { ...person, name: "promo_code" });
    await expectOk(api.url, tg, "vars/del", { ...person, name: "never_set" });
    expect((await expectOk(api.url, tg, "vars/get", person)).items).toEqual([
      { name: "empty", value: "" },
    ]);
    const listed = await expectOk(api.url, tg, "subscribers/get", { count: 1, offset_id: "8" });
    expect(listed.items[0]?.vars).toEqual([{ n: "empty", v: "" }]);
  });

  it("starts and stops bots, restarting only with enforce", async () => {
    const person = { tg_user_id: tgUserId(11), bot_id: 21 };
    await expectOk(api.url, tg, "bots/addSubscriber", { ...person, step_id: "b2" });
    expectFailure(await callOp(api.url, tg, "bots/addSubscriber", person), 12, "enforce");
    await expectOk(api.url, tg, "bots/addSubscriber", { ...person, enforce: 1 });
    expectFailure(
      await callOp(api.url, tg, "bots/addSubscriber", { ...person, step_id: "zz", enforce: 1 }),
      12,
      "step_id",
    );
    await expectOk(api.url, tg, "bots/delSubscriber", person);
    await expectOk(api.url, tg, "bots/delSubscriber", person);
    const bots = await expectOk(api.url, tg, "bots/get", {});
    expect(bots.items[0]?.steps?.map((step) => step.step_id)).toEqual(["a1", "b2"]);
  });

  it("pages delivery records by cursor, in both shapes", async () => {
    const first = await expectOk(api.url, tg, "deliveries/stat", { ...wholeYear, count: 6 });
    const second = await expectOk(api.url, tg, "deliveries/stat", {
      ...wholeYear,
      count: 6,
      offset_id: first.offset_id,
    });
    const third = await expectOk(api.url, tg, "deliveries/stat", {
      ...wholeYear,
      count: 6,
      offset_id: second.offset_id,
    });
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(14);
    expect(third.items).toHaveLength(2);
    const mass = all.filter((record) => "delivery_id" in record);
    const steps = all.filter((record) => "bot_id" in record);
    expect(mass).toHaveLength(10);
    expect(steps).toHaveLength(4);
    expect(mass.every((record) => !("vk_id" in record))).toBe(true);
    expect(steps.every((record) => "vk_id" in record && "step_title" in record)).toBe(true);
    expect(mass.find((record) => record.error === 1)).toMatchObject({ error_code: 400 });
    expect(mass.filter((record) => record.conversation_part_ids)).toHaveLength(1);
    expect(steps.filter((record) => "bot_test" in record && record.bot_test === 1)).toHaveLength(1);
    const byPerson = await expectOk(api.url, tg, "deliveries/stat", {
      ...wholeYear,
      count: 20,
      tg_user_id: [tgUserId(1)],
    });
    expect(byPerson.items).toHaveLength(2);
    expect(byPerson.items.every((record) => "vk_id" in record)).toBe(true);
    const counted = await expectOk(api.url, tg, "deliveries/statCount", {
      ...wholeYear,
      delivery_id: [31],
    });
    expect(counted.count).toBe(10);
  });

  it("builds UTM links and names things", async () => {
    const link = await expectOk(api.url, tg, "utms/getLink", {
      utm_id: 11,
      subscription_id: 1,
      force: 1,
    });
    expect(new URL(link.link).protocol).toBe("https:");
    expect(link.link).toContain("_f");
    const names = await expectOk(api.url, tg, "subscriptions/get", { count: 1, offset: 1 });
    expect(names).toMatchObject({ count: 2, items: [{ subscription_id: 2, name: "Offers" }] });
    const channel = await expectOk(api.url, vk, "groups/get", {});
    expect(channel.item).toMatchObject({ group_id: "1002", type_id: "1", type_name: "vk" });
  });
});
