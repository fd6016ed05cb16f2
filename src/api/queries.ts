import { queryOptions } from "@tanstack/react-query";
import type { OperationId, RequestOf } from "@/contract/operations";
import { call as defaultCall, type Call } from "./client";
import { apiKeys } from "./query-keys";

/** Query options of one read operation for one channel; pages spread them into useQuery. */
export function apiQuery<Op extends OperationId>(
  groupId: number,
  operation: Op,
  params: RequestOf<Op>,
  call: Call = defaultCall,
) {
  return queryOptions({
    queryKey: apiKeys.call(groupId, operation, params),
    queryFn: ({ signal }) => call(operation, params, { groupId, signal }),
  });
}
