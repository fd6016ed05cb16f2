import type { SegmentFilters } from "@/contract/subscriber-filters";

const DELIVERY_KEYS = [
  "delivery_id",
  "ignore_delivery_id",
  "error_delivery_id",
  "read_delivery_id",
  "ignore_read_delivery_id",
  "away_delivery_id",
  "ignore_away_delivery_id",
] as const satisfies readonly (keyof SegmentFilters)[];

export interface WantedLookups {
  deliveries: boolean;
  bots: boolean;
}

/**
 * Which of the builder's lists the subscribers page needs now. Each is a call to the API (the
 * mailings all their pages): on a first load without filters none is asked for, so they do not
 * compete with the first rows (issue 15). Everything once a filter is about to be added (the
 * pickers offer them); else only what a chip names.
 */
export function wantedLookups(filters: SegmentFilters, adding: boolean): WantedLookups {
  if (adding) return { deliveries: true, bots: true };
  return {
    deliveries: DELIVERY_KEYS.some((key) => (filters[key]?.length ?? 0) > 0),
    bots: filters.bot_id !== undefined || filters.ignore_bot_id !== undefined,
  };
}
