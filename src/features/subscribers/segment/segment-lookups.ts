import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "@/api/api-context";
import type { Call } from "@/api/client";
import { botsQuery, deliveriesQuery, subscriptionsQuery } from "@/api/lookup-queries";
import { apiKeys } from "@/api/query-keys";
import { useSignedInSession } from "@/components/current-channel";
import { parseApiDateTime } from "@/contract/datetime";
import { mayCall } from "@/contract/roles";
import { collectOffsetPages } from "@/lib/offset-pages";
import type { SegmentNames } from "./segment-chips";
import type { WantedLookups } from "./wanted-lookups";

/** Every step of a bot in bot order (bots/getSteps, all pages). */
export function stepsQuery(groupId: number, botId: number, call: Call) {
  return queryOptions({
    queryKey: [...apiKeys.operation(groupId, "bots/getSteps"), "all", botId] as const,
    queryFn: ({ signal }) =>
      collectOffsetPages((offset, count) =>
        call("bots/getSteps", { bot_id: botId, offset, count }, { groupId, signal }),
      ),
    staleTime: 5 * 60_000,
  });
}

/**
 * What the builder's pickers offer and the chips name: the channel's groups, its mailings
 * newest first, its bots, and the steps of `botId`. A role that may not read a list gets none
 * (the pickers then take ids), and names fall back to `#id` while they load or if they fail.
 * The mailings and the bots are asked for only when `wanted` (wanted-lookups.ts); the groups
 * always, as the list's own column names them.
 */
export function useSegmentLookups(
  groupId: number,
  timeZone: string,
  botId: number | undefined,
  wanted: WantedLookups,
) {
  const { call } = useApi();
  const { role } = useSignedInSession();
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const deliveries = useQuery({ ...deliveriesQuery(groupId, call), enabled: wanted.deliveries });
  const bots = useQuery({ ...botsQuery(groupId, call), enabled: wanted.bots });
  const mayReadSteps = mayCall(role, "bots/getSteps");
  const steps = useQuery({
    ...stepsQuery(groupId, botId ?? 0, call),
    enabled: botId !== undefined && mayReadSteps,
  });
  const newestFirst = useMemo(
    () =>
      [...(deliveries.data ?? [])]
        .map((item) => ({ item, at: parseApiDateTime(item.date, timeZone) ?? 0 }))
        .sort((a, b) => b.at - a.at || b.item.delivery_id - a.item.delivery_id),
    [deliveries.data, timeZone],
  );
  const names = useMemo((): SegmentNames => {
    const subs = new Map(subscriptions.data?.map((s) => [s.subscription_id, s.name]));
    const mailings = new Map(deliveries.data?.map((d) => [d.delivery_id, d.name]));
    const botNames = new Map(bots.data?.map((b) => [b.bot_id, b.title]));
    const stepNames = new Map(steps.data?.map((s) => [s.step_id, s.title]));
    return {
      subscription: (id) => subs.get(id),
      delivery: (id) => mailings.get(id),
      bot: (id) => botNames.get(id),
      step: (id) => stepNames.get(id),
    };
  }, [subscriptions.data, deliveries.data, bots.data, steps.data]);
  return {
    subscriptions: subscriptions.data ?? [],
    deliveries: newestFirst,
    bots: bots.data ?? [],
    mayReadSteps,
    names,
    call,
  };
}
