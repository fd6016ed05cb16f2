import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";

/**
 * The tags and subscriptions the page names, started by the router with the page's code
 * (src/app/pages.ts). The counts are not: their period follows the channel's time zone and
 * the clock, which the page works out itself.
 */
export function prefetchUtm({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return firstScreen([
    startQuery(queryClient, utmsQuery(groupId, call)),
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
  ]);
}
