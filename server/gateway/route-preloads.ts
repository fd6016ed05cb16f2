/**
 * What the HTML of one page path names for the browser to fetch at once, beside the entry
 * (issue 15, "modulepreload of what the first route needs"): the route's own chunk and the
 * chunks it imports, the contract's schemas the app asks for as it starts, and their styles.
 * Without these the browser learns of them only once the entry has run.
 */
export interface RoutePreload {
  /** The route's URL pattern ("/c/:groupId/subscribers"). */
  path: string;
  /** Module files to preload, as URLs ("/assets/subscribers-page-x.js"). */
  modules: string[];
  /** Style sheets the route's chunks bring, as URLs. */
  styles: string[];
  /** The message catalogs the first render waits for, as URLs, by language ("en", "ru"). */
  catalogs?: Partial<Record<string, string[]>>;
}

/**
 * Where the build writes the routes' preloads (beside Vite's manifest, under the dot folder the
 * gateway never serves); the gateway reads it when it starts (server/gateway/plugins/spa.ts).
 */
export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

/**
 * The `<link>` elements of a route's preloads, one a line, for the end of `<head>`, with the
 * catalogs of the page's language.
 */
export function preloadLinks(preload: RoutePreload, locale: string): string {
  return [
    ...[...preload.modules, ...(preload.catalogs?.[locale] ?? [])].map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    ),
    ...preload.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ]
    .map((link) => `    ${link}\n`)
    .join("");
}

/**
 * The route whose pattern matches a page path: fixed segments match themselves, `:name` any one
 * segment; of several, the one with the fewest parameters (`subscribers/count` before
 * `subscribers/:recordId`).
 */
export function matchRoute<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): R | undefined {
  const segments = pathname.replace(/\/+$/u, "").split("/");
  let best: { route: R; params: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split("/");
    if (pattern.length !== segments.length) continue;
    let params = 0;
    const matches = pattern.every((part, i) => {
      if (part.startsWith(":")) {
        params += 1;
        return (segments[i] ?? "") !== "";
      }
      return part === segments[i];
    });
    if (matches && (best === undefined || params < best.params)) best = { route, params };
  }
  return best?.route;
}
