import type { SegmentFilters } from "./subscriber-filters";

/**
 * Which filters of a segment the gateway's directory can count exactly as subscribers/get
 * would list them (issue 18). Zod-free: the SPA's entry chunk and the gateway both decide with
 * it. Why these and no others: README "Segments".
 *
 * The directory keeps every person's record as last read: user id, record date, status,
 * subscriptions (with their source), UTM tags and variables. Only what it keeps current counts:
 * - the user id and the record's date never change for a record;
 * - memberships (and their source) change by subscribe/unsubscribe events, which WebHooks bring
 *   as they happen, so only when the channel takes hooks.
 * Status (a person blocking messages) and variables (set by the service's bots and forms) change
 * without any event: the directory learns them at its next full pass, hours later. Deliveries,
 * reads, clicks, subscribe events before the hook and bots are not in the directory at all.
 */
export const DIRECTORY_COUNT_ALWAYS = [
  "vk_user_id",
  "tg_user_id",
  "date_first_from",
  "date_first_to",
] as const satisfies readonly (keyof SegmentFilters)[];

/** Counted only for a channel whose WebHooks keep memberships current. */
export const DIRECTORY_COUNT_WITH_HOOKS = [
  "subscription_id",
  "ignore_subscription_id",
  "source",
] as const satisfies readonly (keyof SegmentFilters)[];

/**
 * Memberships are kept as each record's JSON, without an index: counting by them reads every
 * person (about 20–40 s for 700,000 on the shared bench machine, holding the gateway's event
 * loop). Above this many people the directory leaves them to the count by pages.
 */
export const DIRECTORY_SCAN_MAX = 100_000;

type FilterKey = keyof SegmentFilters;

const always: ReadonlySet<string> = new Set(DIRECTORY_COUNT_ALWAYS);
const withHooks: ReadonlySet<string> = new Set(DIRECTORY_COUNT_WITH_HOOKS);

/** The filters given (a key with an undefined value is not given). */
function given(filters: SegmentFilters): FilterKey[] {
  return (Object.keys(filters) as FilterKey[]).filter((key) => filters[key] !== undefined);
}

/**
 * The filters of the segment the directory cannot count (empty: it can count all of it).
 * `hooks`: the channel takes WebHooks, so its memberships are current; `people`: the
 * directory's size (memberships are only counted up to DIRECTORY_SCAN_MAX people).
 */
export function filtersDirectoryCannotCount(
  filters: SegmentFilters,
  hooks: boolean,
  people = 0,
): FilterKey[] {
  const members = hooks && people <= DIRECTORY_SCAN_MAX;
  return given(filters).filter((key) => !always.has(key) && !(members && withHooks.has(key)));
}

/**
 * Whether asking the directory for the segment's size is worth a request: some filter is given
 * and every one is of a kind it may count. Whether the channel takes hooks, and whether its
 * directory is ready, only the gateway knows: it refuses, and the browser counts by pages.
 */
export function directoryMayCount(filters: SegmentFilters): boolean {
  return given(filters).length > 0 && filtersDirectoryCannotCount(filters, true).length === 0;
}
