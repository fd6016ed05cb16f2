import { infiniteQueryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import { pushCursor } from "@/lib/cursor-stack";

/**
 * Pages of subscribers/get one after another, for the load-more list. Under the operation's
 * key, so an add or a removal (which invalidates the channel's subscribers) reaches it too.
 */
export function subscribersInfiniteQuery(groupId: number, pageSize: number, call: Call) {
  return infiniteQueryOptions({
    queryKey: [...apiKeys.operation(groupId, "subscribers/get"), "infinite", pageSize] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        "subscribers/get",
        { count: pageSize, ...(pageParam === "" ? {} : { offset_id: pageParam }) },
        { groupId, signal },
      ),
    initialPageParam: "",
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      pushCursor(
        lastPageParam === "" ? [] : [lastPageParam],
        lastPage.offset_id,
        lastPage.items.length,
        pageSize,
      )?.at(-1),
  });
}
