import type { Call } from "@/api/client";
import { apiQuery } from "@/api/queries";
import { apiKeys } from "@/api/query-keys";

/**
 * The people in one group now: subscribers/subscribersCount with its `subscription_id`, the
 * figure the Count page shows. Not subscriptions/get's `count_subscribers`: only the local
 * Channel API sends that one, the production service does not promise it (api-facts.md).
 */
export function memberCountQuery(groupId: number, subscriptionId: number, call: Call) {
  return apiQuery(
    groupId,
    "subscribers/subscribersCount",
    { subscription_id: [subscriptionId] },
    call,
  );
}

/**
 * What a group's change makes stale: the groups, every count and list of subscribers, and the
 * tags (deleting a group deletes its tags).
 */
export const groupKeys = (groupId: number) =>
  [
    apiKeys.group(groupId, "subscriptions"),
    apiKeys.group(groupId, "subscribers"),
    apiKeys.group(groupId, "utms"),
  ] as const;
