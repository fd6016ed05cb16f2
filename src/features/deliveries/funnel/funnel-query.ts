import type { UseQueryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import type { DeliveryInfo, MassDeliveryStatus, MassDeliveryType } from "@/contract/entities";
import { collectOffsetPages } from "@/lib/offset-pages";

/** Counters move while a delivery goes out: a minute old is old enough to ask again. */
const FUNNEL_STALE_MS = 60_000;

export interface FunnelFilters {
  type: MassDeliveryType | "";
  status: MassDeliveryStatus | "";
}

/**
 * Every mass delivery with its counters (deliveries/get, all pages), filtered by the API's own
 * `type[]` and `status[]`. Unfiltered its key is the name lookup's (`deliveriesQuery`, same items), which
 * the route's loader has started, so the funnel costs no call of its own.
 */
export function funnelDeliveriesQuery(
  groupId: number,
  call: Call,
  filters: FunnelFilters,
): UseQueryOptions<DeliveryInfo[], Error, DeliveryInfo[]> {
  const params = {
    ...(filters.type === "" ? {} : { type: [filters.type] }),
    ...(filters.status === "" ? {} : { status: [filters.status] }),
  };
  const filtered = filters.type !== "" || filters.status !== "";
  return {
    // The key of `deliveriesQuery` (src/api/lookup-queries.ts), with the filters when there are any.
    queryKey: filtered
      ? [...apiKeys.operation(groupId, "deliveries/get"), "all", params]
      : [...apiKeys.operation(groupId, "deliveries/get"), "all"],
    queryFn: ({ signal }) =>
      collectOffsetPages((offset, count) =>
        call("deliveries/get", { ...params, offset, count }, { groupId, signal }),
      ),
    staleTime: FUNNEL_STALE_MS,
  };
}
