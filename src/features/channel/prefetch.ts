import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { apiQuery } from "@/api/queries";

/**
 * The channel's card and its subscriber count, started by the router with the page's code
 * (src/app/pages.ts). The figures of the last days are not: their days follow the channel's
 * time zone and the clock, which the page works out itself.
 */
export function prefetchChannel({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return firstScreen([
    startQuery(queryClient, apiQuery(groupId, "groups/get", {}, call)),
    startQuery(queryClient, apiQuery(groupId, "subscribers/subscribersCount", {}, call)),
  ]);
}
