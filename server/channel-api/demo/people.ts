import type { Statement } from "better-sqlite3";
import type {
  BotPlan,
  CampaignKind,
  ChannelPlan,
  ChannelSpec,
  DeliveryPlan,
  Period,
} from "./catalog";
import { monthStart, VARIABLES } from "./catalog";
import { fromWallTime, toWallTime } from "../../../src/contract/datetime";
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
/** A bot person goes on past a step of each kind with this probability: funnels lose people. */
const BOT_STEP_ON = { start: 0.97, message: 0.8, timer: 0.93, if: 0.6, action: 0.98 } as const;

/** A campaign's weight in each calendar month of the period (0 = the first). */
function campaignFactor(kind: CampaignKind, month: number, months: number): number {
  switch (kind) {
    case "fading":
      return 2.4 * 0.5 ** month;
    case "new":
      return month === months - 1 ? 3 : 0;
    case "growing":
      return 0.6 + 0.5 * month;
    default:
      return 1;
  }
}

/** Starts of the calendar months the period touches, in its zone (the first may be earlier). */
function monthStarts(period: Period): number[] {
  const starts = [monthStart(period.start, period.timeZone)];
  for (;;) {
    const wall = toWallTime((starts.at(-1) ?? 0) * 1000, period.timeZone);
    const next = Math.floor(
      fromWallTime(
        {
          ...wall,
          year: wall.month === 12 ? wall.year + 1 : wall.year,
          month: wall.month === 12 ? 1 : wall.month + 1,
        },
        period.timeZone,
      ) / 1000,
    );
    if (next > period.end) return starts;
    starts.push(next);
  }
}

const DAY = 86_400;

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
  /**
   * Who the people are (name, photo, user id), drawn apart from `rand`: the timeline before them
   * takes a number of draws that depends on the clock, and the same seed must give the same
   * people whenever the demo is made (support staff, and tests, search them by name).
   */
  identity: Random;
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
  /** Tag weights per calendar month: campaigns rise and fade. */
  private readonly tagWeights: number[][];
  /** Chance that an ordinary subscribe event carries a tag, per calendar month. */
  private readonly taggedShare: number[];
  private readonly months: number[];
  /** Tags a campaign spike can be on (steady and growing campaigns), by spike index. */
  private readonly spikeTags: number[];
  private readonly botWeights: number[];
  /** Sent deliveries in the order they went out. */
  private readonly deliveryOrder: number[];
  /** Seconds a mass delivery takes to go out to the whole channel. */
  private sendSpread = 60;

  constructor(private readonly ctx: ChannelContext) {
    this.months = monthStarts(ctx.period);
    this.tagWeights = this.months.map((_, month) =>
      ctx.plan.tags.map(
        (tag) => tag.weight * campaignFactor(tag.campaignKind, month, this.months.length),
      ),
    );
    // A month's share of tagged events follows its campaigns' total weight, so a fading
    // campaign loses people instead of taking a larger slice of the same number.
    const reference = ctx.plan.tags.reduce((sum, tag) => sum + tag.weight, 0);
    this.taggedShare = this.tagWeights.map(
      (weights) => (TAGGED_SHARE * weights.reduce((sum, w) => sum + w, 0)) / (reference || 1),
    );
    this.spikeTags = spikeTagsOf(ctx.plan);
    this.botWeights = ctx.plan.bots.map((bot) => bot.weight);
    this.deliveryOrder = ctx.plan.deliveries
      .map((delivery, d) => ({ delivery, d }))
      .filter(({ delivery }) => delivery.status !== "waiting")
      .sort((a, b) => a.delivery.createdAt - b.delivery.createdAt)
      .map(({ d }) => d);
  }

  private monthOf(t: number): number {
    let month = 0;
    while (month + 1 < this.months.length && (this.months[month + 1] ?? 0) <= t) month++;
    return month;
  }

  /** Adds `count` people; person k of the channel is `firstIndex + k` in `people`. */
  fill(firstIndex: number, count: number): void {
    const { rand, timeline } = this.ctx;
    const joined = new Uint32Array(count);
    for (let k = 0; k < count; k++) joined[k] = sampleTime(timeline, rand) - timeline.start;
    // Subscriber ids grow with the time people joined, as they would in the real service.
    joined.sort();
    const userIds = spreadUserIds(this.ctx.identity, count, this.ctx.spec.userIds);
    // Messengers throttle bulk sending: ~40 messages a second, up to three hours in all.
    this.sendSpread = Math.min(3 * 3600, Math.max(60, Math.round(count / 40)));
    for (let k = 0; k < count; k++) {
      this.person(firstIndex + k, timeline.start + (joined[k] ?? 0), userIds[k] ?? 0);
    }
    this.testRuns(firstIndex, count, joined);
  }

  private person(index: number, joinedAt: number, userId: number): void {
    const { rand, identity, spec, statements, people } = this.ctx;
    const name = pickName(identity, spec.kind);
    const status = chance(rand, INACTIVE_SHARE) ? 2 : 1;
    const ignore = chance(rand, IGNORED_SHARE) ? 1 : 0;
    const result = statements.subscriber.run(
      this.ctx.ids.channel,
      userId,
      name.firstName,
      name.lastName,
      pickPhoto(identity, spec.kind, spec.groupId, userId),
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
    this.variables(person);
    if (chance(rand, BOT_SHARE)) this.botRun(person, joinedAt);
    this.massDeliveries(person, joinedAt);
    this.saveMemberships(person);
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
    const spike = timeline.campaignTag[slot] ?? -1;
    const campaign = spike >= 0 ? (this.spikeTags[spike] ?? -1) : -1;
    if (campaign >= 0 && rand() < (timeline.campaignShare[slot] ?? 0)) return campaign;
    const month = this.monthOf(t);
    if (!chance(rand, this.taggedShare[month] ?? 0)) return -1;
    return pickWeighted(rand, this.tagWeights[month] ?? []);
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

  /**
   * Walks the person through the bot's steps, each kind losing some people; counts every step
   * reached (lead_inc) and logs a record for each message step. Returns the last position.
   */
  private botSteps(person: Person, bot: BotPlan, botId: number, startedAt: number): number {
    const { rand, timeline } = this.ctx;
    let t = startedAt;
    let reached = 0;
    for (let position = 0; position < bot.steps.length; position++) {
      const type = bot.steps[position]?.type ?? "message";
      t += position === 0 ? between(rand, 1, 5) : stepDelay(rand, type);
      if (t > timeline.end) break;
      reached = position;
      bot.leadInc[position] = (bot.leadInc[position] ?? 0) + 1;
      if (type === "message") {
        this.logRecord(person.index, t, botId, position, RecordFlag.bot | outcome(rand));
      }
      if (!chance(rand, BOT_STEP_ON[type])) break;
    }
    return reached;
  }

  /**
   * Active, unblocked members of the delivery's audience when it goes to them get the message:
   * a one-off at its send time (a delivery still in progress has not reached everyone yet), a
   * chain a while after the person first subscribed. Some recipients leave a subscription in
   * the hours after (a delivery's own unsubscribe rate); every mass record whose recipient
   * left within 24 hours is marked, as the API's trigger marks live ones.
   */
  private massDeliveries(person: Person, joinedAt: number): void {
    const { rand, plan, ids, people, timeline } = this.ctx;
    if (person.status !== 1 || people.ignore[person.index] === 1) return;
    const received: { index: number; at: number }[] = [];
    for (const d of this.deliveryOrder) {
      const delivery = plan.deliveries[d];
      if (delivery === undefined) continue;
      const at = this.sendTime(delivery, joinedAt);
      if (at < 0 || at > timeline.end || !isMemberAt(person, delivery.target, at)) continue;
      const flags = outcome(rand);
      const index = this.logRecord(person.index, at, ids.deliveries[d] ?? 0, 0, flags);
      if (((flags >> RecordFlag.errorShift) & RecordFlag.errorMask) !== 0) continue;
      received.push({ index, at });
      if (chance(rand, delivery.unsubscribeRate)) this.leaveAfter(person, delivery, at);
    }
    const leaves = person.stays
      .map((stay) => stay.to)
      .filter((to) => to !== Number.POSITIVE_INFINITY);
    const flags = this.ctx.records.flags;
    for (const { index, at } of received) {
      if (leaves.some((to) => to >= at && to <= at + DAY)) {
        flags[index] = (flags[index] ?? 0) | RecordFlag.unsubscribed;
      }
    }
  }

  private sendTime(delivery: DeliveryPlan, joinedAt: number): number {
    if (delivery.type === "chain") {
      const at = joinedAt + delivery.chainDelay;
      return at >= delivery.createdAt && at < delivery.stoppedAt ? at : -1;
    }
    const spread = delivery.sendSpread > 0 ? delivery.sendSpread : this.sendSpread;
    return delivery.createdAt + Math.floor(this.ctx.rand() * spread);
  }

  /** The person leaves a subscription the delivery reached them through, minutes to hours later. */
  private leaveAfter(person: Person, delivery: DeliveryPlan, at: number): void {
    const { rand, timeline } = this.ctx;
    const leaveAt = at + between(rand, 5 * 60, 6 * 3600);
    if (leaveAt > timeline.end) return;
    const current = person.stays.filter(
      (stay) =>
        stay.to === Number.POSITIVE_INFINITY &&
        stay.from <= at &&
        (delivery.target < 0 || stay.subscription === delivery.target),
    );
    const stay = current[Math.floor(rand() * current.length)];
    if (stay === undefined) return;
    stay.to = leaveAt;
    this.logEvent(
      person,
      leaveAt,
      stay.subscription,
      true,
      pickWeighted(rand, UNSUBSCRIBE_SOURCE_WEIGHTS),
      stay.tag,
    );
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
          bot.steps.forEach((step, position) => {
            t = Math.min(t + between(rand, 2, 40), timeline.end);
            bot.leadInc[position] = (bot.leadInc[position] ?? 0) + 1;
            if (step.type !== "message") return;
            const flags = RecordFlag.bot | RecordFlag.test | outcome(rand);
            this.logRecord(firstIndex + k, t, ids.bots[b] ?? 0, position, flags);
          });
        }
      });
    }
  }

  /** Logs a delivery record; returns its row in the log. */
  private logRecord(index: number, t: number, ref: number, step: number, flags: number): number {
    const channel = this.ctx.channelIndex << RecordFlag.channelShift;
    return this.ctx.records.push(t - this.ctx.timeline.start, index, ref, step, flags | channel);
  }
}

/** The tags a campaign spike may be on: those of steady and growing campaigns. */
export function spikeTagsOf(plan: ChannelPlan): number[] {
  return plan.tags
    .map((tag, index) => ({ tag, index }))
    .filter(({ tag }) => tag.campaignKind === "steady" || tag.campaignKind === "growing")
    .map(({ index }) => index);
}

/** A member at `at` of the subscription (or of any, for -1). */
function isMemberAt(person: Person, target: number, at: number): boolean {
  return person.stays.some(
    (stay) => (target < 0 || stay.subscription === target) && stay.from <= at && at < stay.to,
  );
}

function isMember(person: Person, subscription: number): boolean {
  return person.stays.some(
    (stay) => stay.subscription === subscription && stay.to === Number.POSITIVE_INFINITY,
  );
}

/** Timers wait hours to a day and a half; conditions and actions take seconds; messages follow in minutes. */
function stepDelay(rand: Random, type: keyof typeof BOT_STEP_ON): number {
  if (type === "timer") return between(rand, 3600, 36 * 3600);
  if (type === "if" || type === "action") return between(rand, 1, 10);
  return chance(rand, 0.7) ? between(rand, 20, 600) : between(rand, 3600, 6 * 3600);
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
