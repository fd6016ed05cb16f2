/**
 * Every item of a list paged by `count`/`offset` (the name lookups: subscriptions/get,
 * utms/get…), read page after page until the list's own `count` is reached, a page comes back
 * short, or `maxItems` have been read (the contract caps `offset`).
 */
export interface OffsetPage<T> {
  /** The size of the whole list. */
  count: number;
  items: T[];
}

export async function collectOffsetPages<T>(
  fetchPage: (offset: number, count: number) => Promise<OffsetPage<T>>,
  { pageSize = 100, maxItems = 100_000 }: { pageSize?: number; maxItems?: number } = {},
): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const count = Math.min(pageSize, maxItems - items.length);
    if (count <= 0) return items;
    const page = await fetchPage(items.length, count);
    items.push(...page.items.slice(0, count));
    if (page.items.length < count || items.length >= page.count) return items;
  }
}
