import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";

/**
 * The subscriptions and tags the filters offer, started by the router with the page's code
 * (src/app/pages.ts). The events are not: their period follows the channel's time zone and
 * the clock, which the page works out itself.
 */
export function prefetchSubscriptions({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return firstScreen([
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
    startQuery(queryClient, utmsQuery(groupId, call)),
  ]);
}
