import { botsQuery, deliveriesQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { startQuery } from "@/api/prefetch";

/**
 * The names of deliveries and bots the page shows, started by the router with the page's code
 * (src/app/pages.ts). The count and the chart are not: their period follows the channel's
 * time zone and the clock, which the page works out itself.
 */
export function prefetchDeliveries({ queryClient, call, groupId }: PageVisit): void {
  void startQuery(queryClient, deliveriesQuery(groupId, call));
  void startQuery(queryClient, botsQuery(groupId, call));
}
