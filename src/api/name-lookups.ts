import { queryOptions } from "@tanstack/react-query";
import type { OperationId } from "@/contract/operations";
import { collectOffsetPages, type OffsetPage } from "@/lib/offset-pages";
import type { Call } from "./client";
import { apiKeys } from "./query-keys";

/**
 * Every item of a channel's name lookups (subscriptions/get, utms/get, bots/get,
 * deliveries/get), all pages of each, so tables and forms show names instead of ids. The keys
 * are those of src/features/subscribers/lookup-queries.ts (operation, then "all"), so a list
 * one page loaded is not loaded again by another.
 */

/** Names change rarely; a page opened twice in a few minutes need not ask again. */
const LOOKUP_STALE_MS = 5 * 60_000;

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

export const subscriptionNamesQuery = (groupId: number, call: Call) =>
  allOf(groupId, "subscriptions/get", (offset, count, signal) =>
    call("subscriptions/get", { offset, count }, { groupId, signal }),
  );

export const utmNamesQuery = (groupId: number, call: Call) =>
  allOf(groupId, "utms/get", (offset, count, signal) =>
    call("utms/get", { offset, count }, { groupId, signal }),
  );

export const botNamesQuery = (groupId: number, call: Call) =>
  allOf(groupId, "bots/get", (offset, count, signal) =>
    call("bots/get", { offset, count }, { groupId, signal }),
  );

export const deliveryNamesQuery = (groupId: number, call: Call) =>
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
