/**
 * The sizes of saved views (src/contract/views.ts), without zod: the SPA's entry (the sidebar's
 * pinned views) and the pure search cleaning use them.
 */

/** A view's name: 1–80 characters once trimmed. */
export const VIEW_NAME_MAX = 80;
/** A view's query string, once cleaned: the subscribers page's filters, columns and size. */
export const VIEW_SEARCH_MAX = 4000;
/** Views one person may own in one channel. */
export const VIEWS_MAX = 100;
/** The keys of the subscribers page that say where in the list one is, never what it shows. */
export const VIEW_PAGING_KEYS = ["after", "from"] as const;
