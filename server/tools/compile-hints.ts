/**
 * V8's explicit compile hint (Chrome 136+): a file whose first line is this comment has all
 * its functions compiled as it streams in, on a background thread, instead of each on the main
 * thread the first time it is called. The first render of a page calls most of the app's code
 * for the first time, so that compiling was a large part of it (issue 15: on the subscribers
 * page at CPU ×4, the first render's task went from 380–560 ms to 200–270 ms). Other browsers
 * read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** What the build knows of a chunk when it writes its banner (Rolldown's RenderedChunk). */
export interface BannerChunk {
  isEntry: boolean;
  name: string;
  moduleIds: readonly string[];
}

/** The chunks of a first load, besides the entries: the named groups, and the pages' modules. */
export interface FirstLoad {
  /** Chunk groups every first load fetches (vite.config.ts: app, base, contract, boot). */
  groups: readonly string[];
  /** Each page's module as src/app/pages.ts imports it, without extension ("@/features/…"). */
  pages: readonly string[];
}

/**
 * The banner of a chunk (Rolldown's `postBanner`: after minifying, so the comment stays, and
 * before the file's hash is taken, so the hash covers it): the hint on the code of a first
 * load, that is the entries, the groups every page fetches and each page's own chunk. V8 asks
 * for it to be used sparingly (every function of the file is compiled and kept), so not on
 * what is fetched on demand (the charts' library, CSV writers, dialogs: only part of it runs),
 * nor on message catalogs, which are data.
 */
export function compileHintBanner(chunk: BannerChunk, firstLoad: FirstLoad): string {
  if (chunk.isEntry || firstLoad.groups.includes(chunk.name)) return COMPILE_HINT;
  // The chunk that holds a page's module (not always its facade: a page whose chunk another
  // lazy import shares has none).
  const pages = firstLoad.pages.map((page) => `/${page.replace(/^@\//u, "src/")}`);
  const isPage = chunk.moduleIds.some((id) => {
    const module = id.replace(/\.[cm]?[jt]sx?$/u, "");
    return pages.some((page) => module.endsWith(page));
  });
  return isPage ? COMPILE_HINT : "";
}

/**
 * V8 reads the hint on a file's first line only. Vite's preload helper writes its list of a
 * chunk's lazy dependencies (`const __vite__mapDeps=…`) above the banner after the file's
 * hash was taken: the two lines trade places. Neither line has source mappings, so the map
 * still fits; the file's name was taken from its content with the hint in it.
 */
export function withCompileHintFirst(code: string): string {
  const [first = "", second, ...rest] = code.split("\n");
  if (second !== COMPILE_HINT || !first.startsWith("const __vite__mapDeps=")) return code;
  return [second, first, ...rest].join("\n");
}
