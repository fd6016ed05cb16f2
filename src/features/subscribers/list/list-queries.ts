import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { DirectoryApi } from "@/api/directory";
import { directoryKeys } from "@/api/query-keys";
import type { DirectoryListParams } from "@/api/directory";
import { directorySort, type DirectoryOrder } from "./subscribers-search";

/**
 * The subscribers page's first data, in one place: a route loader can start the same queries
 * the views read (the `offset_id` page, or the directory's page).
 */
/**
 * The directory's list parameters of the URL's order, filter, size and cursor stack: what the
 * directory view asks for and the route loader starts.
 */
export function directoryListParams(
  order: DirectoryOrder,
  q: string,
  pageSize: number,
  stack: readonly string[],
  locale: string,
): DirectoryListParams {
  const cursor = stack.at(-1);
  const sort = directorySort(order);
  return {
    ...sort,
    // A sort by name follows the reader's collation (Russian: Cyrillic names first).
    ...(sort.sort === "name" ? { locale: locale === "ru" ? "ru" : "en" } : {}),
    q,
    limit: pageSize,
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/** One page of the directory's list; the page on screen stays while the next one loads. */
export function directoryPeopleQuery(
  groupId: number,
  params: DirectoryListParams,
  directory: DirectoryApi,
) {
  return queryOptions({
    queryKey: directoryKeys.people(groupId, params),
    queryFn: ({ signal }) => directory.people(groupId, params, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
