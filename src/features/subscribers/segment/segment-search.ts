import { parseWallTime } from "@/contract/datetime";
import type { SegmentFilters, SubscriberDateFilter } from "@/contract/subscriber-filters";
import {
  readSearch,
  searchField,
  searchFieldOf,
  searchSchema,
  type SearchState,
} from "@/lib/url-state";

/**
 * The segment of the subscribers page in its URL (issue 18): the filters of subscribers/get,
 * zod-free (the route loader reads it, and the entry must not carry zod). Each filter keeps
 * the API's name as its key, except three that read better and do not clash with the list's
 * own keys (`source` is the list's source there):
 *
 *   subscription_id=5&subscription_id=7   id lists: repeated keys (tg_user_id, delivery_id, …)
 *   via=hand&via=api                       source
 *   date_subscription=2026-10-01..2026-10-31   dates: whole days of the channel, either end open
 *                                          (`2026-10-01..`, `..2026-10-31`)
 *   status=active | inactive               lead_status 1 | 2
 *   bot_id=3&step_id=s1                    bot_id, ignore_bot_id, step_id, ignore_step_id
 *   var_name=plan&var_value=pro            var_value only with var_name; `var_value=` is ""
 *
 * A bad or hand-edited value drops that filter alone, never the page, and never widens it into
 * something else silently: a list with one bad item is dropped whole (a half-read list would
 * be another segment). tests/unit/segment-search.test.ts checks that whatever is read passes
 * the contract's `segmentFilters`.
 */

/** More ids than this in a URL is not a hand-made link: the filter is dropped. */
export const SEGMENT_IDS_MAX = 1_000;
const TEXTS_MAX = 50;
const ID = /^[1-9]\d{0,15}$/;
// The contract's variable rules (src/contract/common.ts, which carries zod: not imported here).
// tests/unit/segment-search.test.ts checks they agree.
export const VARIABLE_NAME_MAX = 64;
export const VARIABLE_VALUE_MAX = 4096;
const VARIABLE_NAME_PATTERN = /^[A-Za-z0-9_]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const SEGMENT_ID_FILTERS = [
  "tg_user_id",
  "vk_user_id",
  "subscription_id",
  "ignore_subscription_id",
  "delivery_id",
  "ignore_delivery_id",
  "error_delivery_id",
  "read_delivery_id",
  "ignore_read_delivery_id",
  "away_delivery_id",
  "ignore_away_delivery_id",
] as const;
export type SegmentIdFilter = (typeof SEGMENT_ID_FILTERS)[number];

export const SEGMENT_DATE_FILTERS = [
  "date_subscription",
  "date_first",
  "date_delivery",
  "date_first_delivery",
  "date_last_delivery",
  "date_away",
] as const satisfies readonly SubscriberDateFilter[];

/** A range of whole days; either end may be open, not both. */
export interface DayRange {
  /** `YYYY-MM-DD`, the first day (inclusive). */
  from?: string;
  /** `YYYY-MM-DD`, the last day (inclusive). */
  to?: string;
}

function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1970 &&
    year <= 9999 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

const idList = () =>
  searchFieldOf((values): number[] => {
    if (values.length > SEGMENT_IDS_MAX || !values.every((value) => ID.test(value))) return [];
    const ids = values.map(Number);
    return ids.every((value) => Number.isSafeInteger(value)) ? [...new Set(ids)] : [];
  });

const textList = (max: number) =>
  searchFieldOf((values): string[] =>
    values.length <= TEXTS_MAX && values.every((value) => value.length >= 1 && value.length <= max)
      ? [...new Set(values)]
      : [],
  );

const oneId = () =>
  searchFieldOf((values): number | undefined => {
    const last = values.at(-1);
    if (last === undefined || !ID.test(last)) return undefined;
    const value = Number(last);
    return Number.isSafeInteger(value) ? value : undefined;
  });

const dayRange = () =>
  searchFieldOf((values): DayRange | undefined => {
    const last = values.at(-1);
    if (last === undefined) return undefined;
    const parts = last.split("..");
    if (parts.length !== 2) return undefined;
    const [from = "", to = ""] = parts;
    if ((from === "" && to === "") || (from !== "" && !isDay(from)) || (to !== "" && !isDay(to))) {
      return undefined;
    }
    if (from !== "" && to !== "" && to < from) return undefined;
    return { ...(from !== "" && { from }), ...(to !== "" && { to }) };
  });

const optionalText = (valid: (text: string) => boolean) =>
  searchFieldOf((values): string | undefined => {
    const last = values.at(-1);
    return last !== undefined && valid(last) ? last : undefined;
  });

export const segmentSearch = searchSchema({
  ...(Object.fromEntries(SEGMENT_ID_FILTERS.map((key) => [key, idList()])) as Record<
    SegmentIdFilter,
    ReturnType<typeof idList>
  >),
  ...(Object.fromEntries(SEGMENT_DATE_FILTERS.map((key) => [key, dayRange()])) as Record<
    SubscriberDateFilter,
    ReturnType<typeof dayRange>
  >),
  via: textList(32),
  bot_id: oneId(),
  ignore_bot_id: oneId(),
  step_id: textList(64),
  ignore_step_id: textList(64),
  status: searchField.oneOf(["any", "active", "inactive"], "any"),
  var_name: optionalText(
    (name) => name.length <= VARIABLE_NAME_MAX && VARIABLE_NAME_PATTERN.test(name),
  ),
  var_value: optionalText((value) => value.length <= VARIABLE_VALUE_MAX),
});
export type SegmentSearch = SearchState<typeof segmentSearch>;

/** `YYYY-MM-DD` as the API's wall time at the start or the end of that day. */
export function dayToApi(day: string, end: boolean): string {
  const [year, month, date] = day.split("-");
  return `${date ?? ""}.${month ?? ""}.${year ?? ""} ${end ? "23:59:59" : "00:00:00"}`;
}

/**
 * The day of an API date-time as the URL keeps it. A time inside a day widens to the whole day
 * (the page picks days); an instant with an offset is read in the channel's zone.
 */
export function apiToDay(text: string, timeZone: string): string | undefined {
  const parsed = parseWallTime(text);
  if (parsed === null) return undefined;
  const wall =
    "instant" in parsed
      ? Object.fromEntries(
          new Intl.DateTimeFormat("en-CA", {
            timeZone,
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
          })
            .formatToParts(parsed.instant)
            .map((part) => [part.type, Number(part.value)]),
        )
      : parsed;
  const pad = (value: unknown, width: number) => String(value).padStart(width, "0");
  const day = `${pad(wall.year, 4)}-${pad(wall.month, 2)}-${pad(wall.day, 2)}`;
  return isDay(day) ? day : undefined;
}

/** The segment of the URL's state: every filter read well, none of the rest. */
export function segmentFromSearch(search: SegmentSearch): SegmentFilters {
  const filters: SegmentFilters = {};
  for (const key of SEGMENT_ID_FILTERS) {
    if (search[key].length > 0) filters[key] = search[key];
  }
  for (const key of SEGMENT_DATE_FILTERS) {
    const range = search[key];
    if (range?.from !== undefined) filters[`${key}_from`] = dayToApi(range.from, false);
    if (range?.to !== undefined) filters[`${key}_to`] = dayToApi(range.to, true);
  }
  if (search.via.length > 0) filters.source = search.via;
  if (search.bot_id !== undefined) filters.bot_id = search.bot_id;
  if (search.ignore_bot_id !== undefined) filters.ignore_bot_id = search.ignore_bot_id;
  if (search.step_id.length > 0) filters.step_id = search.step_id;
  if (search.ignore_step_id.length > 0) filters.ignore_step_id = search.ignore_step_id;
  if (search.status !== "any") filters.lead_status = search.status === "active" ? 1 : 2;
  if (search.var_name !== undefined) {
    filters.var_name = search.var_name;
    if (search.var_value !== undefined) filters.var_value = search.var_value;
  }
  return filters;
}

const asList = (value: number | number[] | undefined): number[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The URL's state of a segment; every key of the schema is set, so a removed filter goes. */
export function segmentToSearch(filters: SegmentFilters, timeZone: string): SegmentSearch {
  const day = (text: string | undefined) =>
    text === undefined ? undefined : apiToDay(text, timeZone);
  const ids = Object.fromEntries(
    SEGMENT_ID_FILTERS.map((key) => [key, [...new Set(asList(filters[key]))]]),
  ) as Record<SegmentIdFilter, number[]>;
  const dates = Object.fromEntries(
    SEGMENT_DATE_FILTERS.map((key) => {
      const from = day(filters[`${key}_from`]);
      const to = day(filters[`${key}_to`]);
      const range: DayRange | undefined =
        from === undefined && to === undefined
          ? undefined
          : { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
      return [key, range];
    }),
  ) as Record<SubscriberDateFilter, DayRange | undefined>;
  return {
    ...ids,
    ...dates,
    via: filters.source ?? [],
    bot_id: filters.bot_id,
    ignore_bot_id: filters.ignore_bot_id,
    step_id: filters.step_id ?? [],
    ignore_step_id: filters.ignore_step_id ?? [],
    status: filters.lead_status === 1 ? "active" : filters.lead_status === 2 ? "inactive" : "any",
    var_name: filters.var_name,
    var_value: filters.var_name === undefined ? undefined : filters.var_value,
  };
}

/** The segment in a URL's query string. */
export function readSegment(params: URLSearchParams): SegmentFilters {
  return segmentFromSearch(readSearch(segmentSearch, params));
}

/** The query string with `filters` as its segment, every other key kept. */
export function writeSegment(
  params: URLSearchParams,
  filters: SegmentFilters,
  timeZone: string,
): URLSearchParams {
  const state = segmentToSearch(filters, timeZone);
  const text = Object.fromEntries(
    Object.entries(state).map(([key, value]) => [key, isRange(value) ? rangeText(value) : value]),
  );
  const next = new URLSearchParams(params);
  for (const key of Object.keys(segmentSearch)) next.delete(key);
  for (const [key, value] of Object.entries(text)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (key === "status" && value === "any") continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, String(item));
  }
  return next;
}

function isRange(value: unknown): value is DayRange {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rangeText(range: DayRange): string {
  return `${range.from ?? ""}..${range.to ?? ""}`;
}

/**
 * The segment's keys of a query string that could not be read (a hand-edited or broken link):
 * their filters are left out, so the page must say so rather than quietly show a wider list.
 */
export function unreadSegmentKeys(params: URLSearchParams): string[] {
  // What is read, written back: a key that does not come back was not read.
  const read = writeSegment(new URLSearchParams(), readSegment(params), "UTC");
  const keys = new Set(Object.keys(segmentSearch));
  return [...new Set(params.keys())].filter(
    (key) =>
      keys.has(key) &&
      !read.has(key) &&
      !(key === "status" && params.getAll(key).every((value) => value === "any")),
  );
}

/** Whether a segment has any filter at all. */
export function hasFilters(filters: SegmentFilters): boolean {
  return Object.values(filters).some((value: unknown) => value !== undefined);
}
