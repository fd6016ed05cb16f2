import { queryOptions } from "@tanstack/react-query";
import type { DirectoryApi } from "@/api/directory/directory-client";
import type { SegmentFilters } from "@/contract/subscriber-filters";

/** The directory's answer is its state as of its last change: worth asking again soon. */
const DIRECTORY_COUNT_STALE_MS = 30_000;

/**
 * The directory's count of the segment, asked only when every filter is one it keeps
 * (`directoryMayCount`). A refusal (a channel without hooks, a directory still reading, no
 * directory at all) is not retried: the browser counts by pages instead. Its own module: the
 * route starts it with the list (../prefetch.ts), the segment's size reads it
 * (use-segment-count.ts).
 */
export function directoryCountQuery(
  groupId: number,
  filters: SegmentFilters,
  count: DirectoryApi["count"],
) {
  return queryOptions({
    queryKey: ["directory-count", groupId, filters] as const,
    queryFn: ({ signal }) => count(groupId, filters, { signal }),
    staleTime: DIRECTORY_COUNT_STALE_MS,
    retry: false,
  });
}
