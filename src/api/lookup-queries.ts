import { queryOptions } from "@tanstack/react-query";
import type { Call } from "./client";
import { apiKeys } from "./query-keys";
import type { OperationId } from "@/contract/operations";
import { collectOffsetPages, type OffsetPage } from "@/lib/offset-pages";

/** Names change rarely; a form opened twice in a few minutes need not ask again. */
const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * Every item of a name lookup of a channel, all pages of it, so that a form offers every name
 * and not only the first hundred. The key ends in "all", apart from any one-page query of the
 * same operation, whose data has another shape.
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

export const botsQuery = (groupId: number, call: Call) =>
  allOf(groupId, "bots/get", (offset, count, signal) =>
    call("bots/get", { offset, count }, { groupId, signal }),
  );
