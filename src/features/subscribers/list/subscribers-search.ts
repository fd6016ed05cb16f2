import * as z from "@/contract/zod";
import { cleanCursorStack, MAX_CURSORS } from "@/lib/cursor-stack";
import { searchField } from "@/lib/url-state";

export const PAGE_SIZE_OPTIONS = ["20", "50", "100"] as const;
export const VIEW_MODES = ["pages", "more"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/**
 * The list's state in the URL: `size` rows a page, `after` the cursor stack of the pages
 * behind this one, `mode` pages or load-more. A bad value of any of them falls back to the
 * first page of 20, so a hand-edited link still shows a list.
 */
export const subscribersSearch = z.object({
  size: searchField.oneOf(PAGE_SIZE_OPTIONS, "20"),
  after: searchField.cursors(MAX_CURSORS).transform(cleanCursorStack),
  mode: searchField.oneOf(VIEW_MODES, "pages"),
});
