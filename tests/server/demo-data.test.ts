import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { toWallTime } from "../../src/contract/datetime";
import { type DemoSummary, generateDemo } from "../../server/channel-api/demo/generate";
import { feminine, namePoolSizes } from "../../server/channel-api/demo/names";
import { type Db, openDatabase } from "../../server/channel-api/store/database";

/** The demo data generator, on a small in-memory database. */

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const END = NOW / 1000;
const DAY = 86_400;
const START = END - 90 * DAY;
const PEOPLE = 2000;

const TABLES = [
  "channels",
  "tokens",
  "subscribers",
  "subscriptions",
  "memberships",
  "utm_tags",
  "subscriber_utms",
  "subscription_events",
  "variables",
  "bots",
  "bot_steps",
  "bot_runs",
  "deliveries",
  "delivery_records",
] as const;

function demo(seed: number): { db: Db; summary: DemoSummary } {
  const db = openDatabase(":memory:");
  const summary = generateDemo(db, { subscribers: PEOPLE, seed, now: NOW });
  return { db, summary };
}

/** A digest of every row of every table, in a fixed order. */
function fingerprint(db: Db): string {
  const hash = createHash("sha256");
  // Column 1 (or 1 and 2, for the tables keyed by two columns) orders every table fully.
  for (const table of TABLES) {
    const rows = db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all();
    hash.update(`${table}:${JSON.stringify(rows)}\n`);
  }
  return hash.digest("hex");
}

function all<T>(db: Db, sql: string, ...args: unknown[]): T[] {
  return db.prepare(sql).all(...args) as T[];
}

/** The one row of an aggregate query; every column of these queries is a number. */
function one(db: Db, sql: string, ...args: unknown[]): Readonly<Record<string, number>> {
  return db.prepare(sql).get(...args) as Record<string, number>;
}

let db: Db;
let summary: DemoSummary;

beforeAll(() => {
  ({ db, summary } = demo(42));
});

describe("demo data: channels and people", () => {
  it("makes the Telegram and VK channels with their zones and default tokens", () => {
    const channels = all<{ id: number; kind: string; time_zone: string; token: string }>(
      db,
      `SELECT c.id, c.kind, c.time_zone, t.token FROM channels c
         JOIN tokens t ON t.channel_id = c.id ORDER BY c.id`,
    );
    expect(channels).toEqual([
      { id: 1001, kind: "tg", time_zone: "Europe/Moscow", token: "demo-tg-token" },
      { id: 1002, kind: "vk", time_zone: "UTC", token: "demo-vk-token" },
    ]);
    expect(summary.channels.map((c) => [c.groupId, c.kind, c.token, c.timeZone])).toEqual([
      [1001, "tg", "demo-tg-token", "Europe/Moscow"],
      [1002, "vk", "demo-vk-token", "UTC"],
    ]);
  });

  it("takes other tokens when given", () => {
    const other = openDatabase(":memory:");
    const result = generateDemo(other, {
      subscribers: 10,
      now: NOW,
      tokens: { tg: "tg-token-123", vk: "vk-token-456" },
    });
    expect(result.channels.map((c) => c.token)).toEqual(["tg-token-123", "vk-token-456"]);
    expect(all(other, "SELECT token FROM tokens ORDER BY token")).toEqual([
      { token: "tg-token-123" },
      { token: "vk-token-456" },
    ]);
  });

  it("makes exactly the requested number of subscribers, ~70% of them on Telegram", () => {
    const counts = all<{ channel_id: number; n: number }>(
      db,
      "SELECT channel_id, count(*) AS n FROM subscribers GROUP BY channel_id ORDER BY channel_id",
    );
    expect(counts).toEqual([
      { channel_id: 1001, n: 1400 },
      { channel_id: 1002, n: 600 },
    ]);
    expect(summary.channels.map((c) => c.subscribers)).toEqual([1400, 600]);
    const tiny = openDatabase(":memory:");
    generateDemo(tiny, { subscribers: 2, now: NOW });
    expect(one(tiny, "SELECT count(DISTINCT channel_id) AS n FROM subscribers").n).toBe(2);
  });

  it("reports counts that match the database, and a rate", () => {
    const events = one(db, "SELECT count(*) AS n FROM subscription_events").n ?? 0;
    const records = one(db, "SELECT count(*) AS n FROM delivery_records").n ?? 0;
    expect(summary.channels.reduce((sum, c) => sum + c.events, 0)).toBe(events);
    expect(summary.channels.reduce((sum, c) => sum + c.deliveryRecords, 0)).toBe(records);
    expect(summary.rows).toBeGreaterThan(PEOPLE + events + records);
    expect(summary.rowsPerSecond).toBeGreaterThan(0);
    expect(summary.subscribersPerSecond).toBeGreaterThan(0);
  });

  it("gives user ids of the right length, some people no photo, and local photos otherwise", () => {
    const ids = one(
      db,
      `SELECT min(CASE WHEN channel_id = 1001 THEN user_id END) AS tgMin,
              max(CASE WHEN channel_id = 1001 THEN user_id END) AS tgMax,
              min(CASE WHEN channel_id = 1002 THEN user_id END) AS vkMin,
              max(CASE WHEN channel_id = 1002 THEN user_id END) AS vkMax FROM subscribers`,
    );
    expect(ids.tgMin).toBeGreaterThanOrEqual(1e8);
    expect(ids.tgMax).toBeLessThan(1e10);
    expect(ids.vkMin).toBeGreaterThanOrEqual(1e5);
    expect(ids.vkMax).toBeLessThan(1e9);
    const photos = all<{ photo: string }>(db, "SELECT photo FROM subscribers");
    const empty = photos.filter((p) => p.photo === "").length;
    expect(empty).toBeGreaterThan(0.1 * PEOPLE);
    expect(empty).toBeLessThan(0.5 * PEOPLE);
    expect(
      photos.filter((p) => p.photo !== "").every((p) => p.photo.startsWith("/local-photos/")),
    ).toBe(true);
  });

  it("has varied names, in Cyrillic and Latin letters", () => {
    expect(namePoolSizes.firstNames).toBeGreaterThanOrEqual(60);
    expect(namePoolSizes.lastNames).toBeGreaterThanOrEqual(80);
    const distinct = one(
      db,
      "SELECT count(DISTINCT first_name) AS first, count(DISTINCT last_name) AS last FROM subscribers",
    );
    expect(distinct.first).toBeGreaterThan(60);
    expect(distinct.last).toBeGreaterThan(80);
    const cyrillic = one(
      db,
      "SELECT count(*) AS n FROM subscribers WHERE first_name GLOB '*[А-я]*'",
    ).n;
    expect(cyrillic).toBeGreaterThan(0.2 * PEOPLE);
    expect(cyrillic).toBeLessThan(0.9 * PEOPLE);
    expect([
      feminine("Иванов"),
      feminine("Высоцкий"),
      feminine("Ilyin"),
      feminine("Kravchenko"),
    ]).toEqual(["Иванова", "Высоцкая", "Ilyina", "Kravchenko"]);
  });

  it("marks ~12% inactive and a few people ignored", () => {
    const shares = one(
      db,
      "SELECT avg(status = 2) AS inactive, avg(ignore) AS ignored FROM subscribers",
    );
    expect(shares.inactive).toBeGreaterThan(0.08);
    expect(shares.inactive).toBeLessThan(0.16);
    expect(shares.ignored).toBeGreaterThan(0);
    expect(shares.ignored).toBeLessThan(0.03);
  });

  it("refuses a database that already has channels", () => {
    expect(() => generateDemo(db, { subscribers: 10, now: NOW })).toThrow(/empty database/);
  });

  it("restores synchronous = FULL after the build", () => {
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
  });
});

describe("demo data: subscription events", () => {
  it("gives every subscriber a first subscribe event at the time they joined", () => {
    const without = one(
      db,
      `SELECT count(*) AS n FROM subscribers s WHERE created_at <>
         (SELECT min(at) FROM subscription_events e WHERE e.subscriber_id = s.id AND e.action = 1)
         OR NOT EXISTS (SELECT 1 FROM subscription_events e
                         WHERE e.subscriber_id = s.id AND e.action = 1)`,
    ).n;
    expect(without).toBe(0);
  });

  it("spans the 90 days up to now, and ids grow with time", () => {
    const span = one(db, "SELECT min(at) AS first, max(at) AS last FROM subscription_events");
    expect(span.first).toBeGreaterThanOrEqual(START);
    expect(span.first).toBeLessThan(START + 2 * DAY);
    expect(span.last).toBeLessThanOrEqual(END);
    expect(span.last).toBeGreaterThan(END - DAY);
    for (const table of ["subscription_events", "delivery_records"]) {
      const backwards = one(
        db,
        `SELECT count(*) AS n FROM (SELECT at, lag(at) OVER (ORDER BY id) AS before FROM ${table})
          WHERE at < before`,
      ).n;
      expect(backwards, table).toBe(0);
    }
  });

  it("is busier on weekdays than at weekends, per day, in each channel's zone", () => {
    for (const [channel, zone] of [
      [1001, "Europe/Moscow"],
      [1002, "UTC"],
    ] as const) {
      const times = all<{ at: number }>(
        db,
        "SELECT at FROM subscription_events WHERE channel_id = ?",
        channel,
      );
      const isWeekend = (t: number) => toWallTime(t * 1000, zone).weekday >= 6;
      let weekendDays = 0;
      for (let t = START; t < END; t += DAY) if (isWeekend(t)) weekendDays++;
      const weekend = times.filter(({ at }) => isWeekend(at)).length;
      const perWeekendDay = weekend / weekendDays;
      const perWeekday = (times.length - weekend) / (90 - weekendDays);
      expect(perWeekday, zone).toBeGreaterThan(1.3 * perWeekendDay);
    }
  });

  it("is busier in the daytime than at night", () => {
    const hours = all<{ at: number }>(db, "SELECT at FROM subscription_events").map(
      ({ at }) => toWallTime(at * 1000, "UTC").hour,
    );
    const night = hours.filter((h) => h < 6).length;
    const day = hours.filter((h) => h >= 10 && h < 16).length;
    expect(day).toBeGreaterThan(3 * night);
  });

  it("has campaign spikes: a few days with several times the usual traffic, led by one tag", () => {
    for (const channel of [1001, 1002]) {
      const days = all<{ n: number; top: number }>(
        db,
        `WITH events AS (SELECT at / 86400 AS day, utm_id FROM subscription_events
                          WHERE channel_id = ? AND action = 1),
              tagged AS (SELECT day, count(*) AS n FROM events
                          WHERE utm_id IS NOT NULL GROUP BY day, utm_id)
         SELECT count(*) AS n, (SELECT max(n) FROM tagged t WHERE t.day = e.day) AS top
           FROM events e GROUP BY day ORDER BY n`,
        channel,
      );
      const median = days[Math.floor(days.length / 2)]?.n ?? 0;
      const busiest = days.at(-1);
      expect(busiest?.n).toBeGreaterThan(2.5 * median);
      expect(busiest?.top).toBeGreaterThan(0.4 * (busiest?.n ?? 0));
    }
  });

  it("tags about a third of subscribe events, each with its subscriber_utms row", () => {
    const share = one(
      db,
      "SELECT avg(utm_id IS NOT NULL) AS share FROM subscription_events WHERE action = 1",
    ).share;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    const missing = one(
      db,
      `SELECT count(*) AS n FROM subscription_events e WHERE action = 1 AND utm_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM subscriber_utms su
                          WHERE su.subscriber_id = e.subscriber_id AND su.utm_id = e.utm_id)`,
    ).n;
    expect(missing).toBe(0);
    const wrongSubscription = one(
      db,
      `SELECT count(*) AS n FROM subscription_events e JOIN utm_tags t ON t.id = e.utm_id
        WHERE t.subscription_id <> e.subscription_id`,
    ).n;
    expect(wrongSubscription).toBe(0);
  });

  it("keeps memberships in step with the events: the last event of each pair decides", () => {
    const pairs = all<{ last_action: number; member: number }>(
      db,
      `SELECT (SELECT action FROM subscription_events x
                WHERE x.subscriber_id = e.subscriber_id AND x.subscription_id = e.subscription_id
                ORDER BY at DESC, id DESC LIMIT 1) AS last_action,
              EXISTS (SELECT 1 FROM memberships m WHERE m.subscriber_id = e.subscriber_id
                         AND m.subscription_id = e.subscription_id) AS member
         FROM subscription_events e GROUP BY e.subscriber_id, e.subscription_id`,
    );
    expect(pairs.every((p) => (p.last_action === 1) === (p.member === 1))).toBe(true);
    const leavers = one(
      db,
      `SELECT avg(EXISTS (SELECT 1 FROM subscription_events e
                          WHERE e.subscriber_id = s.id AND e.action = 2)) AS share
         FROM subscribers s`,
    ).share;
    expect(leavers).toBeGreaterThan(0.1);
    expect(leavers).toBeLessThan(0.2);
  });

  it("mirrors the subscriber's ignore flag on their events", () => {
    const mismatched = one(
      db,
      `SELECT count(*) AS n FROM subscription_events e JOIN subscribers s ON s.id = e.subscriber_id
        WHERE e.ignore <> s.ignore`,
    ).n;
    expect(mismatched).toBe(0);
  });

  it("uses only the sources the API knows", () => {
    const sources = all<{ source: string }>(
      db,
      "SELECT DISTINCT source FROM subscription_events ORDER BY source",
    ).map((row) => row.source);
    expect(sources).toEqual([
      "api",
      "hand",
      "keyword",
      "other",
      "site",
      "subscription",
      "subscriptions",
      "widget",
    ]);
  });
});

describe("demo data: catalog, variables and bots", () => {
  it("gives each channel 4–6 subscriptions, 6–12 tags, 3–4 bots of 4–10 steps, 7–10 deliveries", () => {
    for (const channel of [1001, 1002]) {
      const count = (table: string) =>
        one(db, `SELECT count(*) AS n FROM ${table} WHERE channel_id = ?`, channel).n;
      expect(count("subscriptions")).toBeGreaterThanOrEqual(4);
      expect(count("subscriptions")).toBeLessThanOrEqual(6);
      expect(count("utm_tags")).toBeGreaterThanOrEqual(6);
      expect(count("utm_tags")).toBeLessThanOrEqual(12);
      expect(count("bots")).toBeGreaterThanOrEqual(3);
      expect(count("bots")).toBeLessThanOrEqual(4);
      expect(count("deliveries")).toBeGreaterThanOrEqual(7);
      expect(count("deliveries")).toBeLessThanOrEqual(10);
      const steps = all<{ n: number }>(
        db,
        `SELECT count(*) AS n FROM bot_steps st JOIN bots b ON b.id = st.bot_id
          WHERE b.channel_id = ? GROUP BY st.bot_id`,
        channel,
      ).map((row) => row.n);
      expect(Math.min(...steps)).toBeGreaterThanOrEqual(4);
      expect(Math.max(...steps)).toBeLessThanOrEqual(10);
    }
    const sources = all<{ utm_source: string }>(db, "SELECT DISTINCT utm_source FROM utm_tags");
    const known = ["instagram", "vk_ads", "telegram_ads", "email", "site", "partner"];
    expect(sources.every((s) => known.includes(s.utm_source))).toBe(true);
  });

  it("gives ~40% of the people 1–4 variables with Latin names", () => {
    const per = all<{ n: number }>(
      db,
      "SELECT count(*) AS n FROM variables GROUP BY subscriber_id",
    );
    expect(per.length).toBeGreaterThan(0.3 * PEOPLE);
    expect(per.length).toBeLessThan(0.5 * PEOPLE);
    expect(per.every((row) => row.n >= 1 && row.n <= 4)).toBe(true);
    const names = all<{ name: string }>(db, "SELECT DISTINCT name FROM variables");
    expect(names.every((row) => /^[A-Za-z0-9_]+$/.test(row.name))).toBe(true);
    const cyrillic = one(db, "SELECT count(*) AS n FROM variables WHERE value GLOB '*[А-я]*'").n;
    expect(cyrillic).toBeGreaterThan(0);
  });

  it("runs ~10% of the people through a bot, at one of its steps", () => {
    const runs = one(
      db,
      "SELECT count(*) AS n, count(DISTINCT subscriber_id) AS people FROM bot_runs",
    );
    expect(runs.people).toBeGreaterThan(0.06 * PEOPLE);
    expect(runs.people).toBeLessThan(0.14 * PEOPLE);
    const badStep = one(
      db,
      `SELECT count(*) AS n FROM bot_runs r
        WHERE NOT EXISTS (SELECT 1 FROM bot_steps st WHERE st.bot_id = r.bot_id AND st.step_id = r.step_id)`,
    ).n;
    expect(badStep).toBe(0);
  });
});

describe("demo data: delivery records", () => {
  it("has sent, failed (400) and not-allowed records, each shaped as the API expects", () => {
    const kinds = all<{ error: number; error_code: number; n: number; bad: number }>(
      db,
      `SELECT error, error_code, count(*) AS n,
              sum(CASE WHEN error = 0 THEN vk_id <= 0 OR conversation_message_id IS NULL
                       ELSE vk_id <> 0 OR conversation_message_id IS NOT NULL OR part_ids IS NOT NULL
                  END) AS bad
         FROM delivery_records GROUP BY error, error_code ORDER BY error`,
    );
    expect(kinds.map((k) => [k.error, k.error_code])).toEqual([
      [0, 0],
      [1, 400],
      [2, 0],
    ]);
    expect(kinds.every((k) => k.bad === 0)).toBe(true);
    const total = kinds.reduce((sum, k) => sum + k.n, 0);
    expect(total / PEOPLE).toBeGreaterThan(1.5);
    expect(total / PEOPLE).toBeLessThan(4);
    expect((kinds[1]?.n ?? 0) / total).toBeGreaterThan(0.02);
    expect((kinds[1]?.n ?? 0) / total).toBeLessThan(0.07);
  });

  it("has multi-part messages with 2–3 part ids", () => {
    const parts = all<{ part_ids: string }>(
      db,
      "SELECT part_ids FROM delivery_records WHERE part_ids IS NOT NULL",
    ).map((row) => JSON.parse(row.part_ids) as unknown);
    expect(parts.length).toBeGreaterThan(0);
    for (const ids of parts) {
      expect(Array.isArray(ids)).toBe(true);
      const list = ids as unknown[];
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.every((id) => Number.isInteger(id))).toBe(true);
    }
  });

  it("has mass and bot-step records (test runs too), never both or neither", () => {
    const shape = one(
      db,
      `SELECT sum(delivery_id IS NOT NULL) AS mass, sum(bot_id IS NOT NULL) AS bot,
              sum(bot_test = 1) AS test,
              sum((delivery_id IS NULL) = (bot_id IS NULL)) AS both_or_neither
         FROM delivery_records`,
    );
    expect(shape.mass).toBeGreaterThan(0);
    expect(shape.bot).toBeGreaterThan(0);
    expect(shape.test).toBeGreaterThan(0);
    expect(shape.both_or_neither).toBe(0);
    const stepless = one(
      db,
      `SELECT count(*) AS n FROM delivery_records r WHERE bot_id IS NOT NULL AND NOT EXISTS
         (SELECT 1 FROM bot_steps st WHERE st.bot_id = r.bot_id AND st.step_id = r.step_id)`,
    ).n;
    expect(stepless).toBe(0);
  });

  it("sends nothing for waiting deliveries, and keeps records inside the period", () => {
    const waiting = one(
      db,
      `SELECT count(*) AS waiting,
              (SELECT count(*) FROM delivery_records r JOIN deliveries d ON d.id = r.delivery_id
                WHERE d.status = 'waiting') AS records
         FROM deliveries WHERE status = 'waiting'`,
    );
    expect(waiting.waiting).toBeGreaterThan(0);
    expect(waiting.records).toBe(0);
    const span = one(db, "SELECT min(at) AS first, max(at) AS last FROM delivery_records");
    expect(span.first).toBeGreaterThanOrEqual(START);
    expect(span.last).toBeLessThanOrEqual(END);
  });
});

describe("demo data: determinism", () => {
  it("makes the same database from the same seed and now, another from another seed", () => {
    const again = demo(42);
    const other = demo(43);
    const reference = fingerprint(db);
    expect(fingerprint(again.db)).toBe(reference);
    expect(fingerprint(other.db)).not.toBe(reference);
  });

  it("makes the same people and catalog from the same seed whenever it runs: only times move", () => {
    const people = (made: Db) => [
      all<unknown>(
        made,
        "SELECT channel_id, user_id, first_name, last_name, photo FROM subscribers ORDER BY id",
      ),
      all<unknown>(made, "SELECT channel_id, name FROM subscriptions ORDER BY id"),
      all<unknown>(made, "SELECT channel_id, name, utm_campaign FROM utm_tags ORDER BY id"),
      all<unknown>(made, "SELECT channel_id, title FROM bots ORDER BY id"),
    ];
    const reference = people(db);
    // Hours, days and months apart: the timeline before the people takes more or fewer draws
    // (a 90-day period over 3 or 4 calendar months, days cut at another hour in each zone).
    for (const hours of [5, 17, 24 * 19 + 9, 24 * 200 + 13]) {
      const later = openDatabase(":memory:");
      generateDemo(later, { subscribers: PEOPLE, seed: 42, now: NOW + hours * 3_600_000 });
      expect(people(later), `${String(hours)} h later`).toEqual(reference);
      later.close();
    }
  });
});

describe("demo data: campaigns", () => {
  // Month-to-month volumes need more people than the small demo has to stand out from chance.
  let big: Db;
  beforeAll(() => {
    big = openDatabase(":memory:");
    generateDemo(big, { subscribers: 20_000, seed: 42, now: NOW });
  });

  /** Subscribe events per campaign (the part of the tag's name before " — ") and month. */
  function byCampaignMonth(channel: number, zone: string) {
    const rows = all<{ name: string; at: number }>(
      big,
      `SELECT t.name, e.at FROM subscription_events e JOIN utm_tags t ON t.id = e.utm_id
        WHERE e.channel_id = ? AND e.action = 1`,
      channel,
    );
    const counts = new Map<string, Map<string, number>>();
    for (const { name, at } of rows) {
      const campaign = name.split(" — ")[0] ?? name;
      const wall = toWallTime(at * 1000, zone);
      const month = `${String(wall.year)}-${String(wall.month).padStart(2, "0")}`;
      const months = counts.get(campaign) ?? new Map<string, number>();
      months.set(month, (months.get(month) ?? 0) + 1);
      counts.set(campaign, months);
    }
    return counts;
  }

  it("groups 2–3 tags under each of 3–4 campaigns by the part before ' — '", () => {
    for (const channel of [1001, 1002]) {
      const names = all<{ name: string }>(
        db,
        "SELECT name FROM utm_tags WHERE channel_id = ?",
        channel,
      ).map((row) => row.name);
      expect(names.every((name) => name.includes(" — "))).toBe(true);
      const campaigns = new Map<string, number>();
      for (const name of names) {
        const campaign = name.split(" — ")[0] ?? "";
        campaigns.set(campaign, (campaigns.get(campaign) ?? 0) + 1);
      }
      expect(campaigns.size).toBeGreaterThanOrEqual(3);
      expect(campaigns.size).toBeLessThanOrEqual(4);
      for (const tags of campaigns.values()) {
        expect(tags).toBeGreaterThanOrEqual(2);
        expect(tags).toBeLessThanOrEqual(3);
      }
    }
  });

  it("has a campaign that halves from one month to the next and one that starts this month", () => {
    // The period ends on 15 March 2026: January and February are whole months.
    const counts = byCampaignMonth(1001, "Europe/Moscow");
    const halving = [...counts.entries()].filter(([, months]) => {
      const january = months.get("2026-01") ?? 0;
      const february = months.get("2026-02") ?? 0;
      return january >= 200 && february < 0.65 * january && february > 0.35 * january;
    });
    expect(halving.length).toBeGreaterThanOrEqual(1);
    const fresh = [...counts.entries()].filter(
      ([, months]) =>
        (months.get("2026-03") ?? 0) >= 100 &&
        [...months.keys()].every((month) => month === "2026-03"),
    );
    expect(fresh).toHaveLength(1);
    const created = one(
      big,
      `SELECT min(created_at) AS first FROM utm_tags
        WHERE channel_id = 1001 AND name LIKE ? || ' — %'`,
      fresh[0]?.[0] ?? "",
    ).first;
    expect(created).toBeGreaterThanOrEqual(Date.UTC(2026, 1, 28, 21) / 1000);
  });
});

describe("demo data: deliveries, reads, clicks and unsubscribes", () => {
  it("has every kind and state, with records only where something was sent", () => {
    const kinds = all<{ type: string; status: string; inactive: number; records: number }>(
      db,
      `SELECT d.type, d.status, d.inactive,
              (SELECT count(*) FROM delivery_records r WHERE r.delivery_id = d.id) AS records
         FROM deliveries d ORDER BY d.id`,
    );
    expect(new Set(kinds.map((k) => k.type))).toEqual(
      new Set(["chain", "subscription", "once", "single"]),
    );
    expect(new Set(kinds.map((k) => k.status))).toEqual(new Set(["waiting", "progress", "done"]));
    expect(kinds.some((k) => k.type === "chain" && k.inactive === 1)).toBe(true);
    for (const kind of kinds) {
      if (kind.status === "waiting") expect(kind.records).toBe(0);
      else expect(kind.records).toBeGreaterThan(0);
    }
  });

  it("keeps delivery_stats equal to a plain count of the records", () => {
    const mismatched = one(
      db,
      `SELECT count(*) AS n FROM delivery_stats st JOIN (
         SELECT delivery_id, count(*) AS recipients, sum(error = 0) AS sent,
                sum(error <> 0) AS errors, sum(is_read) AS read,
                sum(clicked_at IS NOT NULL) AS clicked, sum(unsubscribed) AS unsubscribed
           FROM delivery_records WHERE delivery_id IS NOT NULL GROUP BY delivery_id) c
         ON c.delivery_id = st.delivery_id
        WHERE (st.recipients, st.sent, st.errors, st.read, st.clicked, st.unsubscribed)
           <> (c.recipients, c.sent, c.errors, c.read, c.clicked, c.unsubscribed)`,
    ).n;
    expect(mismatched).toBe(0);
    const stats = one(db, "SELECT count(*) AS n FROM delivery_stats").n;
    const sent = one(
      db,
      "SELECT count(DISTINCT delivery_id) AS n FROM delivery_records WHERE delivery_id IS NOT NULL",
    ).n;
    expect(stats).toBe(sent);
  });

  it("reads and clicks at rates that differ from one delivery to the next", () => {
    const rates = all<{ read: number; clicked: number }>(
      db,
      `SELECT 1.0 * read / sent AS read, 1.0 * clicked / sent AS clicked FROM delivery_stats
        WHERE sent >= 50`,
    );
    const read = rates.map((r) => r.read);
    const clicked = rates.map((r) => r.clicked);
    expect(Math.max(...read) - Math.min(...read)).toBeGreaterThan(0.15);
    expect(Math.max(...clicked) - Math.min(...clicked)).toBeGreaterThan(0.03);
    const bad = one(
      db,
      `SELECT count(*) AS n FROM delivery_records
        WHERE (error <> 0 AND (is_read = 1 OR clicked_at IS NOT NULL))
           OR (clicked_at IS NOT NULL AND (is_read = 0 OR clicked_at < at OR clicked_at > ?))`,
      END,
    ).n;
    expect(bad).toBe(0);
  });

  it("marks a record unsubscribed exactly when its recipient left within 24 hours", () => {
    const wrong = one(
      db,
      `SELECT count(*) AS n FROM delivery_records r
        WHERE r.unsubscribed <> (r.delivery_id IS NOT NULL AND r.error = 0 AND EXISTS (
          SELECT 1 FROM subscription_events e WHERE e.subscriber_id = r.subscriber_id
             AND e.action = 2 AND e.at BETWEEN r.at AND r.at + 86400))`,
    ).n;
    expect(wrong).toBe(0);
    const rates = all<{ rate: number }>(
      db,
      "SELECT 1.0 * unsubscribed / sent AS rate FROM delivery_stats WHERE sent >= 50",
    ).map((r) => r.rate);
    expect(Math.max(...rates)).toBeGreaterThan(2 * Math.min(...rates));
  });

  it("keeps each subscription's member count and the zone map of first dates in step", () => {
    const wrong = one(
      db,
      `SELECT count(*) AS n FROM subscriptions s
        WHERE members <> (SELECT count(*) FROM memberships m WHERE m.subscription_id = s.id)`,
    ).n;
    expect(wrong).toBe(0);
    expect(all(db, "SELECT * FROM subscriber_blocks ORDER BY 1, 2")).toEqual(
      all(
        db,
        `SELECT channel_id, id / 4096 AS block, min(created_at) AS min_created,
                max(created_at) AS max_created, count(*) AS n
           FROM subscribers GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    );
  });
});

describe("demo data: bot funnels", () => {
  it("types steps, starts with a start step, and counts a message step's runs as its records", () => {
    const steps = all<{ bot_id: number; position: number; type: string; lead_inc: number }>(
      db,
      "SELECT bot_id, position, type, lead_inc FROM bot_steps ORDER BY bot_id, position",
    );
    expect(new Set(steps.map((s) => s.type))).toEqual(
      new Set(["start", "message", "timer", "if", "action"]),
    );
    expect(steps.filter((s) => s.position === 0).every((s) => s.type === "start")).toBe(true);
    const wrong = one(
      db,
      `SELECT count(*) AS n FROM bot_steps st WHERE st.type = 'message' AND st.lead_inc <>
         (SELECT count(*) FROM delivery_records r WHERE r.bot_id = st.bot_id AND r.step_id = st.step_id)`,
    ).n;
    expect(wrong).toBe(0);
    const silent = one(
      db,
      `SELECT count(*) AS n FROM delivery_records r JOIN bot_steps st
          ON st.bot_id = r.bot_id AND st.step_id = r.step_id WHERE st.type <> 'message'`,
    ).n;
    expect(silent).toBe(0);
  });

  it("loses people along each bot: runs never grow from one step to the next", () => {
    const bots = all<{ bot_id: number; published: number }>(
      db,
      "SELECT id AS bot_id, published FROM bots",
    );
    let dropped = 0;
    for (const { bot_id, published } of bots) {
      const runs = all<{ lead_inc: number }>(
        db,
        "SELECT lead_inc FROM bot_steps WHERE bot_id = ? ORDER BY position",
        bot_id,
      ).map((row) => row.lead_inc);
      for (let i = 1; i < runs.length; i++) {
        expect(runs[i], `bot ${String(bot_id)}`).toBeLessThanOrEqual(runs[i - 1] ?? 0);
      }
      if (published === 1 && (runs.at(-1) ?? 0) < 0.5 * (runs[0] ?? 0)) dropped++;
    }
    expect(dropped).toBeGreaterThan(0);
  });
});
