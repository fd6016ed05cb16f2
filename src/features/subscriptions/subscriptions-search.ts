import { OFFSET_MAX } from "@/contract/common";
import type { SeriesFilters } from "@/api/subscription-series";
import { EVENT_PAGE_SIZE } from "@/lib/chart-strategy";
import { searchField, searchSchema, type SearchState } from "@/lib/url-state";

/**
 * Rows the events table shows a page: a quarter of one of the API's pages of 100, which the
 * chart reads too (so paging through them asks for nothing new). As the UTM page's events; a
 * hundred rows were a long scroll on a phone and 0.6 s of its main thread to draw (issue 15).
 */
export const EVENTS_SHOWN = 25;

const SHOWN_PER_API_PAGE = EVENT_PAGE_SIZE / EVENTS_SHOWN;

/** The last page of the table that the API's `offset` can reach. */
export const LAST_EVENTS_PAGE = (Math.floor(OFFSET_MAX / EVENT_PAGE_SIZE) + 1) * SHOWN_PER_API_PAGE;

/** Where the table's page (from 1) lies: which of the API's pages (from 0), and from which row. */
export function eventsPageAt(page: number): { apiPage: number; start: number } {
  const index = Math.max(0, Math.floor(page) - 1);
  return {
    apiPage: Math.floor(index / SHOWN_PER_API_PAGE),
    start: (index % SHOWN_PER_API_PAGE) * EVENTS_SHOWN,
  };
}

/** The table's pages for the events the period counted, no further than the API reaches. */
export function eventsPageCount(total: number): number {
  return Math.min(LAST_EVENTS_PAGE, Math.max(1, Math.ceil(Math.max(0, total) / EVENTS_SHOWN)));
}

/**
 * The table's page out of the API's page that holds it, and whether a page may follow: this one
 * is full and either the API's page has more rows, or was full itself and the next one has rows.
 * Until that one is read (`nextApiPageRows`), the period's count (`total`) stands in for it: it
 * counts only subscriptions and unsubscriptions, and an open period gains events, so it is not
 * trusted once the next page says otherwise. Never past the furthest page the API reaches.
 */
export function eventsPageRows<T>(
  page: number,
  apiRows: readonly T[],
  known: { total?: number | undefined; nextApiPageRows?: number | undefined } = {},
): { rows: readonly T[]; more: boolean } {
  const { start } = eventsPageAt(page);
  const rows = apiRows.slice(start, start + EVENTS_SHOWN);
  const full = rows.length === EVENTS_SHOWN;
  const inThisApiPage = apiRows.length > start + EVENTS_SHOWN;
  const inNextApiPage =
    apiRows.length === EVENT_PAGE_SIZE &&
    (known.nextApiPageRows === undefined
      ? known.total === undefined || page * EVENTS_SHOWN < known.total
      : known.nextApiPageRows > 0);
  const more = full && (inThisApiPage || inNextApiPage) && page < LAST_EVENTS_PAGE;
  return { rows, more };
}

/** Whether the table's page ends its page of the API: the next is read to know if one follows. */
export function endsApiPage(page: number): boolean {
  return eventsPageAt(page).start + EVENTS_SHOWN >= EVENT_PAGE_SIZE;
}

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
