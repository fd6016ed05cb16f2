import { botsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { startQuery } from "@/api/prefetch";

/** The bots to choose from, started by the router with the page's code (src/app/pages.ts). */
export function prefetchBots({ queryClient, call, groupId }: PageVisit): Promise<void> {
  return startQuery(queryClient, botsQuery(groupId, call));
}
