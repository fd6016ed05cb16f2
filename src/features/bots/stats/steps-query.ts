import { queryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import { collectOffsetPages } from "@/lib/offset-pages";

/** Runs go up as people pass: a minute old is old enough to ask again. */
const STEPS_STALE_MS = 60_000;

/** Every step of a bot in bot order (bots/getSteps, all pages), with `lead_inc`. */
export const botStepsQuery = (groupId: number, call: Call, botId: number) =>
  queryOptions({
    queryKey: [...apiKeys.operation(groupId, "bots/getSteps"), "all", botId] as const,
    queryFn: ({ signal }) =>
      collectOffsetPages((offset, count) =>
        call("bots/getSteps", { bot_id: botId, offset, count }, { groupId, signal }),
      ),
    staleTime: STEPS_STALE_MS,
  });
