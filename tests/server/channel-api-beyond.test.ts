import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { operations, type RequestOf } from "../../src/contract/operations";
import { type Answer, callOp, expectOk, failureOf } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";
import { seedChannels, TG_PEOPLE, tgUserId } from "../support/seed";
import { wholeYear } from "../support/valid-requests";

/** The operations beyond the seed (api-facts.md), on the small exact data set. */

const tg = { token: seedChannels.tg.token, groupId: seedChannels.tg.groupId };
const vk = { token: seedChannels.vk.token, groupId: seedChannels.vk.groupId };
let api: RunningChannelApi;
beforeEach(async () => {
  api = await startChannelApi();
});
afterEach(async () => {
  await api.close();
});

function refused(answer: Answer, code: number, mentions: string) {
  expect(answer.status, answer.text).toBe(200);
  const failure = failureOf(answer);
  expect(failure.error_code, answer.text).toBe(code);
  expect(failure.error_message).toContain(mentions);
}

describe("utms/add, edit, del and utms/get by id", () => {
  it("makes a tag with a name only, renames it and deletes it", async () => {
    const { utm_id } = await expectOk(api.url, tg, "utms/add", {
      name: "  Black Friday — VK Ads ",
    });
    const listed = await expectOk(api.url, tg, "utms/get", { utm_id: [utm_id] });
    expect(listed).toMatchObject({
      count: 1,
      items: [{ utm_id, name: "Black Friday — VK Ads", subscription_id: 0, count: 0 }],
    });
    await expectOk(api.url, tg, "utms/edit", { utm_id, name: "Black Friday — Telegram Ads" });
    expect((await expectOk(api.url, tg, "utms/get", { utm_id: [utm_id] })).items[0]?.name).toBe(
      "Black Friday — Telegram Ads",
    );
    await expectOk(api.url, tg, "utms/del", { utm_id });
    expect(await expectOk(api.url, tg, "utms/get", { utm_id: [utm_id] })).toMatchObject({
      count: 0,
      items: [],
    });
    refused(await callOp(api.url, tg, "utms/del", { utm_id }), 8, "utm_id");
  });

  it("deleting a tag keeps its past events under its id; its name and people's links go", async () => {
    const before = await expectOk(api.url, tg, "utms/statCount", { ...wholeYear, utm_id: [11] });
    await expectOk(api.url, tg, "utms/del", { utm_id: 11 });
    expect(await expectOk(api.url, tg, "utms/statCount", { ...wholeYear, utm_id: [11] })).toEqual(
      before,
    );
    const events = await expectOk(api.url, tg, "utms/statSubscribe", {
      ...wholeYear,
      utm_id: [11],
      count: 100,
    });
    expect(events.items).toHaveLength(9);
    expect(events.items.every((e) => e.utm_id === 11 && e.utm_source === "")).toBe(true);
    const tags = await expectOk(api.url, tg, "utms/get", {});
    expect(tags.items.map((t) => t.utm_id)).toEqual([12]);
    const people = await expectOk(api.url, tg, "subscribers/get", { count: 100 });
    expect(people.items.some((p) => p.utms.some((u) => u.utm_id === 11))).toBe(false);
  });

  it("refuses a missing or empty name, an unknown tag or one of another channel", async () => {
    refused(await callOp(api.url, tg, "utms/add", {}), 1, "name");
    refused(await callOp(api.url, tg, "utms/add", { name: "   " }), 12, "name");
    refused(await callOp(api.url, tg, "utms/add", { name: "x".repeat(256) }), 12, "name");
    refused(await callOp(api.url, tg, "utms/edit", { utm_id: 13, name: "x" }), 8, "utm_id");
    refused(await callOp(api.url, tg, "utms/del", { utm_id: 999 }), 8, "utm_id");
    refused(await callOp(api.url, tg, "utms/edit", { utm_id: 11 }), 1, "name");
  });
});

describe("utms/statSubscribe by action and person", () => {
  it("takes action 1, 2 or 0 (both) and the person's id", async () => {
    await expectOk(api.url, tg, "subscribers/add", {
      tg_user_id: tgUserId(30),
      subscription_id: 2,
      utm_id: 12,
    });
    api.db
      .prepare(
        `INSERT INTO subscription_events (channel_id, subscriber_id, subscription_id, action, source, utm_id, at)
         SELECT 1001, id, 2, 2, 'api', 12, ? FROM subscribers WHERE user_id = ?`,
      )
      .run(Date.UTC(2026, 2, 15, 12, 30) / 1000, tgUserId(30));
    const all = await expectOk(api.url, tg, "utms/statSubscribe", { ...wholeYear, count: 100 });
    const subscribed = await expectOk(api.url, tg, "utms/statSubscribe", {
      ...wholeYear,
      count: 100,
      action: 1,
    });
    const unsubscribed = await expectOk(api.url, tg, "utms/statSubscribe", {
      ...wholeYear,
      count: 100,
      action: 2,
    });
    expect(subscribed.items.every((e) => e.action === 1)).toBe(true);
    expect(unsubscribed.items.map((e) => e.action)).toEqual([2]);
    expect(subscribed.count).toBe(all.items.filter((e) => e.action === 1).length);
    expect((subscribed.count ?? 0) + (unsubscribed.count ?? 0)).toBe(all.count);
    expect(
      (await expectOk(api.url, tg, "utms/statSubscribe", { ...wholeYear, count: 100, action: 0 }))
        .items,
    ).toEqual(all.items);
    const person = await expectOk(api.url, tg, "utms/statSubscribe", {
      ...wholeYear,
      count: 100,
      tg_user_id: [tgUserId(30)],
    });
    expect(person.items.map((e) => e.action)).toEqual([1, 2]);
    refused(
      await callOp(api.url, tg, "utms/statSubscribe", { ...wholeYear, action: 3 }),
      12,
      "action",
    );
  });
});

describe("vars_global", () => {
  it("sets, lists in name order, reads one, deletes; channels apart", async () => {
    await expectOk(api.url, tg, "vars_global/set", { name: "promo", value: "AUTUMN10" });
    await expectOk(api.url, tg, "vars_global/set", { name: "address", value: "Тверская, 1" });
    await expectOk(api.url, tg, "vars_global/set", { name: "promo", value: "WINTER5" });
    expect((await expectOk(api.url, tg, "vars_global/get", {})).items).toEqual([
      { name: "address", value: "Тверская, 1" },
      { name: "promo", value: "WINTER5" },
    ]);
    expect((await expectOk(api.url, tg, "vars_global/get", { name: "promo" })).items).toEqual([
      { name: "promo", value: "WINTER5" },
    ]);
    expect((await expectOk(api.url, vk, "vars_global/get", {})).items).toEqual([]);
    await expectOk(api.url, tg, "vars_global/del", { name: "promo" });
    await expectOk(api.url, tg, "vars_global/del", { name: "never_set" });
    expect((await expectOk(api.url, tg, "vars_global/get", {})).items).toHaveLength(1);
  });

  it("refuses what vars/set refuses: 11 for a bad name, 12 for a long value, 1 when missing", async () => {
    refused(
      await callOp(api.url, tg, "vars_global/set", { name: "адрес", value: "x" }),
      11,
      "name",
    );
    refused(
      await callOp(api.url, tg, "vars_global/set", { name: "a", value: "x".repeat(4097) }),
      12,
      "value",
    );
    refused(await callOp(api.url, tg, "vars_global/set", { name: "a" }), 1, "value");
    refused(await callOp(api.url, tg, "vars_global/del", {}), 1, "name");
  });
});

describe("subscriptions/add, edit, del and get", () => {
  const settings: RequestOf<"subscriptions/add"> & { inactive: 0 | 1; limit_period: 0 | 1 } = {
    name: "Autumn",
    title: "Autumn news",
    btn_ok: "Subscribe",
    btn_cancel: "Not now",
    inactive: 0,
    hide_subscriptions: 1,
    disabled_notify: 1,
    short_description: "Once a week",
    description: "The best of the week, every Friday.",
    vk_pixel: "VK-RTRG-123456-abcde",
    fb_pixel: "1234567890",
    ya_metrica: "98765432",
    ga_metrica: "G-ABC123",
    url_after_subscribing: "https://example.com/thanks",
    url_after_unsubscribing: "https://example.com/bye",
    limit_period: 1,
    limit_period_from: "1.9.2026",
    limit_period_to: "30.11.2026 23:59:59",
    exclude_subscription_id: [2, 1, 2],
    bot_ids: [21],
  };

  it("keeps every setting, returns it with the member count, and edits only what is sent", async () => {
    const { subscription_id } = await expectOk(api.url, tg, "subscriptions/add", settings);
    const list = await expectOk(api.url, tg, "subscriptions/get", {});
    expect(list.count).toBe(3);
    const item = list.items.find((s) => s.subscription_id === subscription_id);
    expect(item).toEqual({
      subscription_id,
      ...settings,
      limit_period_from: "01.09.2026 00:00:00",
      limit_period_to: "30.11.2026 23:59:59",
      exclude_subscription_id: [1, 2],
      count_subscribers: 0,
    });
    expect(list.items.find((s) => s.subscription_id === 1)?.count_subscribers).toBe(TG_PEOPLE - 1);

    await expectOk(api.url, tg, "subscriptions/edit", {
      subscription_id,
      inactive: 1,
      url_after_subscribing: "",
    });
    const edited = (await expectOk(api.url, tg, "subscriptions/get", {})).items.find(
      (s) => s.subscription_id === subscription_id,
    );
    expect(edited).toMatchObject({
      name: "Autumn",
      inactive: 1,
      url_after_subscribing: "",
      title: "Autumn news",
    });
    await expectOk(api.url, tg, "subscribers/add", { tg_user_id: tgUserId(30), subscription_id });
    expect(
      (await expectOk(api.url, tg, "subscriptions/get", {})).items.find(
        (s) => s.subscription_id === subscription_id,
      )?.count_subscribers,
    ).toBe(1);
  });

  it("deletes a subscription: members leave with events, its tags go, others stop excluding it", async () => {
    const other = await expectOk(api.url, tg, "subscriptions/add", {
      name: "Other",
      exclude_subscription_id: [2],
    });
    const today = { date_from: "15.03.2026 00:00:00", date_to: "15.03.2026 23:59:59" };
    await expectOk(api.url, tg, "subscriptions/del", { subscription_id: 2 });
    expect(await expectOk(api.url, tg, "subscribers/statCount", today)).toMatchObject({
      count_unsubscribe: 3,
    });
    expect(
      await expectOk(api.url, tg, "subscribers/subscribersCount", { subscription_id: [2] }),
    ).toMatchObject({ count: 0 });
    const tags = await expectOk(api.url, tg, "utms/get", {});
    expect(tags.items.map((t) => t.utm_id)).toEqual([11]);
    const list = await expectOk(api.url, tg, "subscriptions/get", {});
    expect(list.items.map((s) => s.subscription_id)).toEqual([1, other.subscription_id]);
    expect(list.items[1]?.exclude_subscription_id).toEqual([]);
    refused(await callOp(api.url, tg, "subscriptions/del", { subscription_id: 2 }), 7, "2");
  });

  it("refuses: 1 missing name or period dates, 7 unknown subscription, 10 unknown bot, 12 bad values", async () => {
    refused(await callOp(api.url, tg, "subscriptions/add", { title: "x" }), 1, "name");
    refused(
      await callOp(api.url, tg, "subscriptions/add", { name: "x", limit_period: 1 }),
      1,
      "limit_period_from",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", {
        name: "x",
        limit_period_from: "02.09.2026",
        limit_period_to: "01.09.2026",
      }),
      12,
      "limit_period_from",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", {
        name: "x",
        url_after_subscribing: "javascript:alert(1)",
      }),
      12,
      "url_after_subscribing",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", { name: "x", btn_ok: "x".repeat(65) }),
      12,
      "btn_ok",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", { name: "x", inactive: 2 }),
      12,
      "inactive",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", { name: "x", exclude_subscription_id: [3] }),
      7,
      "exclude_subscription_id",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/add", { name: "x", bot_ids: [22] }),
      10,
      "bot_ids",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/edit", {
        subscription_id: 1,
        exclude_subscription_id: [1],
      }),
      12,
      "itself",
    );
    refused(
      await callOp(api.url, tg, "subscriptions/edit", { subscription_id: 3, name: "x" }),
      7,
      "3",
    );
    refused(await callOp(api.url, vk, "subscriptions/del", { subscription_id: 1 }), 7, "1");
    expect((await expectOk(api.url, tg, "subscriptions/get", {})).count).toBe(2);
  });
});

describe("bots/getSteps", () => {
  it("lists steps in bot order with their kind and run count; one step by step_id", async () => {
    const steps = await expectOk(api.url, tg, "bots/getSteps", { bot_id: 21 });
    expect(steps).toEqual({
      success: true,
      count: 2,
      items: [
        { step_id: "a1", title: "Hello", type: "message", lead_inc: 0 },
        { step_id: "b2", title: "Offer", type: "message", lead_inc: 0 },
      ],
    });
    await expectOk(api.url, tg, "bots/addSubscriber", {
      tg_user_id: tgUserId(4),
      bot_id: 21,
      step_id: "b2",
    });
    expect(await expectOk(api.url, tg, "bots/getSteps", { bot_id: 21, step_id: "b2" })).toEqual({
      success: true,
      count: 1,
      items: [{ step_id: "b2", title: "Offer", type: "message", lead_inc: 1 }],
    });
    expect(
      (await expectOk(api.url, tg, "bots/getSteps", { bot_id: 21, count: 1, offset: 1 })).items,
    ).toHaveLength(1);
  });

  it("refuses a missing bot (1), an unknown one or one of another channel (10)", async () => {
    refused(await callOp(api.url, tg, "bots/getSteps", {}), 1, "bot_id");
    refused(await callOp(api.url, tg, "bots/getSteps", { bot_id: 22 }), 10, "bot_id");
    refused(await callOp(api.url, tg, "bots/getSteps", { bot_id: 21, count: 0 }), 12, "count");
  });
});

describe("deliveries/get counters and filters, deliveries/stat is_read", () => {
  it("counts agree with the delivery records, as strings of digits", async () => {
    // Three of the eight sent records were read, one of them clicked; trigger-kept counters.
    api.db
      .prepare(
        `UPDATE delivery_records SET is_read = 1,
                clicked_at = CASE WHEN subscriber_id = 1 THEN at + 60 END
          WHERE delivery_id = 31 AND subscriber_id IN (1, 2, 3)`,
      )
      .run();
    const list = await expectOk(api.url, tg, "deliveries/get", {});
    expect(list.items).toEqual([
      {
        delivery_id: 31,
        name: "March sale",
        type: "subscription",
        status: "done",
        date: "05.03.2026 15:00:00",
        inactive: "0",
        count_recipients: "10",
        count_send: "8",
        count_error: "2",
        count_transits: "1",
        count_read: "3",
        count_unsubscribers: "0",
      },
    ]);
    const records = await expectOk(api.url, tg, "deliveries/stat", {
      ...wholeYear,
      count: 100,
      delivery_id: [31],
    });
    expect(records.items).toHaveLength(10);
    expect(records.items.filter((r) => r.error === 0)).toHaveLength(8);
    expect(records.items.filter((r) => r.is_read === 1)).toHaveLength(3);
    expect(records.items.every((r) => r.is_read === 0 || r.is_read === 1)).toBe(true);
  });

  it("counts a recipient who unsubscribed within 24 hours after the delivery", async () => {
    api.db
      .prepare("UPDATE delivery_records SET at = ? WHERE delivery_id = 31 AND subscriber_id = 1")
      .run(Date.UTC(2026, 2, 14, 13) / 1000);
    await expectOk(api.url, tg, "subscribers/del", { tg_user_id: tgUserId(1), subscription_id: 2 });
    const [item] = (await expectOk(api.url, tg, "deliveries/get", {})).items;
    expect(item?.count_unsubscribers).toBe("1");
  });

  it("filters by id, type and status; refuses an unknown type", async () => {
    api.db
      .prepare(
        "INSERT INTO deliveries (id, channel_id, name, type, status, inactive, created_at) VALUES (32, 1001, 'Welcome chain', 'chain', 'progress', 1, 0)",
      )
      .run();
    const ids = async (params: Record<string, unknown>) => {
      const answer = await expectOk(api.url, tg, "deliveries/get", params);
      return [answer.count, answer.items.map((d) => d.delivery_id)];
    };
    expect(await ids({})).toEqual([2, [31, 32]]);
    expect(await ids({ type: ["chain"] })).toEqual([1, [32]]);
    expect(await ids({ status: ["done", "waiting"] })).toEqual([1, [31]]);
    expect(await ids({ delivery_id: [32, 99] })).toEqual([1, [32]]);
    expect(await ids({ type: ["chain"], status: ["done"] })).toEqual([0, []]);
    const chain = (await expectOk(api.url, tg, "deliveries/get", { type: ["chain"] })).items[0];
    expect(chain).toMatchObject({ inactive: "1", count_recipients: "0" });
    refused(await callOp(api.url, tg, "deliveries/get", { type: ["mass"] }), 12, "type");
  });

  it("answers in the contract's shapes", async () => {
    const answer = await callOp(api.url, tg, "deliveries/get", {});
    expect(operations["deliveries/get"].response.safeParse(answer.body).success).toBe(true);
  });
});
