import type { Call } from "@/api/client";
import { apiQuery } from "@/api/queries";

/** One page of the list: `pageSize` records after `cursor` (none: the first page). */
export function subscribersPageQuery(
  groupId: number,
  pageSize: number,
  cursor: string | undefined,
  call: Call,
) {
  return apiQuery(
    groupId,
    "subscribers/get",
    { count: pageSize, ...(cursor === undefined ? {} : { offset_id: cursor }) },
    call,
  );
}
