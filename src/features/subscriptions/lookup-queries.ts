import { queryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import type { OperationId } from "@/contract/operations";
import { collectOffsetPages, type OffsetPage } from "@/lib/offset-pages";

/** Names change rarely; a page opened twice in a few minutes need not ask again. */
const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * Every name of a lookup, all pages of it. The key is the one the subscribers pages use for
 * the same lookup ("all" after the operation), so the names are asked for once per channel.
 */
function allOf<Item>(
  groupId: number,
  operation: OperationId,
  fetchPage: (offset: number, count: number, signal: AbortSignal) => Promise<OffsetPage<Item>>,
) {
  return queryOptions({
    queryKey: [...apiKeys.operation(groupId, operation), "all"] as const,
    queryFn: ({ signal }) =>
      collectOffsetPages((offset, count) => fetchPage(offset, count, signal)),
    staleTime: LOOKUP_STALE_MS,
  });
}

export const subscriptionsQuery = (groupId: number, call: Call) =>
  allOf(groupId, "subscriptions/get", (offset, count, signal) =>
    call("subscriptions/get", { offset, count }, { groupId, signal }),
  );

export const utmsQuery = (groupId: number, call: Call) =>
  allOf(groupId, "utms/get", (offset, count, signal) =>
    call("utms/get", { offset, count }, { groupId, signal }),
  );
