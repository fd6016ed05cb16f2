import * as z from "@/contract/zod";

/**
 * The UTM links a person made lately, kept per channel in the browser (localStorage), newest
 * first, at most `MAX_RECENT_LINKS`. What is stored is read back through a schema: another
 * version of the app, a hand edit or a full disk must never break the page, so anything that
 * does not parse is dropped.
 */

export const MAX_RECENT_LINKS = 10;
/** The last moment a Date (and so Intl) can show: anything later would throw when formatted. */
const MAX_TIME = 8.64e15;
const KEY_PREFIX = "channel-desk:utm-links:";

export const recentLink = z.object({
  link: z.string().check(z.minLength(1), z.maxLength(2048)),
  utmId: z.int().check(z.positive()),
  tagName: z.string().check(z.maxLength(500)),
  subscriptionId: z.int().check(z.positive()),
  subscriptionName: z.string().check(z.maxLength(500)),
  force: z.boolean(),
  /** When it was made (ms). */
  at: z.number().check(z.int(), z.nonnegative(), z.lte(MAX_TIME)),
});
export type RecentLink = z.infer<typeof recentLink>;

export function recentLinksKey(groupId: number): string {
  return `${KEY_PREFIX}${String(groupId)}`;
}

/** The stored list; items that do not parse are skipped, a broken list reads as empty. */
export function parseRecentLinks(text: string | null): RecentLink[] {
  if (text === null) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((item) => {
      const parsed = recentLink.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, MAX_RECENT_LINKS);
}

/** The list with `entry` first; the same link made again moves up instead of repeating. */
export function addRecentLink(list: readonly RecentLink[], entry: RecentLink): RecentLink[] {
  return [entry, ...list.filter((item) => item.link !== entry.link)].slice(0, MAX_RECENT_LINKS);
}

/**
 * Two lists as one, newest first: a link in both is kept once, as made last. For a browser that
 * will not store the list: what this page made must stay alongside what other tabs stored.
 */
export function mergeRecentLinks(
  first: readonly RecentLink[],
  second: readonly RecentLink[],
): RecentLink[] {
  const byLink = new Map<string, RecentLink>();
  for (const item of [...first, ...second]) {
    const known = byLink.get(item.link);
    if (!known || item.at > known.at) byLink.set(item.link, item);
  }
  return [...byLink.values()].sort((a, b) => b.at - a.at).slice(0, MAX_RECENT_LINKS);
}

/** Storage that may be missing or refuse to write (private mode, quota): both are survivable. */
export interface LinkStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

export function loadRecentLinks(storage: LinkStorage | undefined, groupId: number): RecentLink[] {
  try {
    return parseRecentLinks(storage?.getItem(recentLinksKey(groupId)) ?? null);
  } catch {
    return [];
  }
}

/** false when the browser would not keep it. */
export function saveRecentLinks(
  storage: LinkStorage | undefined,
  groupId: number,
  list: readonly RecentLink[],
): boolean {
  if (!storage) return false;
  try {
    if (list.length === 0) storage.removeItem(recentLinksKey(groupId));
    else storage.setItem(recentLinksKey(groupId), JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}
