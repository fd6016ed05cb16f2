import { createContext, useContext } from "react";
import type { SegmentFilters } from "@/contract/subscriber-filters";

/** What is known of the segment's size: counted whole, or counted so far. */
export interface SegmentSize {
  count: number;
  /** false while counting (or after a cancel): `count` is how many were counted so far. */
  complete: boolean;
  /** Counted by the gateway's directory (as of its last change), not by reading the pages. */
  byDirectory?: boolean;
}

export interface Segment {
  /** The page's filters (from its URL), combined with AND; `{}` is the whole channel. */
  filters: SegmentFilters;
  /** The segment's size once known, else undefined. */
  size: SegmentSize | undefined;
}

export const SegmentContext = createContext<Segment>({ filters: {}, size: undefined });

/**
 * The subscribers page's current segment, for the menus of its toolbar (saved views, actions
 * on a segment): its filters and, once counted, its size. Outside the page: no filters.
 */
export function useSegment(): Segment {
  return useContext(SegmentContext);
}
