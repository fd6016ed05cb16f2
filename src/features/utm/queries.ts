import { queryOptions } from "@tanstack/react-query";
import type { GatewayFetch } from "@/api/api-context";
import type { Call } from "@/api/client";
import { apiQuery } from "@/api/queries";
import { apiKeys } from "@/api/query-keys";
import { previousPeriod } from "@/lib/compare-periods";
import type { ResolvedPeriod } from "@/lib/period";
import { fetchCampaignLabels } from "./campaign-labels-api";

/**
 * The UTM page's queries, in one place (a route loader may start them before the page draws):
 * the counts per tag of the period and of the period before it (one statCount each: the
 * comparison costs one call), and the gateway's campaign labels.
 */

export function tagCountsQuery(groupId: number, period: ResolvedPeriod, call: Call) {
  return apiQuery(
    groupId,
    "utms/statCount",
    { date_from: period.dateFrom, date_to: period.dateTo },
    call,
  );
}

export function previousTagCountsQuery(groupId: number, period: ResolvedPeriod, call: Call) {
  return tagCountsQuery(groupId, previousPeriod(period), call);
}

export const campaignLabelKeys = {
  channel: (groupId: number) => [...apiKeys.channel(groupId), "campaign-labels"] as const,
};

export function campaignLabelsQuery(groupId: number, gateway: GatewayFetch) {
  // The fetch of the gateway is one per Api, not a parameter of the answer.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: campaignLabelKeys.channel(groupId),
    queryFn: async ({ signal }) =>
      new Map(
        (await fetchCampaignLabels(gateway, groupId, signal)).map(
          (item) => [item.utm_id, item.label] as const,
        ),
      ),
  });
}
