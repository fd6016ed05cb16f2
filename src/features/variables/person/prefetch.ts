import { directoryPersonOptions } from "@/api/directory/directory-queries";
import type { PageVisit } from "@/api/page-visit";
import { startQuery } from "@/api/prefetch";
import { parseGroupId } from "@/lib/channel-path";

/**
 * The person view's first data (the directory's reading of the person of the URL), started by
 * the router with the page's code (src/app/pages.ts), under the same key the page reads.
 */
export function prefetchPerson(visit: PageVisit): Promise<void> | undefined {
  // User ids have the shape of channel ids: positive whole numbers.
  const userId = parseGroupId(visit.params.userId);
  if (userId === undefined) return undefined;
  const read = visit.search.get("read") === "1";
  return startQuery(
    visit.queryClient,
    directoryPersonOptions(visit.groupId, userId, visit.directory, read),
  );
}
