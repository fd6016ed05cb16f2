import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import type { DirectoryApi } from "@/api/directory";
import { apiQuery } from "@/api/queries";
import { directoryKeys } from "@/api/query-keys";
import type { DirectoryListParams } from "@/api/directory";

/**
 * The subscribers page's first data, in one place: a route loader can start the same queries
 * the views read (the `offset_id` page, or the directory's page).
 */
export function subscribersPageQuery(
  groupId: number,
  pageSize: number,
  cursor: string | undefined,
  call: Call,
) {
  return {
    ...apiQuery(
      groupId,
      "subscribers/get",
      { count: pageSize, ...(cursor === undefined ? {} : { offset_id: cursor }) },
      call,
    ),
    placeholderData: keepPreviousData,
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
