import { botsQuery, subscriptionsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { channelVariablesQuery } from "./variables-query";

/**
 * The first data of the channel's settings pages, started by the router with the page's code
 * (src/app/pages.ts): the groups and the bots (which a group's form offers; one query for the
 * list and the form keeps this module small, as it is part of the entry). The groups' member
 * counts wait for the list (one call per group).
 */
export function prefetchGroups({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return firstScreen([
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
    startQuery(queryClient, botsQuery(groupId, call)),
  ]);
}

export function prefetchChannelVariables({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return startQuery(queryClient, channelVariablesQuery(groupId, call));
}
