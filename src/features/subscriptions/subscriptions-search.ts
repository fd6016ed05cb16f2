import { OFFSET_MAX } from "@/contract/common";
import type { SeriesFilters } from "@/api/subscription-series";
import { EVENT_PAGE_SIZE } from "@/lib/chart-strategy";
import { searchField, searchSchema, type SearchState } from "@/lib/url-state";

/** The last page the API's `offset` can reach. */
export const LAST_EVENTS_PAGE = Math.floor(OFFSET_MAX / EVENT_PAGE_SIZE) + 1;

/**
 * The page's filters in the URL, beside the period (`period`, the period picker's own key):
 * a subscription and a UTM tag (the API filters statCount and statSubscribe by both, so the
 * totals, the chart and the table always agree), and the page of the events table.
 */
export const subscriptionsSearch = searchSchema({
  sub: searchField.int(0, 0),
  utm: searchField.int(0, 0),
  page: searchField.int(1, 1, LAST_EVENTS_PAGE),
});
export type SubscriptionsSearch = SearchState<typeof subscriptionsSearch>;

/** The API's filters for the search: one left at 0 ("any") is not sent. */
export function seriesFilters(search: SubscriptionsSearch): SeriesFilters {
  return {
    ...(search.sub > 0 && { subscription_id: [search.sub] }),
    ...(search.utm > 0 && { utm_id: [search.utm] }),
  };
}
