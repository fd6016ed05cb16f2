import type { RequestOf } from "@/contract/operations";
import type { UserIdField } from "@/lib/subscriber-format";

/** The period and the filters of every call of the page: the count, the chart, the records. */
export type DeliveryParams = RequestOf<"deliveries/statCount">;

export function deliveryParams(
  period: { dateFrom: string; dateTo: string },
  filters: { user: string; delivery: readonly number[] },
  field: UserIdField | undefined,
): DeliveryParams {
  return {
    date_from: period.dateFrom,
    date_to: period.dateTo,
    ...(filters.user !== "" && field ? { [field]: Number(filters.user) } : {}),
    ...(filters.delivery.length > 0 ? { delivery_id: [...filters.delivery] } : {}),
  };
}
