import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatApiDateTime } from "../../src/contract/datetime";
import type { RequestOf } from "../../src/contract/operations";
import { generateDemo } from "../../server/channel-api/demo/generate";
import { callOp, expectOk, failureOf } from "../support/api-call";
import { type RunningChannelApi, startChannelApi } from "../support/channel-api";

/**
 * subscribers/get with the filters of api-facts.md, on demo data: every filter's pages, followed
 * by cursor, give exactly the people a plain computation over the rows picks (the meanings are
 * those of src/contract/subscriber-filters.ts).
 */

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const ZONE = "Europe/Moscow";
const tg = { token: "demo-tg-token", groupId: 1001 };
const vk = { token: "demo-vk-token", groupId: 1002 };

interface Person {
  id: number;
  user_id: number;
  status: number;
  created_at: number;
}
interface Membership {
  subscriber_id: number;
  subscription_id: number;
  source: string;
}
interface Event {
  subscriber_id: number;
  action: number;
  at: number;
}
interface DeliveryRecord {
  subscriber_id: number;
  delivery_id: number | null;
  error: number;
  is_read: number;
  clicked_at: number | null;
  at: number;
}
interface Run {
  subscriber_id: number;
  bot_id: number;
  step_id: string;
}
interface Variable {
  subscriber_id: number;
  name: string;
  value: string;
}

let api: RunningChannelApi;
let people: Person[];
let byPerson: {
  memberships: Map<number, Membership[]>;
  events: Map<number, Event[]>;
  records: Map<number, DeliveryRecord[]>;
  runs: Map<number, Run[]>;
  variables: Map<number, Variable[]>;
};
let channelBots: number[];

function group<Row extends { subscriber_id: number }>(rows: Row[]): Map<number, Row[]> {
  const map = new Map<number, Row[]>();
  for (const row of rows) map.set(row.subscriber_id, [...(map.get(row.subscriber_id) ?? []), row]);
  return map;
}

function rows<T>(sql: string, ...args: unknown[]): T[] {
  return api.db.prepare(sql).all(...args) as T[];
}

beforeAll(async () => {
  api = await startChannelApi({
    seed: (db) => generateDemo(db, { subscribers: 3000, seed: 5, now: NOW }),
    now: () => NOW / 1000,
  });
  people = rows<Person>(
    "SELECT id, user_id, status, created_at FROM subscribers WHERE channel_id = 1001 ORDER BY id",
  );
  byPerson = {
    memberships: group(rows<Membership>("SELECT * FROM memberships")),
    events: group(rows<Event>("SELECT subscriber_id, action, at FROM subscription_events")),
    records: group(
      rows<DeliveryRecord>(
        "SELECT subscriber_id, delivery_id, error, is_read, clicked_at, at FROM delivery_records",
      ),
    ),
    runs: group(rows<Run>("SELECT subscriber_id, bot_id, step_id FROM bot_runs")),
    variables: group(rows<Variable>("SELECT subscriber_id, name, value FROM variables")),
  };
  channelBots = rows<{ id: number }>("SELECT id FROM bots WHERE channel_id = 1001").map(
    (b) => b.id,
  );
});

afterAll(async () => {
  await api.close();
});

type Params = RequestOf<"subscribers/get">;

/** Every id the API lists for `params`, following cursors 37 at a time. */
async function listed(params: Params, auth = tg): Promise<number[]> {
  const ids: number[] = [];
  let cursor = "";
  for (let page = 0; page < 500; page++) {
    const answer = await expectOk(api.url, auth, "subscribers/get", {
      ...params,
      count: 37,
      ...(cursor ? { offset_id: cursor } : {}),
    });
    ids.push(...answer.items.map((item) => Number(item.id)));
    if (answer.items.length < 37) return ids;
    cursor = answer.offset_id;
  }
  throw new Error("too many pages");
}

const at = (seconds: number) => formatApiDateTime(seconds * 1000, ZONE);
const inRange = (t: number | null | undefined, from: number, to: number) =>
  t !== null && t !== undefined && t >= from && t <= to;

function recordsOf(p: Person) {
  return byPerson.records.get(p.id) ?? [];
}
function sentTimes(p: Person) {
  return recordsOf(p)
    .filter((r) => r.error === 0)
    .map((r) => r.at);
}
function massRecords(p: Person, deliveries: number[]) {
  return recordsOf(p).filter((r) => r.delivery_id !== null && deliveries.includes(r.delivery_id));
}

/** The people a plain reading of the rows picks, in id order. */
function expected(test: (p: Person) => boolean): number[] {
  return people.filter(test).map((p) => p.id);
}

const DAY = 86_400;
const END = NOW / 1000;

function pickDelivery(where: string): number {
  const row = rows<{ delivery_id: number }>(
    `SELECT st.delivery_id FROM delivery_stats st JOIN deliveries d ON d.id = st.delivery_id
      WHERE d.channel_id = 1001 AND ${where} ORDER BY st.delivery_id LIMIT 1`,
  )[0];
  if (!row) throw new Error(`no delivery where ${where}`);
  return row.delivery_id;
}

describe("each filter gives exactly the people it means", () => {
  const cases: [string, () => Params, () => (p: Person) => boolean][] = [
    [
      "tg_user_id (a few people spread over the list)",
      () => ({
        tg_user_id: [people[3], people[700], people[1500], people[2090]].map(
          (p) => p?.user_id ?? 0,
        ),
      }),
      () => {
        const wanted = new Set([3, 700, 1500, 2090].map((i) => people[i]?.user_id));
        return (p) => wanted.has(p.user_id);
      },
    ],
    [
      "subscription_id (two)",
      () => ({ subscription_id: [1, 3] }),
      () => (p) =>
        (byPerson.memberships.get(p.id) ?? []).some((m) => [1, 3].includes(m.subscription_id)),
    ],
    [
      "ignore_subscription_id",
      () => ({ ignore_subscription_id: [1] }),
      () => (p) => !(byPerson.memberships.get(p.id) ?? []).some((m) => m.subscription_id === 1),
    ],
    [
      "source",
      () => ({ source: ["hand", "keyword"] }),
      () => (p) =>
        (byPerson.memberships.get(p.id) ?? []).some((m) => ["hand", "keyword"].includes(m.source)),
    ],
    ...(
      [
        ["delivery_id", (r: DeliveryRecord) => r.error === 0, true],
        ["error_delivery_id", (r: DeliveryRecord) => r.error !== 0, true],
        ["read_delivery_id", (r: DeliveryRecord) => r.error === 0 && r.is_read === 1, true],
        ["ignore_read_delivery_id", (r: DeliveryRecord) => r.error === 0 && r.is_read === 0, true],
        ["away_delivery_id", (r: DeliveryRecord) => r.error === 0 && r.clicked_at !== null, true],
        [
          "ignore_away_delivery_id",
          (r: DeliveryRecord) => r.error === 0 && r.clicked_at === null,
          true,
        ],
        ["ignore_delivery_id", (r: DeliveryRecord) => r.error === 0, false],
      ] as const
    ).map(([field, matches, some]): [string, () => Params, () => (p: Person) => boolean] => [
      field,
      () => ({ [field]: [pickDelivery("st.clicked > 0"), pickDelivery("st.errors > 0")] }),
      () => {
        const ids = [pickDelivery("st.clicked > 0"), pickDelivery("st.errors > 0")];
        return (p) => massRecords(p, ids).some(matches) === some;
      },
    ]),
    [
      "date_subscription (one day)",
      () => ({
        date_subscription_from: at(END - 10 * DAY),
        date_subscription_to: at(END - 9 * DAY),
      }),
      () => (p) =>
        (byPerson.events.get(p.id) ?? []).some(
          (e) => e.action === 1 && inRange(e.at, END - 10 * DAY, END - 9 * DAY),
        ),
    ],
    [
      "date_subscription (from only, 30 days)",
      () => ({ date_subscription_from: at(END - 30 * DAY) }),
      () => (p) =>
        (byPerson.events.get(p.id) ?? []).some((e) => e.action === 1 && e.at >= END - 30 * DAY),
    ],
    [
      "date_first (a week)",
      () => ({ date_first_from: at(END - 40 * DAY), date_first_to: at(END - 33 * DAY) }),
      () => (p) => inRange(p.created_at, END - 40 * DAY, END - 33 * DAY),
    ],
    [
      "date_delivery",
      () => ({ date_delivery_from: at(END - 5 * DAY), date_delivery_to: at(END - 2 * DAY) }),
      () => (p) => sentTimes(p).some((t) => inRange(t, END - 5 * DAY, END - 2 * DAY)),
    ],
    [
      "date_first_delivery",
      () => ({ date_first_delivery_from: at(END - 20 * DAY), date_first_delivery_to: at(END) }),
      () => (p) => {
        const times = sentTimes(p);
        return times.length > 0 && inRange(Math.min(...times), END - 20 * DAY, END);
      },
    ],
    [
      "date_last_delivery (to only)",
      () => ({ date_last_delivery_to: at(END - 30 * DAY) }),
      () => (p) => {
        const times = sentTimes(p);
        return times.length > 0 && Math.max(...times) <= END - 30 * DAY;
      },
    ],
    [
      "date_away",
      () => ({ date_away_from: at(END - 30 * DAY), date_away_to: at(END - 10 * DAY) }),
      () => (p) => recordsOf(p).some((r) => inRange(r.clicked_at, END - 30 * DAY, END - 10 * DAY)),
    ],
    [
      "bot_id",
      () => ({ bot_id: channelBots[0] ?? 0 }),
      () => (p) => (byPerson.runs.get(p.id) ?? []).some((r) => r.bot_id === channelBots[0]),
    ],
    [
      "bot_id and step_id",
      () => ({ bot_id: channelBots[0] ?? 0, step_id: firstSteps(channelBots[0] ?? 0, 2) }),
      () => {
        const steps = firstSteps(channelBots[0] ?? 0, 2);
        return (p) =>
          (byPerson.runs.get(p.id) ?? []).some(
            (r) => r.bot_id === channelBots[0] && steps.includes(r.step_id),
          );
      },
    ],
    [
      "step_id of any bot",
      () => ({ step_id: firstSteps(channelBots[1] ?? 0, 1) }),
      () => {
        const steps = firstSteps(channelBots[1] ?? 0, 1);
        return (p) =>
          (byPerson.runs.get(p.id) ?? []).some(
            (r) => channelBots.includes(r.bot_id) && steps.includes(r.step_id),
          );
      },
    ],
    [
      "ignore_bot_id",
      () => ({ ignore_bot_id: channelBots[0] ?? 0 }),
      () => (p) => !(byPerson.runs.get(p.id) ?? []).some((r) => r.bot_id === channelBots[0]),
    ],
    [
      "bot_id with ignore_step_id (in the bot, not at its first steps)",
      () => ({ bot_id: channelBots[0] ?? 0, ignore_step_id: firstSteps(channelBots[0] ?? 0, 2) }),
      () => {
        const steps = firstSteps(channelBots[0] ?? 0, 2);
        return (p) => {
          const runs = (byPerson.runs.get(p.id) ?? []).filter((r) => r.bot_id === channelBots[0]);
          return runs.length > 0 && !runs.some((r) => steps.includes(r.step_id));
        };
      },
    ],
    ["lead_status 2", () => ({ lead_status: 2 }), () => (p) => p.status === 2],
    [
      "var_name",
      () => ({ var_name: "promo_code" }),
      () => (p) => (byPerson.variables.get(p.id) ?? []).some((v) => v.name === "promo_code"),
    ],
    [
      "var_name and var_value (rare)",
      () => ({ var_name: "lang", var_value: "de" }),
      () => (p) =>
        (byPerson.variables.get(p.id) ?? []).some((v) => v.name === "lang" && v.value === "de"),
    ],
    [
      "lead_status 2 and source hand (two unselective filters, rare together)",
      () => ({ lead_status: 2, source: ["hand"] }),
      () => (p) =>
        p.status === 2 && (byPerson.memberships.get(p.id) ?? []).some((m) => m.source === "hand"),
    ],
    [
      "var_value, date_first and subscription_id together",
      () => ({
        var_name: "plan",
        var_value: "pro",
        date_first_from: at(END - 60 * DAY),
        subscription_id: [1],
      }),
      () => (p) =>
        (byPerson.variables.get(p.id) ?? []).some((v) => v.name === "plan" && v.value === "pro") &&
        p.created_at >= END - 60 * DAY &&
        (byPerson.memberships.get(p.id) ?? []).some((m) => m.subscription_id === 1),
    ],
  ];

  it.each(cases)("%s", async (_name, params, test) => {
    const want = expected(test());
    expect(want.length, "the case should match someone").toBeGreaterThan(0);
    expect(await listed(params())).toEqual(want);
  });

  it("matches nobody for ids of another channel, everybody for ignore_* of them", async () => {
    const vkSubscription =
      rows<{ id: number }>("SELECT id FROM subscriptions WHERE channel_id = 1002")[0]?.id ?? 0;
    expect(await listed({ subscription_id: [vkSubscription] })).toEqual([]);
    expect(await listed({ ignore_subscription_id: [vkSubscription] })).toEqual(
      expected(() => true),
    );
  });

  it("names people by vk_user_id on a VK channel", async () => {
    const vkPeople = rows<{ id: number; user_id: number }>(
      "SELECT id, user_id FROM subscribers WHERE channel_id = 1002 ORDER BY id LIMIT 3",
    );
    expect(await listed({ vk_user_id: vkPeople.map((p) => p.user_id) }, vk)).toEqual(
      vkPeople.map((p) => p.id),
    );
  });
});

function firstSteps(bot: number, count: number): string[] {
  return rows<{ step_id: string }>(
    "SELECT step_id FROM bot_steps WHERE bot_id = ? ORDER BY position LIMIT ?",
    bot,
    count,
  ).map((row) => row.step_id);
}

describe("refusals", () => {
  async function refused(params: Record<string, unknown>, code: number, mentions: string) {
    const answer = await callOp(api.url, tg, "subscribers/get", params);
    expect(answer.status).toBe(200);
    const failure = failureOf(answer);
    expect(failure.error_code, answer.text).toBe(code);
    expect(failure.error_message).toContain(mentions);
  }

  it("1: var_value without var_name", async () => {
    await refused({ var_value: "x" }, 1, "var_name");
  });
  it("11: a variable name that is not Latin letters, digits and _", async () => {
    await refused({ var_name: "город" }, 11, "var_name");
  });
  it("12: a bad value, named", async () => {
    await refused({ vk_user_id: [1] }, 12, "tg_user_id");
    await refused({ lead_status: 3 }, 12, "lead_status");
    await refused({ date_first_from: "31.02.2026" }, 12, "date_first_from");
    await refused(
      { date_delivery_from: "02.03.2026", date_delivery_to: "01.03.2026" },
      12,
      "date_delivery_from",
    );
    await refused({ subscription_id: ["x"] }, 12, "subscription_id");
    await refused({ step_id: [""] }, 12, "step_id");
  });
});

describe("date_first when record ids do not follow the dates", () => {
  it("finds people added later with an early first subscription (the zone map widens)", async () => {
    const early = END - 60 * DAY;
    const insert = api.db.prepare(
      `INSERT INTO subscribers (id, channel_id, user_id, first_name, last_name, created_at)
       VALUES (?, 1001, ?, 'Late', 'Record', ?)`,
    );
    // Far beyond the demo's ids, in a block of their own, and one among the demo's ids.
    insert.run(5_000_001, 990_000_001, early + 100);
    insert.run(5_000_002, 990_000_002, END - 1);
    api.db.prepare("DELETE FROM subscribers WHERE id = ?").run(people[10]?.id ?? 0);
    insert.run(people[10]?.id ?? 0, 990_000_003, early + 200);
    const want = rows<{ id: number }>(
      `SELECT id FROM subscribers WHERE channel_id = 1001 AND created_at BETWEEN ? AND ?
        ORDER BY id`,
      early,
      early + DAY,
    ).map((row) => row.id);
    expect(want).toContain(5_000_001);
    expect(want).toContain(people[10]?.id);
    expect(await listed({ date_first_from: at(early), date_first_to: at(early + DAY) })).toEqual(
      want,
    );
  });
});
