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
