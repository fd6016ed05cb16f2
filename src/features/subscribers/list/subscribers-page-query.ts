import type { Call } from "@/api/client";
import { apiQuery } from "@/api/queries";
import type { SegmentFilters } from "@/contract/subscriber-filters";

/**
 * One page of the list: `pageSize` records after `cursor` (none: the first page), of the
 * segment `filters` (none: everyone).
 */
export function subscribersPageQuery(
  groupId: number,
  pageSize: number,
  cursor: string | undefined,
  call: Call,
  filters: SegmentFilters = {},
) {
  return apiQuery(
    groupId,
    "subscribers/get",
    { ...filters, count: pageSize, ...(cursor === undefined ? {} : { offset_id: cursor }) },
    call,
  );
}
