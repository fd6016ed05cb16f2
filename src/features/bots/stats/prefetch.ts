import { botsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { readBotParam } from "./bot-param";
import { botStepsQuery } from "./steps-query";

/**
 * The bots, and the steps of the bot the URL names, started by the router with the page's code
 * (src/app/pages.ts). Without a bot in the URL the page shows the first one, known only once
 * the list is in: the list's own call comes first either way.
 */
export function prefetchBotStats({ queryClient, call, groupId, search }: PageVisit): Promise<void> {
  const bot = readBotParam(search);
  return firstScreen([
    startQuery(queryClient, botsQuery(groupId, call)),
    ...(bot === undefined ? [] : [startQuery(queryClient, botStepsQuery(groupId, call, bot))]),
  ]);
}
