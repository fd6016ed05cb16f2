import { queryOptions } from "@tanstack/react-query";
import type { Call } from "./client";
import { apiKeys } from "./query-keys";
import type { OperationId } from "@/contract/operations";
import { collectOffsetPages, type OffsetPage } from "@/lib/offset-pages";

/** Names change rarely; a form opened twice in a few minutes need not ask again. */
const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * Every item of a name lookup of a channel, all pages of it, so that a form offers every name
 * and tables name what they show. The key ends in "all", apart from any one-page query of the
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

export const deliveriesQuery = (groupId: number, call: Call) =>
  allOf(groupId, "deliveries/get", (offset, count, signal) =>
    call("deliveries/get", { offset, count }, { groupId, signal }),
  );

/** id → name of a lookup's items, for cells that name what they show. */
export function namesById<Item>(
  items: readonly Item[] | undefined,
  id: (item: Item) => number,
  name: (item: Item) => string,
): ReadonlyMap<number, string> {
  return new Map((items ?? []).map((item) => [id(item), name(item)]));
}
