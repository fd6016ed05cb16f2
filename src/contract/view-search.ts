import { VIEW_PAGING_KEYS } from "./view-constants";

/**
 * What a saved view keeps of the subscribers page's URL: its query string without the paging
 * cursors (a view opens on the first page of its list), in a canonical form so that two URLs
 * showing the same list compare equal whatever the order of their keys. Zod-free: the server,
 * the route loaders and the sidebar use it.
 */
export function cleanViewSearch(search: string): string {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  for (const key of VIEW_PAGING_KEYS) params.delete(key);
  // A stable sort by key: repeated keys (`sub=1&sub=2`) keep their order, which may matter.
  params.sort();
  return params.toString();
}

/** Whether two query strings show the same list (paging and key order aside). */
export function sameViewSearch(a: string, b: string): boolean {
  return cleanViewSearch(a) === cleanViewSearch(b);
}

/** The key that holds a table's columns in the URL (src/lib/cols-param.ts). */
const COLS_KEY = "cols";

/**
 * What the subscribers page shows, as a view's search: the URL's query string, cleaned, with
 * `cols` the columns actually shown (`shownCols`) when the URL leaves them to the browser — a
 * view saved from it then shows the same columns to whoever opens it.
 */
export function shownViewSearch(search: string, shownCols: string): string {
  const params = new URLSearchParams(cleanViewSearch(search));
  if (!params.has(COLS_KEY)) params.set(COLS_KEY, shownCols);
  return cleanViewSearch(params.toString());
}

/**
 * The first of `views` whose search is what the page shows (`shown`, from shownViewSearch). A
 * view kept without `cols` (made through the API) leaves columns free, so they do not count.
 */
export function matchingView<View extends { search: string }>(
  views: readonly View[],
  shown: string,
): View | undefined {
  const withoutCols = new URLSearchParams(shown);
  withoutCols.delete(COLS_KEY);
  const free = cleanViewSearch(withoutCols.toString());
  return views.find((view) =>
    new URLSearchParams(view.search).has(COLS_KEY)
      ? sameViewSearch(view.search, shown)
      : sameViewSearch(view.search, free),
  );
}
