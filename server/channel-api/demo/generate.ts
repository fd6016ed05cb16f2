import type { Statement } from "better-sqlite3";
import type { Db } from "../store/database";
import { rebuildRollups } from "../store/rollups";
import {
  type ChannelPlan,
  type ChannelSpec,
  DEMO_CHANNELS,
  type Period,
  planChannel,
} from "./catalog";
import { EventFlag, EventLog, RecordFlag, RecordLog, rowOf, timeOrder } from "./logs";
import type { ChannelKind } from "./names";
import {
  type ChannelIds,
  ChannelPeople,
  ERROR_FAILED,
  type People,
  type PersonStatements,
  SOURCES,
  spikeTagsOf,
} from "./people";
import { type Random, between, chance, createRandom, createStream } from "./random";
import { buildTimeline } from "./timeline";

/**
 * Deterministic demo data for the local Channel API: two channels (Telegram in Moscow time, VK
 * in UTC) with 90 days of subscribers, subscription events, campaign tags, variables, bots and
 * delivery records. The same seed and `now` give the same database, row for row.
 */

const DAY = 86_400;
const PERIOD_DAYS = 90;
/** Share of the people who are on the Telegram channel; the rest are on VK. */
const TELEGRAM_SHARE = 0.7;

export interface GenerateDemoOptions {
  /** People across both channels. */
  subscribers: number;
  /** Default 1. */
  seed?: number;
  /** End of the 90-day period, in ms; default Date.now(). */
  now?: number;
  tokens?: { tg?: string; vk?: string };
}

export interface DemoChannelSummary {
  groupId: number;
  kind: ChannelKind;
  name: string;
  token: string;
  timeZone: string;
  subscribers: number;
  events: number;
  deliveryRecords: number;
}

export interface DemoSummary {
  seed: number;
  /** End of the period, ms. */
  now: number;
  channels: DemoChannelSummary[];
  /** Every row inserted, in all tables. */
  rows: number;
  elapsedMs: number;
  rowsPerSecond: number;
  subscribersPerSecond: number;
}

interface Setup {
  seed: number;
  period: { start: number; end: number };
  counts: readonly [number, number];
  tokens: readonly [string, string];
}

interface Built {
  channels: DemoChannelSummary[];
  rows: number;
}

/** Fills an empty database (it must have no channels) and reports what it made. */
export function generateDemo(db: Db, options: GenerateDemoOptions): DemoSummary {
  const setup = checkedSetup(options);
  assertEmpty(db);
  const started = performance.now();
  const previous = String(db.pragma("synchronous", { simple: true }));
  // The whole build is one transaction that either lands or not; syncing its pages one by one
  // would only slow it down. The caller's setting (FULL for the API) comes back afterwards.
  db.pragma("synchronous = OFF");
  let built: Built;
  try {
    built = db.transaction(() => withoutIndexes(db, BULK_TABLES, () => build(db, setup)))();
  } finally {
    db.pragma(`synchronous = ${previous}`);
  }
  const elapsedMs = performance.now() - started;
  const subscribers = setup.counts[0] + setup.counts[1];
  return {
    seed: setup.seed,
    now: setup.period.end * 1000,
    channels: built.channels,
    rows: built.rows,
    elapsedMs: Math.round(elapsedMs),
    rowsPerSecond: Math.round(built.rows / (elapsedMs / 1000)),
    subscribersPerSecond: Math.round(subscribers / (elapsedMs / 1000)),
  };
}

/** Tables that get rows per person; their secondary indexes are rebuilt after the build. */
const BULK_TABLES = [
  "subscribers",
  "memberships",
  "subscriber_utms",
  "subscription_events",
  "variables",
  "bot_runs",
  "delivery_records",
] as const;

/**
 * Runs `work` with the tables' secondary indexes dropped, then creates them again from their
 * own SQL (so the schema stays in migrations.ts alone). One sort per index is much cheaper than
 * millions of inserts at random places of B-trees that outgrow the page cache. Indexes that
 * enforce a constraint (sql IS NULL) stay. Triggers are dropped alike, and what they maintain is
 * rebuilt in one pass.
 */
function withoutIndexes<T>(db: Db, tables: readonly string[], work: () => T): T {
  const dropped = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
        WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
          AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY type, name`,
    )
    .all(JSON.stringify(tables)) as { type: "index" | "trigger"; name: string; sql: string }[];
  for (const item of dropped) db.exec(`DROP ${item.type.toUpperCase()} "${item.name}"`);
  const result = work();
  for (const item of dropped) db.exec(item.sql);
  // The triggers that keep the rollups were off: count them once from their rows (the
  // deliveries' counters were counted as their records were written).
  rebuildRollups(db, { deliveryStats: false });
  return result;
}

function checkedSetup(options: GenerateDemoOptions): Setup {
  const { subscribers } = options;
  if (!Number.isSafeInteger(subscribers) || subscribers < 0) {
    throw new RangeError(
      `generateDemo: subscribers must be a whole number ≥ 0, got ${String(subscribers)}`,
    );
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed))
    throw new RangeError(`generateDemo: seed must be an integer, got ${String(seed)}`);
  const now = options.now ?? Date.now();
  if (!Number.isFinite(now))
    throw new RangeError(`generateDemo: now must be a time in ms, got ${String(now)}`);
  const tokens = [
    options.tokens?.tg ?? DEMO_CHANNELS[0].defaultToken,
    options.tokens?.vk ?? DEMO_CHANNELS[1].defaultToken,
  ] as const;
  if (tokens[0] === tokens[1])
    throw new Error("generateDemo: the two demo channels need different tokens");
  const end = Math.floor(now / 1000);
  return {
    seed,
    period: { start: end - PERIOD_DAYS * DAY, end },
    counts: split(subscribers),
    tokens,
  };
}

/** ~70% on Telegram, the rest on VK, and at least one person on each once there are two. */
function split(total: number): readonly [number, number] {
  if (total < 2) return [total, 0];
  const telegram = Math.min(total - 1, Math.max(1, Math.round(total * TELEGRAM_SHARE)));
  return [telegram, total - telegram];
}

function assertEmpty(db: Db): void {
  const row = db.prepare("SELECT count(*) AS n FROM channels").get() as { n: number };
  if (row.n > 0) {
    throw new Error(
      `generateDemo: the database already has ${String(row.n)} channel(s); ` +
        "demo data is only generated into an empty database",
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The build, inside the transaction

function build(db: Db, setup: Setup): Built {
  const rand = createRandom(setup.seed);
  const total = setup.counts[0] + setup.counts[1];
  const people: People = { dbId: new Float64Array(total), ignore: new Uint8Array(total) };
  const events = new EventLog(Math.ceil(total * 1.8));
  const records = new RecordLog(Math.ceil(total * 2.8));
  const rows = { count: 0 };
  const statements = personStatements(db);
  const partIds = { next: between(rand, 20_000, 60_000) };
  const steps = new Map<number, ChannelPlan["bots"][number]["steps"]>();
  const deliveryRates = new Map<number, ReadRates>();

  // What the channels offer is drawn before any timeline, whose draws depend on the clock, and
  // who their people are from a stream of its own: the same seed gives the same catalogs and
  // people whatever day the demo is made (only when things happened moves with it).
  const planned = DEMO_CHANNELS.map((spec) => {
    const period: Period = { ...setup.period, timeZone: spec.timeZone };
    return { spec, period, plan: planChannel(rand, period, partIds) };
  });
  let firstIndex = 0;
  const channels = planned.map(({ spec, period, plan }, channelIndex) => {
    insertChannel(db, spec, setup.tokens[channelIndex] ?? spec.defaultToken);
    rows.count += 2;
    const ids = insertPlan(db, spec.groupId, plan, rows);
    plan.bots.forEach((bot, b) => steps.set(ids.bots[b] ?? 0, bot.steps));
    const timeline = buildTimeline(rand, { ...period, tags: spikeTagsOf(plan).length });
    const count = setup.counts[channelIndex] ?? 0;
    new ChannelPeople({
      rand,
      identity: createStream(setup.seed, channelIndex),
      spec,
      channelIndex,
      plan,
      ids,
      timeline,
      period,
      statements,
      people,
      events,
      records,
      rows,
    }).fill(firstIndex, count);
    firstIndex += count;
    saveLeadInc(db, plan, ids);
    plan.deliveries.forEach((delivery, d) => deliveryRates.set(ids.deliveries[d] ?? 0, delivery));
    return summaryOf(spec, setup.tokens[channelIndex] ?? spec.defaultToken, count);
  });

  const start = setup.period.start;
  const eventCounts = writeEvents(db, events, people, start);
  const recordCounts = writeRecords(db, records, people, steps, deliveryRates, rand, setup.period);
  channels.forEach((channel, c) => {
    channel.events = eventCounts[c] ?? 0;
    channel.deliveryRecords = recordCounts[c] ?? 0;
  });
  return { channels, rows: rows.count + events.length + records.length };
}

function summaryOf(spec: ChannelSpec, token: string, subscribers: number): DemoChannelSummary {
  return {
    groupId: spec.groupId,
    kind: spec.kind,
    name: spec.name,
    token,
    timeZone: spec.timeZone,
    subscribers,
    events: 0,
    deliveryRecords: 0,
  };
}

function personStatements(db: Db): PersonStatements {
  return {
    subscriber: db.prepare(
      `INSERT INTO subscribers
         (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    membership: db.prepare(
      "INSERT INTO memberships (subscriber_id, subscription_id, created_at, source) VALUES (?, ?, ?, ?)",
    ),
    subscriberUtm: db.prepare("INSERT INTO subscriber_utms (subscriber_id, utm_id) VALUES (?, ?)"),
    variable: db.prepare("INSERT INTO variables (subscriber_id, name, value) VALUES (?, ?, ?)"),
    botRun: db.prepare(
      "INSERT INTO bot_runs (subscriber_id, bot_id, step_id, started_at) VALUES (?, ?, ?, ?)",
    ),
  };
}

function insertChannel(db: Db, spec: ChannelSpec, token: string): void {
  db.prepare(
    `INSERT INTO channels (id, kind, name, photo, external_id, workspace_id, time_zone)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    spec.groupId,
    spec.kind,
    spec.name,
    spec.photo,
    spec.externalId,
    spec.workspaceId,
    spec.timeZone,
  );
  db.prepare("INSERT INTO tokens (token, channel_id) VALUES (?, ?)").run(token, spec.groupId);
}

/** Inserts a statement's rows and returns their ids, in order. */
function insertAll<T>(
  statement: Statement,
  items: readonly T[],
  values: (item: T) => unknown[],
): number[] {
  return items.map((item) => Number(statement.run(...values(item)).lastInsertRowid));
}

function insertPlan(
  db: Db,
  channel: number,
  plan: ChannelPlan,
  rows: { count: number },
): ChannelIds {
  const subscriptions = insertAll(
    db.prepare("INSERT INTO subscriptions (channel_id, name) VALUES (?, ?)"),
    plan.subscriptions,
    (s) => [channel, s.name],
  );
  const tags = insertAll(
    db.prepare(
      `INSERT INTO utm_tags (channel_id, subscription_id, name, utm_source, utm_medium,
         utm_campaign, utm_content, utm_term, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    plan.tags,
    (t) => [
      channel,
      subscriptions[t.subscription],
      t.name,
      t.utmSource,
      t.utmMedium,
      t.utmCampaign,
      t.utmContent,
      t.utmTerm,
      t.createdAt,
    ],
  );
  const bots = insertAll(
    db.prepare(
      "INSERT INTO bots (channel_id, title, created_at, active, published) VALUES (?, ?, ?, ?, ?)",
    ),
    plan.bots,
    (b) => [channel, b.title, b.createdAt, b.active, b.published],
  );
  const step = db.prepare(
    "INSERT INTO bot_steps (bot_id, step_id, title, type, position) VALUES (?, ?, ?, ?, ?)",
  );
  plan.bots.forEach((bot, b) => {
    bot.steps.forEach((s, position) => step.run(bots[b], s.stepId, s.title, s.type, position));
    rows.count += bot.steps.length;
  });
  const deliveries = insertAll(
    db.prepare(
      "INSERT INTO deliveries (channel_id, name, type, status, inactive, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    plan.deliveries,
    (d) => [channel, d.name, d.type, d.status, d.inactive, d.createdAt],
  );
  rows.count += subscriptions.length + tags.length + bots.length + deliveries.length;
  return { channel, subscriptions, tags, bots, deliveries };
}

/** How many times each bot step ran, as counted while the people were made. */
function saveLeadInc(db: Db, plan: ChannelPlan, ids: ChannelIds): void {
  const update = db.prepare("UPDATE bot_steps SET lead_inc = ? WHERE bot_id = ? AND step_id = ?");
  plan.bots.forEach((bot, b) => {
    bot.steps.forEach((step, position) => {
      update.run(bot.leadInc[position] ?? 0, ids.bots[b] ?? 0, step.stepId);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Time-ordered rows

/** Inserts the logged events in time order; returns the count per channel. */
function writeEvents(db: Db, events: EventLog, people: People, start: number): number[] {
  const insert = db.prepare(
    `INSERT INTO subscription_events
       (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const counts = [0, 0];
  const channelIds = DEMO_CHANNELS.map((spec) => spec.groupId);
  for (const key of timeOrder(events.at, events.length)) {
    const i = rowOf(key);
    const flags = events.flags[i] ?? 0;
    const person = events.person[i] ?? 0;
    const channel = flags >> EventFlag.channelShift;
    const utm = events.utm[i] ?? 0;
    insert.run(
      channelIds[channel],
      people.dbId[person],
      events.subscription[i],
      flags & EventFlag.unsubscribe ? 2 : 1,
      SOURCES[(flags >> EventFlag.sourceShift) & EventFlag.sourceMask],
      utm === 0 ? null : utm,
      people.ignore[person],
      start + (events.at[i] ?? 0),
    );
    counts[channel] = (counts[channel] ?? 0) + 1;
  }
  return counts;
}

/**
 * Message ids as a messenger would give them: `vk_id` grows across the channel (other traffic
 * takes ids in between), `conversation_message_id` grows within each person's conversation,
 * and a message sent in parts takes one id per part.
 */
class MessageIds {
  private readonly channelNext: number[];
  private readonly conversationNext: Uint32Array;

  constructor(
    private readonly rand: Random,
    people: number,
  ) {
    this.channelNext = [between(rand, 1_200_000, 3_000_000), between(rand, 400_000, 900_000)];
    this.conversationNext = new Uint32Array(people);
  }

  next(channel: number, person: number, parts: number): { vkId: number; messageId: number } {
    const vkId = (this.channelNext[channel] ?? 1) + between(this.rand, 0, 3);
    this.channelNext[channel] = vkId + parts;
    // A conversation may already hold a few messages of the person's own.
    const held = this.conversationNext[person] ?? 0;
    const messageId = held > 0 ? held : between(this.rand, 1, 12);
    this.conversationNext[person] = messageId + parts;
    return { vkId, messageId };
  }
}

function partIds(first: number, parts: number): string {
  return JSON.stringify(Array.from({ length: parts }, (_, k) => first + k));
}

interface ReadRates {
  readRate: number;
  clickRate: number;
}

/** People read most bot messages and click in few. */
const BOT_RATES: ReadRates = { readRate: 0.85, clickRate: 0.08 };

/**
 * Whether a sent message was read, and when its link was clicked (read ones only; a click
 * after the end of the period has not happened yet): each delivery has its own rates.
 */
function readAndClick(rand: Random, rates: ReadRates, at: number, end: number) {
  if (rand() >= rates.readRate) return { read: 0, clickedAt: null };
  if (rand() >= rates.clickRate) return { read: 1, clickedAt: null };
  const clickedAt =
    at + (chance(rand, 0.7) ? between(rand, 20, 1800) : between(rand, 1800, 86_400));
  return { read: 1, clickedAt: clickedAt <= end ? clickedAt : null };
}

/** Inserts the logged delivery records in time order; returns the count per channel. */
function writeRecords(
  db: Db,
  records: RecordLog,
  people: People,
  steps: Map<number, ChannelPlan["bots"][number]["steps"]>,
  deliveryRates: Map<number, ReadRates>,
  rand: Random,
  period: { start: number; end: number },
): number[] {
  const insert = db.prepare(
    `INSERT INTO delivery_records (channel_id, subscriber_id, delivery_id, bot_id, step_id, part_id,
       bot_test, error, error_code, vk_id, conversation_message_id, part_ids, at, is_read,
       clicked_at, unsubscribed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids = new MessageIds(rand, people.dbId.length);
  const counts = [0, 0];
  const channelIds = DEMO_CHANNELS.map((spec) => spec.groupId);
  const stats = new DeliveryStats();
  for (const key of timeOrder(records.at, records.length)) {
    const i = rowOf(key);
    const flags = records.flags[i] ?? 0;
    const person = records.person[i] ?? 0;
    const channel = (flags >> RecordFlag.channelShift) & 1;
    const ref = records.ref[i] ?? 0;
    const bot = (flags & RecordFlag.bot) !== 0;
    const step = bot ? steps.get(ref)?.[records.step[i] ?? 0] : undefined;
    const error = (flags >> RecordFlag.errorShift) & RecordFlag.errorMask;
    const parts = (flags >> RecordFlag.partsShift) & RecordFlag.partsMask;
    const sent = error === 0 ? ids.next(channel, person, parts) : undefined;
    const at = period.start + (records.at[i] ?? 0);
    const seen = sent
      ? readAndClick(rand, bot ? BOT_RATES : (deliveryRates.get(ref) ?? BOT_RATES), at, period.end)
      : { read: 0, clickedAt: null };
    insert.run(
      channelIds[channel],
      people.dbId[person],
      bot ? null : ref,
      bot ? ref : null,
      step?.stepId ?? null,
      step?.partId ?? null,
      flags & RecordFlag.test ? 1 : 0,
      error,
      error === ERROR_FAILED ? 400 : 0,
      sent?.vkId ?? 0,
      sent?.messageId ?? null,
      sent && parts > 1 ? partIds(sent.messageId, parts) : null,
      at,
      seen.read,
      seen.clickedAt,
      !bot && flags & RecordFlag.unsubscribed ? 1 : 0,
    );
    if (!bot) stats.add(ref, error, seen.read, seen.clickedAt, flags & RecordFlag.unsubscribed);
    counts[channel] = (counts[channel] ?? 0) + 1;
  }
  stats.save(db);
  return counts;
}

/** The counters of delivery_stats, kept while the records are written (its triggers are off). */
class DeliveryStats {
  private readonly rows = new Map<number, number[]>();

  add(delivery: number, error: number, read: number, clickedAt: number | null, left: number) {
    const row = this.rows.get(delivery) ?? [0, 0, 0, 0, 0, 0];
    const counts = [1, error === 0, error !== 0, read === 1, clickedAt !== null, left !== 0];
    counts.forEach((add, k) => (row[k] = (row[k] ?? 0) + Number(add)));
    this.rows.set(delivery, row);
  }

  save(db: Db): void {
    const insert = db.prepare(
      `INSERT INTO delivery_stats (delivery_id, recipients, sent, errors, read, clicked, unsubscribed)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [delivery, row] of this.rows) insert.run(delivery, ...row);
  }
}
