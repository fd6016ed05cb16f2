/**
 * V8's explicit compile hint (Chrome 136+): a file whose first line is this comment has all
 * its functions compiled as it streams in, on a background thread, instead of each on the main
 * thread the first time it is called. The first render of a page calls most of the app's code
 * for the first time, so that compiling was a large part of it (issue 15: on the subscribers
 * page at CPU ×4, the first render's task went from 380–560 ms to 200–270 ms). Other browsers
 * read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The banner of a chunk (Rolldown's `postBanner`, after minifying, so the comment stays and the
 * file's hash covers it): the hint, except on message catalogs, which are data (a JSON string
 * parsed once) with nothing to compile ahead.
 */
export function compileHintBanner(moduleIds: readonly string[]): string {
  return moduleIds.length > 0 && moduleIds.every((id) => id.endsWith(".po")) ? "" : COMPILE_HINT;
}

/**
 * V8 reads the hint on a file's first line only. Vite's preload helper writes its list of a
 * chunk's lazy dependencies (`const __vite__mapDeps=…`, a line of its own without source
 * mappings) above the banner once the chunk is rendered: the two lines trade places. The
 * file's content, and so its hash, stays the same.
 */
export function withCompileHintFirst(code: string): string {
  const [first = "", second, ...rest] = code.split("\n");
  if (second !== COMPILE_HINT || !first.startsWith("const __vite__mapDeps=")) return code;
  return [second, first, ...rest].join("\n");
}
