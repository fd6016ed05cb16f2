import type { Call } from "@/api/client";
import type { RequestOf } from "@/contract/operations";
import type { SegmentFilters } from "@/contract/subscriber-filters";

/** The most subscribers/get gives in one page (api-facts.md): the count reads pages this big. */
export const COUNT_PAGE = 100;

/** One page of the segment: its filters with every page, so the cursor walks the segment. */
export function segmentPageRequest(
  filters: SegmentFilters,
  count: number,
  cursor: string | undefined,
): RequestOf<"subscribers/get"> {
  return {
    ...filters,
    count,
    ...(cursor === undefined || cursor === "" ? {} : { offset_id: cursor }),
  };
}

export interface CountOptions {
  call: Call;
  groupId: number;
  filters: SegmentFilters;
  signal: AbortSignal;
  onProgress: (counted: number) => void;
}

/**
 * The segment's size, counted by reading its pages of 100 one at a time (through the client's
 * queue, so the channel's rate limit is kept and the pages people look at still get their
 * turn). Ends at the first empty page: a short page is not proof of the end. A cursor that
 * does not move is an error, not an endless loop. Throws the abort when cancelled.
 */
export async function countSegment({
  call,
  groupId,
  filters,
  signal,
  onProgress,
}: CountOptions): Promise<number> {
  let counted = 0;
  let cursor = "";
  for (;;) {
    signal.throwIfAborted();
    const page = await call("subscribers/get", segmentPageRequest(filters, COUNT_PAGE, cursor), {
      groupId,
      signal,
    });
    if (page.items.length === 0) return counted;
    if (page.offset_id === cursor) {
      throw new Error(`The segment's pages did not move past record ${cursor}.`);
    }
    counted += page.items.length;
    cursor = page.offset_id;
    onProgress(counted);
  }
}
