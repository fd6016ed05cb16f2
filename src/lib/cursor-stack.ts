/**
 * Next and Previous over a cursor-paged list (subscribers/get by `offset_id`). The service
 * only knows "the records after this id", so going back means remembering every cursor that
 * led here: the stack holds the cursor of each page after the first, and lives in the URL so
 * that a shared link or a reload lands on the same page.
 */

export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/**
 * How many cursors the URL keeps. At 20 rows a page that is 20,000 rows of paging, and a URL
 * of about 10 KB, which every browser takes.
 */
export const MAX_CURSORS = 1000;

/** A subscriber record id, as the contract's `offset_id` takes it. */
const CURSOR = /^\d{1,19}$/;

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * The stack as read from the URL, or the first page when any cursor cannot be a record id:
 * a chain with a broken link cannot lead back, so none of it is trusted.
 */
export function cleanCursorStack(stack: readonly string[]): string[] {
  if (stack.length > MAX_CURSORS || !stack.every((cursor) => CURSOR.test(cursor))) return [];
  return [...stack];
}

/** The `offset_id` of the page on screen; `undefined` on the first page. */
export function currentCursor(stack: readonly string[]): string | undefined {
  return stack.at(-1);
}

/** 1 for the first page. */
export function pageNumber(stack: readonly string[]): number {
  return stack.length + 1;
}

/**
 * Whether a page may have a successor: a short or empty page is the last one. A full page may
 * still be the last, and then the next one comes back empty.
 */
export function mayHaveNextPage(itemCount: number, pageSize: number): boolean {
  return itemCount > 0 && itemCount >= pageSize;
}

/**
 * The stack after Next, given the `offset_id` the page answered with; `undefined` when there
 * is no next page (a short page, no cursor, or a cursor that does not move on). Past
 * `MAX_CURSORS` the oldest cursor is dropped, so Previous from there ends on the first page early.
 */
export function pushCursor(
  stack: readonly string[],
  nextCursor: string,
  itemCount: number,
  pageSize: number,
): string[] | undefined {
  if (!mayHaveNextPage(itemCount, pageSize)) return undefined;
  if (!CURSOR.test(nextCursor) || nextCursor === currentCursor(stack)) return undefined;
  const next = [...stack, nextCursor];
  return next.length > MAX_CURSORS ? next.slice(next.length - MAX_CURSORS) : next;
}

/** The stack after Previous; the first page stays the first page. */
export function popCursor(stack: readonly string[]): string[] {
  return stack.slice(0, -1);
}
