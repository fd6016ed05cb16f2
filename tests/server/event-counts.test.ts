import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatApiDateTime } from "../../src/contract/datetime";
import { generateDemo } from "../../server/channel-api/demo/generate";
import type { Db } from "../../server/channel-api/store/database";
import { type Auth, expectOk } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";

/**
 * subscribers/statCount and utms/statCount sum whole hours from the rollup `event_counts` and
 * count the edges from the events. Whatever the period and filters, the answer must equal a
 * plain count of the events, also after writes that go through the rollup's triggers.
 */

const NOW_MS = Date.UTC(2026, 9, 30, 12, 0, 0);
const NOW = NOW_MS / 1000;
const DAY = 86_400;
const tg: Auth = { token: "demo-tg-token", groupId: 1001 };
const ZONE = "Europe/Moscow";

let api: RunningChannelApi;
let subscriptionIds: number[];
let utmIds: number[];

function direct(db: Db, from: number, to: number, subs?: number[], utms?: number[]) {
  const rows = db
    .prepare(
      `SELECT coalesce(utm_id, 0) AS utm_id, action, subscription_id FROM subscription_events
        WHERE channel_id = 1001 AND at BETWEEN ? AND ?`,
    )
    .all(from, to) as { utm_id: number; action: number; subscription_id: number }[];
  const kept = rows.filter(
    (row) =>
      (subs === undefined || subs.includes(row.subscription_id)) &&
      (utms === undefined || utms.includes(row.utm_id)),
  );
  const perTag = new Map<number, [number, number]>();
  for (const row of kept) {
    if (row.utm_id === 0) continue;
    const counts = perTag.get(row.utm_id) ?? [0, 0];
    counts[row.action - 1] = (counts[row.action - 1] ?? 0) + 1;
    perTag.set(row.utm_id, counts);
  }
  return {
    subscribed: kept.filter((row) => row.action === 1).length,
    unsubscribed: kept.filter((row) => row.action === 2).length,
    perTag: [...perTag]
      .sort(([a], [b]) => a - b)
      .map(([utm_id, [s, u]]) => ({ utm_id, count_subscribe: s, count_unsubscribe: u })),
  };
}

const periodArb = fc
  .tuple(fc.integer({ min: NOW - 95 * DAY, max: NOW }), fc.integer({ min: 0, max: 40 * DAY }))
  .map(([from, length]) => ({ from, to: Math.min(from + length, NOW + DAY) }));

async function checkPeriod(
  period: { from: number; to: number },
  subs: number[] | undefined,
  utms: number[] | undefined,
) {
  const params = {
    date_from: formatApiDateTime(period.from * 1000, ZONE),
    date_to: formatApiDateTime(period.to * 1000, ZONE),
    ...(subs === undefined ? {} : { subscription_id: subs }),
    ...(utms === undefined ? {} : { utm_id: utms }),
  };
  const expected = direct(api.db, period.from, period.to, subs, utms);
  const count = await expectOk(api.url, tg, "subscribers/statCount", params);
  expect([count.count_subscribe, count.count_unsubscribe]).toEqual([
    expected.subscribed,
    expected.unsubscribed,
  ]);
  const perTag = await expectOk(api.url, tg, "utms/statCount", params);
  expect(perTag.items).toEqual(expected.perTag);
}

describe("event counts from the hourly rollup", () => {
  beforeAll(async () => {
    api = await startChannelApi({
      now: () => NOW,
      seed: (db) => generateDemo(db, { subscribers: 3000, seed: 11, now: NOW_MS }),
    });
    subscriptionIds = api.db
      .prepare("SELECT id FROM subscriptions WHERE channel_id = 1001")
      .pluck()
      .all() as number[];
    utmIds = api.db
      .prepare("SELECT id FROM utm_tags WHERE channel_id = 1001")
      .pluck()
      .all() as number[];
  });
  afterAll(async () => {
    await api.close();
  });

  it("holds every event of the generated data once", () => {
    const rollup = api.db.prepare("SELECT sum(n) FROM event_counts").pluck().get() as number;
    const events = api.db
      .prepare("SELECT count(*) FROM subscription_events")
      .pluck()
      .get() as number;
    expect(events).toBeGreaterThan(1000);
    expect(rollup).toBe(events);
  });

  it("answers like a plain count for any period and filters", async () => {
    await fc.assert(
      fc.asyncProperty(
        periodArb,
        fc.option(fc.subarray(subscriptionIds, { minLength: 1 }), { nil: undefined }),
        fc.option(fc.subarray(utmIds, { minLength: 1 }), { nil: undefined }),
        checkPeriod,
      ),
      { numRuns: 60 },
    );
  });

  it("stays exact after subscribe, unsubscribe and deletion of events", async () => {
    const people = api.db
      .prepare("SELECT user_id FROM subscribers WHERE channel_id = 1001 ORDER BY id LIMIT 40")
      .pluck()
      .all() as number[];
    const [first, second] = subscriptionIds;
    const [utm] = utmIds;
    if (first === undefined || second === undefined || utm === undefined) {
      throw new Error("the demo data has too few subscriptions or tags");
    }
    for (const person of people.slice(0, 10)) {
      await expectOk(api.url, tg, "subscribers/del", { subscription_id: 0, tg_user_id: person });
    }
    await expectOk(api.url, tg, "subscribers/add", {
      subscription_id: second,
      utm_id: utm,
      tg_user_id: people,
    });
    api.db.prepare("DELETE FROM subscribers WHERE user_id = ?").run(people[0]);

    const rollup = api.db.prepare("SELECT sum(n) FROM event_counts").pluck().get() as number;
    const events = api.db
      .prepare("SELECT count(*) FROM subscription_events")
      .pluck()
      .get() as number;
    expect(rollup).toBe(events);
    await checkPeriod({ from: NOW - 30 * DAY, to: NOW + 60 }, undefined, undefined);
    await checkPeriod({ from: NOW - 7 * DAY + 1234, to: NOW + 60 }, [second], [utm]);
  });
});
