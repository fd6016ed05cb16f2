import { colsField } from "@/lib/cols-param";
import { cleanCursorStack, MAX_CURSORS } from "@/lib/cursor-stack";
import { searchField, searchSchema, type SearchState } from "@/lib/url-state";

export const PAGE_SIZE_OPTIONS = ["20", "50", "100"] as const;
export const VIEW_MODES = ["pages", "more"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** Where the rows come from: the gateway's directory, or the API's `offset_id` pages. */
export const LIST_SOURCES = ["auto", "directory", "api"] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

/** The directory's orders: newest or oldest first, or by name either way. */
export const DIRECTORY_ORDERS = ["date-desc", "date-asc", "name-asc", "name-desc"] as const;
export type DirectoryOrder = (typeof DIRECTORY_ORDERS)[number];

/** How many pages deep the directory's cursor stack goes (at 100 a page, 20,000 people). */
export const MAX_DIRECTORY_CURSORS = 200;
/** The directory's cursors are its own base64url text (src/contract/directory.ts: ≤ 400). */
const DIRECTORY_CURSOR = /^[A-Za-z0-9_-]{1,400}$/;
export const SEARCH_MAX = 200;

/**
 * The list's state in the URL: `size` rows a page, `after` the cursor stack of the pages
 * behind this one, `mode` pages or load-more. A bad value of any of them falls back to the
 * first page of 20, so a hand-edited link still shows a list.
 *
 * With the directory (issue 16): `source` (auto: the directory once it is complete, else the
 * API), `order`, the name filter `q`, and `from`, the directory's own cursor stack. A bad
 * value falls back as well: an unknown order to newest first, a broken cursor chain to the
 * first page.
 *
 * `cols`: the hidden columns (src/lib/cols-param.ts), so a shared link and a saved view show
 * theirs; absent, the browser's own choice.
 */
export const subscribersSearch = searchSchema({
  size: searchField.oneOf(PAGE_SIZE_OPTIONS, "20"),
  after: searchField.cursors(MAX_CURSORS).transform(cleanCursorStack),
  mode: searchField.oneOf(VIEW_MODES, "pages"),
  source: searchField.oneOf(LIST_SOURCES, "auto"),
  order: searchField.oneOf(DIRECTORY_ORDERS, "date-desc"),
  q: searchField.text(SEARCH_MAX),
  from: searchField
    .strings()
    .transform((stack) =>
      stack.length <= MAX_DIRECTORY_CURSORS && stack.every((item) => DIRECTORY_CURSOR.test(item))
        ? stack
        : [],
    ),
  cols: colsField(),
});
export type SubscribersSearch = SearchState<typeof subscribersSearch>;

/** The directory's `sort` and `order` for a choice of the list. */
export function directorySort(order: DirectoryOrder): {
  sort: "date" | "name";
  order: "asc" | "desc";
} {
  const [sort, direction] = order.split("-") as ["date" | "name", "asc" | "desc"];
  return { sort, order: direction };
}

/**
 * Which source draws the list. The directory only once a full pass has completed (before, it
 * lacks people, so its total and order would mislead); asked for while it is still reading,
 * or when the gateway has no directory, the API's pages stand in.
 */
export function listSource(
  chosen: ListSource,
  state: "empty" | "reading" | "ready" | undefined,
): "directory" | "api" {
  if (state !== "ready") return "api";
  return chosen === "api" ? "api" : "directory";
}
