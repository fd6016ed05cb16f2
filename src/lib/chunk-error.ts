// How Chromium, Firefox and Safari word a failed `import()` of a page's chunk, and how Vite
// words a page's stylesheet that is gone (a new deployment replaced it).
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/**
 * A page's code could not be fetched (a new deployment replaced the chunk, or the network
 * dropped). The router keeps the failed import, so only reloading the page can try again.
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}
