import { botsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { startQuery } from "@/api/prefetch";
import { readBotParam } from "./bot-param";
import { botStepsQuery } from "./steps-query";

/**
 * The bots, and the steps of the bot the URL names, started by the router with the page's code
 * (src/app/pages.ts). Without a bot in the URL the page shows the first one, known only once
 * the list is in: the list's own call comes first either way.
 */
export function prefetchBotStats({ queryClient, call, groupId, search }: PageVisit): void {
  void startQuery(queryClient, botsQuery(groupId, call));
  const bot = readBotParam(search);
  if (bot !== undefined) void startQuery(queryClient, botStepsQuery(groupId, call, bot));
}
