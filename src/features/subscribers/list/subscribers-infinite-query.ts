import { infiniteQueryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { pushCursor } from "@/lib/cursor-stack";

/**
 * Pages of subscribers/get one after another, for the load-more list. Under the operation's
 * key, so an add or a removal (which invalidates the channel's subscribers) reaches it too.
 */
export function subscribersInfiniteQuery(
  groupId: number,
  pageSize: number,
  call: Call,
  filters: SegmentFilters = {},
) {
  return infiniteQueryOptions({
    queryKey: [
      ...apiKeys.operation(groupId, "subscribers/get"),
      "infinite",
      pageSize,
      filters,
    ] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        "subscribers/get",
        { ...filters, count: pageSize, ...(pageParam === "" ? {} : { offset_id: pageParam }) },
        { groupId, signal },
      ),
    initialPageParam: "",
    // A refetch of an infinite query sends every loaded page again, one after another: 500
    // calls for 10,000 rows, in the queue every colleague on the channel shares. So the list
    // is never refetched behind the reader's back, and it is forgotten once off screen, so
    // coming back (after an add or removal, say) starts again from the first page.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      pushCursor(
        lastPageParam === "" ? [] : [lastPageParam],
        lastPage.offset_id,
        lastPage.items.length,
        pageSize,
      )?.at(-1),
  });
}
