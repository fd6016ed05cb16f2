import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SegmentFilters, SubscriberDateFilter } from "@/contract/subscriber-filters";
import { formatDate } from "@/lib/format";
import { quoted } from "@/lib/quote";
import { sourceLabel } from "@/lib/subscription-events";
import { formatList } from "../words/list-format";
import { apiToDay, SEGMENT_DATE_FILTERS } from "./segment-search";

/** Names for the words of the chips; an id no lookup knows is shown as `#id`. */
export interface SegmentNames {
  subscription: (id: number) => string | undefined;
  delivery: (id: number) => string | undefined;
  bot: (id: number) => string | undefined;
  /** A step's title, of the segment's bot when it has one. */
  step: (stepId: string) => string | undefined;
}

/** One filter (or a pair of keys that make one, as a date range) as a removable chip. */
export interface SegmentChip {
  /** Stable within a segment: the first of its keys. */
  id: string;
  /** The keys removing the chip deletes. */
  keys: (keyof SegmentFilters)[];
  text: string;
}

type IdKey =
  | "subscription_id"
  | "ignore_subscription_id"
  | "delivery_id"
  | "ignore_delivery_id"
  | "error_delivery_id"
  | "read_delivery_id"
  | "ignore_read_delivery_id"
  | "away_delivery_id"
  | "ignore_away_delivery_id";

/** Each phrase whole, as a person says it; `{what}` is one name or "a or b". */
const ID_WORDS: Record<IdKey, (what: string) => MessageDescriptor> = {
  subscription_id: (what) => msg`in group ${what}`,
  ignore_subscription_id: (what) => msg`not in group ${what}`,
  delivery_id: (what) => msg`received: ${what}`,
  ignore_delivery_id: (what) => msg`did not receive: ${what}`,
  error_delivery_id: (what) => msg`not delivered: ${what}`,
  read_delivery_id: (what) => msg`read: ${what}`,
  ignore_read_delivery_id: (what) => msg`did not read: ${what}`,
  away_delivery_id: (what) => msg`clicked a link in: ${what}`,
  ignore_away_delivery_id: (what) => msg`clicked no link in: ${what}`,
};

const DATE_WORDS: Record<SubscriberDateFilter, (range: string) => MessageDescriptor> = {
  date_subscription: (range) => msg`subscribed ${range}`,
  date_first: (range) => msg`first subscribed ${range}`,
  date_delivery: (range) => msg`got a message ${range}`,
  date_first_delivery: (range) => msg`first message ${range}`,
  date_last_delivery: (range) => msg`last message ${range}`,
  date_away: (range) => msg`clicked a link ${range}`,
};

const DELIVERY_KEYS: readonly IdKey[] = [
  "delivery_id",
  "ignore_delivery_id",
  "error_delivery_id",
  "read_delivery_id",
  "ignore_read_delivery_id",
  "away_delivery_id",
  "ignore_away_delivery_id",
];

/** A calendar day `YYYY-MM-DD` as the product writes dates: "1 Oct 2026". */
export function dayText(day: string, locale: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return formatDate(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, 12), "UTC", locale);
}

/** "between 1 Oct 2026 and 31 Oct 2026", "from 1 Oct 2026", "until 31 Oct 2026". */
export function rangeWords(
  from: string | undefined,
  to: string | undefined,
  i18n: I18n,
): string | undefined {
  const first = from === undefined ? undefined : dayText(from, i18n.locale);
  const last = to === undefined ? undefined : dayText(to, i18n.locale);
  if (first !== undefined && last !== undefined) {
    return first === last
      ? i18n._(msg({ message: `on ${first}`, context: "date range" }))
      : i18n._(msg({ message: `between ${first} and ${last}`, context: "date range" }));
  }
  if (first !== undefined) return i18n._(msg({ message: `from ${first}`, context: "date range" }));
  if (last !== undefined) return i18n._(msg({ message: `until ${last}`, context: "date range" }));
  return undefined;
}

function named(name: string | undefined, id: number | string, i18n: I18n): string {
  return name === undefined || name.trim() === "" ? `#${String(id)}` : quoted(name, i18n);
}

const anyOf = (items: readonly string[], i18n: I18n) =>
  formatList(items, i18n.locale, "disjunction");

/**
 * The segment as chips in words, in a fixed order (people, groups, deliveries, dates, bots,
 * status, variable), so the same segment always reads the same.
 */
export function segmentChips(
  filters: SegmentFilters,
  names: SegmentNames,
  i18n: I18n,
  timeZone: string,
): SegmentChip[] {
  const chips: SegmentChip[] = [];
  const add = (keys: (keyof SegmentFilters)[], text: string) => {
    chips.push({ id: keys[0] ?? text, keys, text });
  };
  for (const key of ["tg_user_id", "vk_user_id"] as const) {
    const value = filters[key];
    if (value === undefined) continue;
    const list = (Array.isArray(value) ? value : [value]).map(String);
    const people = list.join(", ");
    add([key], i18n._(msg`people with the ids ${people}`));
  }
  for (const key of ["subscription_id", "ignore_subscription_id"] as const) {
    const ids = filters[key];
    if (ids === undefined) continue;
    const what = anyOf(
      ids.map((id) => named(names.subscription(id), id, i18n)),
      i18n,
    );
    add([key], i18n._(ID_WORDS[key](what)));
  }
  for (const key of DELIVERY_KEYS) {
    const ids = filters[key];
    if (ids === undefined) continue;
    const what = anyOf(
      ids.map((id) => named(names.delivery(id), id, i18n)),
      i18n,
    );
    add([key], i18n._(ID_WORDS[key](what)));
  }
  if (filters.source !== undefined) {
    const what = anyOf(
      filters.source.map((source) => sourceLabel(source, i18n)),
      i18n,
    );
    add(["source"], i18n._(msg`joined via ${what}`));
  }
  for (const key of SEGMENT_DATE_FILTERS) {
    const fromText = filters[`${key}_from`];
    const toText = filters[`${key}_to`];
    const from = fromText === undefined ? undefined : apiToDay(fromText, timeZone);
    const to = toText === undefined ? undefined : apiToDay(toText, timeZone);
    const range = rangeWords(from, to, i18n);
    if (range === undefined) continue;
    add([`${key}_from`, `${key}_to`], i18n._(DATE_WORDS[key](range)));
  }
  if (filters.bot_id !== undefined) {
    const bot = named(names.bot(filters.bot_id), filters.bot_id, i18n);
    add(["bot_id"], i18n._(msg`in bot ${bot}`));
  }
  if (filters.step_id !== undefined) {
    const steps = anyOf(
      filters.step_id.map((step) => named(names.step(step), step, i18n)),
      i18n,
    );
    add(["step_id"], i18n._(msg`at step ${steps}`));
  }
  if (filters.ignore_bot_id !== undefined) {
    const bot = named(names.bot(filters.ignore_bot_id), filters.ignore_bot_id, i18n);
    add(["ignore_bot_id"], i18n._(msg`not in bot ${bot}`));
  }
  if (filters.ignore_step_id !== undefined) {
    const steps = anyOf(
      filters.ignore_step_id.map((step) => named(names.step(step), step, i18n)),
      i18n,
    );
    add(["ignore_step_id"], i18n._(msg`not at step ${steps}`));
  }
  if (filters.lead_status === 1) add(["lead_status"], i18n._(msg`active (allows messages)`));
  if (filters.lead_status === 2) {
    add(["lead_status"], i18n._(msg`inactive (does not allow messages)`));
  }
  if (filters.var_name !== undefined) {
    const name = filters.var_name;
    const value = filters.var_value === undefined ? undefined : quoted(filters.var_value, i18n);
    add(
      ["var_name", "var_value"],
      value === undefined
        ? i18n._(msg`has the variable ${name}`)
        : i18n._(msg`variable ${name} = ${value}`),
    );
  }
  return chips;
}

/** The segment without a chip's keys. */
export function withoutChip(filters: SegmentFilters, chip: SegmentChip): SegmentFilters {
  const removed = new Set<string>(chip.keys);
  return Object.fromEntries(Object.entries(filters).filter(([key]) => !removed.has(key)));
}
