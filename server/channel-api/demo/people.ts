import type { Statement } from "better-sqlite3";
import type { BotPlan, ChannelPlan, ChannelSpec, Period } from "./catalog";
import { VARIABLES } from "./catalog";
import { EventFlag, type EventLog, RecordFlag, type RecordLog } from "./logs";
import { pickName, pickPhoto } from "./names";
import { type Random, between, chance, pickWeighted, shuffled } from "./random";
import { type Timeline, sampleTime, slotOf } from "./timeline";

/**
 * The life of each demo person in one channel over the period: the first subscription (which
 * makes them a subscriber), perhaps more subscriptions, an unsubscription and a return, campaign
 * tags, variables, a bot run, and the mass deliveries that reached them. Rows of the person
 * themselves go to the database at once (in subscriber id order); events and delivery records go
 * to the logs, to be inserted later in time order.
 */

/** Event sources as the API names them (api-facts.md), with how often each brings a person. */
export const SOURCES = [
  "subscriptions",
  "subscription",
  "widget",
  "keyword",
  "api",
  "site",
  "hand",
  "other",
] as const;
const SUBSCRIBE_SOURCE_WEIGHTS = [0.22, 0.16, 0.18, 0.1, 0.08, 0.16, 0.04, 0.06];
const UNSUBSCRIBE_SOURCE_WEIGHTS = [0.5, 0.2, 0, 0, 0.1, 0, 0.1, 0.1];
const SOURCE_SUBSCRIPTIONS = 0;

/** Share of subscribe events outside campaign spikes that carry a tag (~35% overall). */
const TAGGED_SHARE = 0.28;
const INACTIVE_SHARE = 0.12;
const IGNORED_SHARE = 0.01;
const UNSUBSCRIBE_SHARE = 0.15;
const RESUBSCRIBE_SHARE = 0.2;
const VARIABLES_SHARE = 0.4;
const BOT_SHARE = 0.1;
/** A bot person goes on to the next step with this probability. */
const BOT_STEP_ON = 0.75;

export const ERROR_FAILED = 1;
export const ERROR_NOT_ALLOWED = 2;

/** What a channel's rows are called in the database. */
export interface ChannelIds {
  channel: number;
  subscriptions: number[];
  tags: number[];
  bots: number[];
  deliveries: number[];
}

export interface PersonStatements {
  subscriber: Statement;
  membership: Statement;
  subscriberUtm: Statement;
  variable: Statement;
  botRun: Statement;
}

/** Per person, across channels; `index` in the logs is the position in these arrays. */
export interface People {
  dbId: Float64Array;
  ignore: Uint8Array;
}

interface Stay {
  subscription: number;
  from: number;
  to: number;
  source: number;
  tag: number;
}

interface Person {
  index: number;
  dbId: number;
  status: number;
  stays: Stay[];
  tags: number[];
}

export interface ChannelContext {
  rand: Random;
  spec: ChannelSpec;
  channelIndex: number;
  plan: ChannelPlan;
  ids: ChannelIds;
  timeline: Timeline;
  period: Period;
  statements: PersonStatements;
  people: People;
  events: EventLog;
  records: RecordLog;
  rows: { count: number };
}

/** A delivery's outcome as record flags: ~4% failed (400), ~2% not allowed, ~5% multi-part. */
function outcome(rand: Random): number {
  const u = rand();
  if (u < 0.04) return (ERROR_FAILED << RecordFlag.errorShift) | (1 << RecordFlag.partsShift);
  if (u < 0.06) return (ERROR_NOT_ALLOWED << RecordFlag.errorShift) | (1 << RecordFlag.partsShift);
  const parts = chance(rand, 0.05) ? between(rand, 2, 3) : 1;
  return parts << RecordFlag.partsShift;
}

export class ChannelPeople {
  private readonly tagWeights: number[];
  private readonly botWeights: number[];
  /** Seconds a mass delivery takes to go out to the whole channel. */
  private sendSpread = 60;

  constructor(private readonly ctx: ChannelContext) {
    this.tagWeights = ctx.plan.tags.map((tag) => tag.weight);
    this.botWeights = ctx.plan.bots.map((bot) => bot.weight);
  }

  /** Adds `count` people; person k of the channel is `firstIndex + k` in `people`. */
  fill(firstIndex: number, count: number): void {
    const { rand, timeline } = this.ctx;
    const joined = new Uint32Array(count);
    for (let k = 0; k < count; k++) joined[k] = sampleTime(timeline, rand) - timeline.start;
    // Subscriber ids grow with the time people joined, as they would in the real service.
    joined.sort();
    const userIds = spreadUserIds(rand, count, this.ctx.spec.userIds);
    // Messengers throttle bulk sending: ~40 messages a second, up to three hours in all.
    this.sendSpread = Math.min(3 * 3600, Math.max(60, Math.round(count / 40)));
    for (let k = 0; k < count; k++) {
      this.person(firstIndex + k, timeline.start + (joined[k] ?? 0), userIds[k] ?? 0);
    }
    this.testRuns(firstIndex, count, joined);
  }

  private person(index: number, joinedAt: number, userId: number): void {
    const { rand, spec, statements, people } = this.ctx;
    const name = pickName(rand, spec.kind);
    const status = chance(rand, INACTIVE_SHARE) ? 2 : 1;
    const ignore = chance(rand, IGNORED_SHARE) ? 1 : 0;
    const result = statements.subscriber.run(
      this.ctx.ids.channel,
      userId,
      name.firstName,
      name.lastName,
      pickPhoto(rand, spec.kind),
      status,
      ignore,
      joinedAt,
    );
    const person: Person = {
      index,
      dbId: Number(result.lastInsertRowid),
      status,
      stays: [],
      tags: [],
    };
    people.dbId[index] = person.dbId;
    people.ignore[index] = ignore;
    this.ctx.rows.count++;

    this.subscriptionStory(person, joinedAt);
    this.saveMemberships(person);
    this.variables(person);
    if (chance(rand, BOT_SHARE)) this.botRun(person, joinedAt);
    this.massDeliveries(person);
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  /** Most people keep 1–2 subscriptions; some leave one, and a few of those come back. */
  private subscriptionStory(person: Person, joinedAt: number): void {
    const { rand } = this.ctx;
    this.subscribe(person, joinedAt, pickWeighted(rand, SUBSCRIBE_SOURCE_WEIGHTS));
    let t = joinedAt;
    const u = rand();
    const more = u < 0.08 ? 2 : u < 0.42 ? 1 : 0;
    for (let k = 0; k < more && t >= 0; k++) {
      t = this.soonAfter(t);
      if (t >= 0) this.subscribe(person, t, pickWeighted(rand, SUBSCRIBE_SOURCE_WEIGHTS));
    }
    if (t < 0 || !chance(rand, UNSUBSCRIBE_SHARE)) return;
    t = sampleTime(this.ctx.timeline, rand, t);
    if (t < 0) return;
    const left = this.unsubscribe(person, t);
    if (left < 0 || !chance(rand, RESUBSCRIBE_SHARE)) return;
    t = sampleTime(this.ctx.timeline, rand, t);
    if (t >= 0) this.subscribe(person, t, SOURCE_SUBSCRIPTIONS, left);
  }

  /** Half the time in the same visit (seconds to minutes later), else on a later visit. */
  private soonAfter(t: number): number {
    const { rand, timeline } = this.ctx;
    if (chance(rand, 0.5)) {
      const soon = t + between(rand, 5, 900);
      if (soon <= timeline.end) return soon;
    }
    return sampleTime(timeline, rand, t);
  }

  /** A campaign running at `t` brings its share of people; others come tagged by chance. */
  private chooseTag(t: number): number {
    const { rand, timeline } = this.ctx;
    const slot = slotOf(timeline, t);
    const campaign = timeline.campaignTag[slot] ?? -1;
    if (campaign >= 0 && rand() < (timeline.campaignShare[slot] ?? 0)) return campaign;
    return chance(rand, TAGGED_SHARE) ? pickWeighted(rand, this.tagWeights) : -1;
  }

  private chooseSubscription(person: Person): number {
    const weights = this.ctx.plan.subscriptions.map((subscription, i) =>
      isMember(person, i) ? 0 : subscription.weight,
    );
    return pickWeighted(this.ctx.rand, weights);
  }

  /** Subscribes to `only`, or to a subscription a tag leads to, or to any other one. */
  private subscribe(person: Person, t: number, source: number, only = -1): void {
    let tag = only >= 0 ? -1 : this.chooseTag(t);
    let subscription = only >= 0 ? only : (this.ctx.plan.tags[tag]?.subscription ?? -1);
    if (subscription >= 0 && isMember(person, subscription)) {
      if (only >= 0) return;
      tag = -1;
      subscription = -1;
    }
    if (subscription < 0) subscription = this.chooseSubscription(person);
    if (subscription < 0) return;
    person.stays.push({ subscription, from: t, to: Number.POSITIVE_INFINITY, source, tag });
    if (tag >= 0 && !person.tags.includes(tag)) person.tags.push(tag);
    this.logEvent(person, t, subscription, false, source, tag);
  }

  /** Leaves one current subscription; returns its index, or -1 when there is none. */
  private unsubscribe(person: Person, t: number): number {
    const { rand } = this.ctx;
    const current = person.stays.filter((stay) => stay.to === Number.POSITIVE_INFINITY);
    const stay = current[Math.floor(rand() * current.length)];
    if (stay === undefined) return -1;
    stay.to = t;
    // The tag that brought the person is credited with the leave too (utms/statCount).
    this.logEvent(
      person,
      t,
      stay.subscription,
      true,
      pickWeighted(rand, UNSUBSCRIBE_SOURCE_WEIGHTS),
      stay.tag,
    );
    return stay.subscription;
  }

  private logEvent(
    person: Person,
    t: number,
    subscription: number,
    leave: boolean,
    source: number,
    tag: number,
  ): void {
    const { ids, timeline } = this.ctx;
    this.ctx.events.push(
      t - timeline.start,
      person.index,
      ids.subscriptions[subscription] ?? 0,
      tag >= 0 ? (ids.tags[tag] ?? 0) : 0,
      (leave ? EventFlag.unsubscribe : 0) |
        (source << EventFlag.sourceShift) |
        (this.ctx.channelIndex << EventFlag.channelShift),
    );
  }

  private saveMemberships(person: Person): void {
    const { ids, statements, rows } = this.ctx;
    for (const stay of person.stays) {
      if (stay.to !== Number.POSITIVE_INFINITY) continue;
      statements.membership.run(
        person.dbId,
        ids.subscriptions[stay.subscription] ?? 0,
        stay.from,
        SOURCES[stay.source] ?? "other",
      );
      rows.count++;
    }
    for (const tag of person.tags) {
      statements.subscriberUtm.run(person.dbId, ids.tags[tag] ?? 0);
      rows.count++;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Variables, bots, deliveries

  private variables(person: Person): void {
    const { rand, statements, period, rows } = this.ctx;
    if (!chance(rand, VARIABLES_SHARE)) return;
    for (const variable of shuffled(rand, VARIABLES).slice(0, between(rand, 1, 4))) {
      statements.variable.run(person.dbId, variable.name, variable.value(rand, period));
      rows.count++;
    }
  }

  /** Most bot runs start right after subscribing (a welcome flow), the rest on a later visit. */
  private botRun(person: Person, joinedAt: number): void {
    const { rand, timeline, plan, ids, statements, rows } = this.ctx;
    const botIndex = pickWeighted(rand, this.botWeights);
    const bot = plan.bots[botIndex];
    if (bot === undefined) return;
    let startedAt = chance(rand, 0.6)
      ? joinedAt + between(rand, 2, 60)
      : sampleTime(timeline, rand, joinedAt);
    if (startedAt < 0 || startedAt > timeline.end) startedAt = joinedAt;
    const reached = this.botSteps(person, bot, ids.bots[botIndex] ?? 0, startedAt);
    statements.botRun.run(
      person.dbId,
      ids.bots[botIndex] ?? 0,
      bot.steps[reached]?.stepId ?? "",
      startedAt,
    );
    rows.count++;
  }

  /** Logs a record per step reached; returns the position of the last one. */
  private botSteps(person: Person, bot: BotPlan, botId: number, startedAt: number): number {
    const { rand, timeline } = this.ctx;
    let t = startedAt;
    let reached = 0;
    for (let position = 0; position < bot.steps.length; position++) {
      t += position === 0 ? between(rand, 1, 5) : stepDelay(rand);
      if (t > timeline.end) break;
      reached = position;
      this.logRecord(person.index, t, botId, position, RecordFlag.bot | outcome(rand));
      if (!chance(rand, BOT_STEP_ON)) break;
    }
    return reached;
  }

  /** Active, unblocked members of the delivery's audience at its send time get the message. */
  private massDeliveries(person: Person): void {
    const { rand, plan, ids, people, timeline } = this.ctx;
    if (person.status !== 1 || people.ignore[person.index] === 1) return;
    plan.deliveries.forEach((delivery, d) => {
      if (delivery.status !== "sent") return;
      const sentAt = delivery.createdAt;
      const member = person.stays.some(
        (stay) =>
          (delivery.target < 0 || stay.subscription === delivery.target) &&
          stay.from <= sentAt &&
          sentAt < stay.to,
      );
      if (!member) return;
      const at = Math.min(sentAt + Math.floor(rand() * this.sendSpread), timeline.end);
      this.logRecord(person.index, at, ids.deliveries[d] ?? 0, 0, outcome(rand));
    });
  }

  /**
   * The channel's first two people are its team: they try every bot in test runs (the only
   * runs a draft bot has).
   */
  private testRuns(firstIndex: number, count: number, joined: Uint32Array): void {
    const { rand, plan, ids, timeline } = this.ctx;
    for (let k = 0; k < Math.min(2, count); k++) {
      plan.bots.forEach((bot, b) => {
        for (let run = between(rand, 1, 3); run > 0; run--) {
          const after = Math.max(timeline.start + (joined[k] ?? 0), bot.createdAt);
          let t = sampleTime(timeline, rand, after);
          if (t < 0) return;
          bot.steps.forEach((_, position) => {
            t = Math.min(t + between(rand, 2, 40), timeline.end);
            const flags = RecordFlag.bot | RecordFlag.test | outcome(rand);
            this.logRecord(firstIndex + k, t, ids.bots[b] ?? 0, position, flags);
          });
        }
      });
    }
  }

  private logRecord(index: number, t: number, ref: number, step: number, flags: number): void {
    const channel = this.ctx.channelIndex << RecordFlag.channelShift;
    this.ctx.records.push(t - this.ctx.timeline.start, index, ref, step, flags | channel);
  }
}

function isMember(person: Person, subscription: number): boolean {
  return person.stays.some(
    (stay) => stay.subscription === subscription && stay.to === Number.POSITIVE_INFINITY,
  );
}

/** Minutes for a quick reply, hours or a day for a scheduled follow-up. */
function stepDelay(rand: Random): number {
  return chance(rand, 0.5) ? between(rand, 20, 600) : between(rand, 3600, 36 * 3600);
}

/**
 * `count` distinct ids spread over [lo, hi): the range is cut into `count` equal buckets, one id
 * in each, and the buckets are handed out in random order. Distinct by construction, no set of
 * ids seen so far is needed.
 */
export function spreadUserIds(
  rand: Random,
  count: number,
  range: { lo: number; hi: number },
): Float64Array {
  const width = (range.hi - range.lo) / count;
  if (width < 1)
    throw new RangeError(`cannot draw ${String(count)} distinct user ids from the range`);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const held = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = held;
  }
  const ids = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    // Bucket j holds the whole numbers in [floor(j·width), floor((j+1)·width)): at least one.
    const bucket = order[i] ?? 0;
    const first = Math.floor(bucket * width);
    const size = Math.floor((bucket + 1) * width) - first;
    ids[i] = range.lo + first + Math.floor(rand() * size);
  }
  return ids;
}
