/** The last automatic reload, as kept in the tab's session storage. */
export interface LastReload {
  path: string;
  at: number;
}

/** Within this long of an automatic reload of the same page, the next one is left to the person. */
export const RELOAD_GUARD_MS = 60_000;

/**
 * Whether a page whose code could not be loaded may reload itself now: not if it already did
 * so for the same address a moment ago (a chunk that is really missing would loop for ever).
 */
export function mayReloadAgain(last: LastReload | undefined, path: string, now: number): boolean {
  if (last?.path !== path) return true;
  return now - last.at >= RELOAD_GUARD_MS || now < last.at;
}

export function parseLastReload(text: string | null): LastReload | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const { path, at } = value as Record<string, unknown>;
    return typeof path === "string" && typeof at === "number" ? { path, at } : undefined;
  } catch {
    return undefined;
  }
}
