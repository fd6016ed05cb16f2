import { toWallTime } from "../../../src/contract/datetime";
import { type Random, between, chance } from "./random";

/**
 * How busy each hour of the demo period is, in one channel's time zone: people subscribe in
 * the daytime more than at night, on weekdays more than at weekends, the channel grows a little
 * over the period, and a few advertising campaigns bring 3–5 times the usual traffic for a few
 * days. Every event time of the demo data is drawn from this distribution.
 *
 * Times here are unix seconds, as in the database.
 */

const HOUR = 3600;

/** Relative traffic by local hour of day, 0..23. */
const BY_HOUR = [
  0.16, 0.09, 0.05, 0.04, 0.04, 0.08, 0.22, 0.5, 0.85, 1.05, 1.15, 1.2, 1.3, 1.25, 1.15, 1.15, 1.2,
  1.3, 1.4, 1.5, 1.45, 1.15, 0.7, 0.35,
] as const;

/** Relative traffic by ISO weekday, 1 = Monday .. 7 = Sunday (index 0 unused). */
const BY_WEEKDAY = [0, 1.1, 1.15, 1.12, 1.08, 0.98, 0.62, 0.56] as const;

export interface Timeline {
  /** First and last second of the period, inclusive. */
  readonly start: number;
  readonly end: number;
  /** Start of slot 0: the clock hour holding `start`. Slot i is [base + i·HOUR, +HOUR). */
  readonly base: number;
  /** cumulative[i]: total weight of slots 0..i. */
  readonly cumulative: Float64Array;
  /** The UTM tag (index in the channel's plan) whose campaign runs in a slot, else -1. */
  readonly campaignTag: Int16Array;
  /** Share of a slot's traffic the campaign brought: (factor − 1) / factor. */
  readonly campaignShare: Float32Array;
}

export interface CampaignSpike {
  tag: number;
  /** Local day index in the period (0 = the day holding `start`). */
  firstDay: number;
  /** Traffic factor of each day of the spike. */
  factors: number[];
}

interface SlotCalendar {
  day: Uint16Array;
  hour: Uint8Array;
  weekday: Uint8Array;
  /** ISO weekday of each local day. */
  dayWeekday: number[];
}

/** Local day, hour and weekday of every slot (taken at the middle of the slot). */
function calendar(base: number, slots: number, timeZone: string): SlotCalendar {
  const day = new Uint16Array(slots);
  const hour = new Uint8Array(slots);
  const weekday = new Uint8Array(slots);
  const dayWeekday: number[] = [];
  let previousDate = "";
  for (let i = 0; i < slots; i++) {
    const wall = toWallTime((base + i * HOUR + HOUR / 2) * 1000, timeZone);
    const date = `${String(wall.year)}-${String(wall.month)}-${String(wall.day)}`;
    if (date !== previousDate) {
      dayWeekday.push(wall.weekday);
      previousDate = date;
    }
    day[i] = dayWeekday.length - 1;
    hour[i] = wall.hour;
    weekday[i] = wall.weekday;
  }
  return { day, hour, weekday, dayWeekday };
}

/**
 * 2–3 campaign spikes on distinct tags, each starting on a weekday (campaigns launch on
 * working days), 2–3 days long, at least a week apart, away from the ends of the period.
 */
export function planSpikes(
  rand: Random,
  days: number,
  tags: number,
  weekdayOf: (day: number) => number,
): CampaignSpike[] {
  const spikes: CampaignSpike[] = [];
  const wanted = Math.min(between(rand, 2, 3), tags);
  for (let attempt = 0; attempt < 200 && spikes.length < wanted; attempt++) {
    const firstDay = between(rand, 4, Math.max(4, days - 6));
    const weekday = weekdayOf(firstDay);
    const clear = spikes.every((spike) => Math.abs(spike.firstDay - firstDay) >= 8);
    if (weekday > 4 || !clear) continue;
    const tag = between(rand, 0, tags - 1);
    if (spikes.some((spike) => spike.tag === tag)) continue;
    const peak = 3.6 + rand() * 1.4;
    const length = chance(rand, 0.5) ? 2 : 3;
    const factors = Array.from({ length }, (_, k) => Math.max(3, peak - k * 0.7));
    spikes.push({ tag, firstDay, factors });
  }
  return spikes.sort((a, b) => a.firstDay - b.firstDay);
}

export interface TimelineOptions {
  start: number;
  end: number;
  timeZone: string;
  /** Number of UTM tags a campaign can be tied to. */
  tags: number;
}

export function buildTimeline(
  rand: Random,
  options: TimelineOptions,
): Timeline & { spikes: CampaignSpike[] } {
  const { start, end, timeZone } = options;
  const base = Math.floor(start / HOUR) * HOUR;
  const slots = Math.floor(end / HOUR) - Math.floor(start / HOUR) + 1;
  const cal = calendar(base, slots, timeZone);
  const days = cal.dayWeekday.length;
  const spikes = planSpikes(rand, days, options.tags, (day) => cal.dayWeekday[day] ?? 1);
  // Ordinary day-to-day variation, so that no two Mondays look alike.
  const dayNoise = Array.from({ length: days }, () => 0.85 + rand() * 0.3);
  const spikeFactor = new Float64Array(days).fill(1);
  const spikeTag = new Int16Array(days).fill(-1);
  for (const spike of spikes) {
    spike.factors.forEach((factor, k) => {
      spikeFactor[spike.firstDay + k] = factor;
      spikeTag[spike.firstDay + k] = spike.tag;
    });
  }

  const cumulative = new Float64Array(slots);
  const campaignTag = new Int16Array(slots);
  const campaignShare = new Float32Array(slots);
  let total = 0;
  for (let i = 0; i < slots; i++) {
    const day = cal.day[i] ?? 0;
    const slotStart = base + i * HOUR;
    const covered = Math.min(slotStart + HOUR, end + 1) - Math.max(slotStart, start);
    const factor = spikeFactor[day] ?? 1;
    // The channel grows: the end of the period is about 40% busier than its start.
    const trend = 0.8 + (0.35 * i) / slots;
    total +=
      (BY_HOUR[cal.hour[i] ?? 0] ?? 1) *
      (BY_WEEKDAY[cal.weekday[i] ?? 1] ?? 1) *
      (dayNoise[day] ?? 1) *
      trend *
      factor *
      (covered / HOUR);
    cumulative[i] = total;
    campaignTag[i] = spikeTag[day] ?? -1;
    campaignShare[i] = (factor - 1) / factor;
  }
  return { start, end, base, cumulative, campaignTag, campaignShare, spikes };
}

export function slotOf(timeline: Timeline, t: number): number {
  return Math.floor((t - timeline.base) / HOUR);
}

/** First slot whose cumulative weight exceeds `u`. */
function slotAt(cumulative: Float64Array, u: number, from: number): number {
  let lo = from;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] ?? 0) > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A time drawn from the timeline, later than `after` (pass -1 for any time in the period);
 * -1 when no second is left after `after`.
 */
export function sampleTime(timeline: Timeline, rand: Random, after = -1): number {
  const lo = Math.max(timeline.start, after + 1);
  if (lo > timeline.end) return -1;
  const first = slotOf(timeline, lo);
  const below = first > 0 ? (timeline.cumulative[first - 1] ?? 0) : 0;
  const total = timeline.cumulative[timeline.cumulative.length - 1] ?? 0;
  const slot = slotAt(timeline.cumulative, below + rand() * (total - below), first);
  const slotStart = Math.max(timeline.base + slot * HOUR, lo);
  const slotEnd = Math.min(timeline.base + slot * HOUR + HOUR - 1, timeline.end);
  return slotStart + Math.floor(rand() * (slotEnd - slotStart + 1));
}
