import { botsQuery, deliveriesQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { readSearch } from "@/lib/url-state";
import { deliveriesSearch } from "./deliveries-search";
import { funnelDeliveriesQuery } from "./funnel/funnel-query";

/**
 * The funnel's deliveries (with the URL's type and status; unfiltered, the same query as the
 * names of deliveries the page shows) and the bots' names, started by the router with the
 * page's code (src/app/pages.ts); the route shows the page once they are in (the funnel, the
 * first thing under the period, is as tall as what it holds: drawn with it, it pushes nothing
 * down). The counts and the chart are not started: their period follows the channel's time
 * zone and the clock, which the page works out itself.
 */
export function prefetchDeliveries(visit: PageVisit): Promise<void> {
  const { queryClient, call, groupId } = visit;
  const { type, status } = readSearch(deliveriesSearch, visit.search);
  const started = [
    startQuery(queryClient, botsQuery(groupId, call)),
    startQuery(queryClient, funnelDeliveriesQuery(groupId, call, { type, status })),
  ];
  // The names of every delivery, for the records' filter and table, whatever the funnel shows
  // (unfiltered, the funnel's own query).
  if (type !== "" || status !== "")
    started.push(startQuery(queryClient, deliveriesQuery(groupId, call)));
  return firstScreen(started);
}
