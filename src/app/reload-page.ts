import { mayReloadAgain, parseLastReload } from "@/lib/reload-guard";

const KEY = "channel-desk:auto-reload";

/**
 * Reloads the page for code that could not be fetched (the browser keeps a failed module for
 * the life of the page, so nothing else can retry it), unless it just did so for this address
 * or cannot remember that it did (storage refused): a chunk that is really gone would loop.
 * Returns whether it reloads.
 */
export function reloadForCode(): boolean {
  const path = window.location.pathname + window.location.search;
  const now = Date.now();
  try {
    const last = parseLastReload(window.sessionStorage.getItem(KEY));
    if (!mayReloadAgain(last, path, now)) return false;
    window.sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
