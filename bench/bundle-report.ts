/**
 * Pure part of `npm run bench:bundle`: what each route loads first, read from Vite's build
 * manifest, and which routes exist, read from the page registry's and the router's source.
 */

/** One entry of `.vite/manifest.json` (keys are source paths, or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteSource {
  /** How the report names it: the page's id, or the router path. */
  name: string;
  /** The URL pattern, as a reader would type it. */
  path: string;
  /** The module the route's lazy import loads, relative to the project ("src/..."). */
  module: string;
  /**
   * The page's `area`: its feature folder ("subscribers") or a part of one with a catalog of
   * its own ("subscribers/manage"). Left out: the feature folder of `module`.
   */
  area?: string;
  /**
   * The groups of shared code whose catalogs are loaded with it (a page's `catalogs`, or the
   * `withCatalogs(…)` around a route's import; src/i18n/with-catalogs.ts).
   * Left out: none.
   */
  catalogs?: string[];
}

/** Manifest keys of `keys` and of everything they import statically, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry "${key}"`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/**
 * The JS files a route fetches before it can show: the entry's, then its own lazy chunk's, and
 * `alsoKeys` (chunks the app asks for with every first page: the contract's schemas, the
 * catalogs), each with its static imports. Without a route: the entry's alone.
 */
export function firstLoadFiles(
  manifest: Manifest,
  routeKey?: string,
  alsoKeys: readonly string[] = [],
): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const keys = staticClosure(manifest, routeKey ? [...entries, routeKey, ...alsoKeys] : entries);
  return [...keys].map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"));
}

/**
 * The manifest keys of the catalogs a route's first load fetches in a language: the shared one,
 * its feature's and those of the groups it loads (src/i18n/catalogs.ts), those that exist.
 */
export function routeCatalogKeys(
  manifest: Manifest,
  route: Pick<RouteSource, "module" | "catalogs" | "area">,
  locale: string,
): string[] {
  const feature = route.area ?? /^(?:@\/|src\/)features\/([^/]+)\//u.exec(route.module)?.[1];
  const keys = [`src/locales/${locale}.po`];
  if (feature !== undefined) keys.push(`src/features/${feature}/locales/${locale}.po`);
  for (const group of route.catalogs ?? []) keys.push(`src/locales/${group}/${locale}.po`);
  return keys.filter((key) => manifest[key] !== undefined);
}

/** A module that something imports dynamically, and the chunk file that holds it. */
export interface DynamicTarget {
  /** Relative to the project, as the manifest's keys are ("src/features/x/y.tsx"). */
  src: string;
  /** As the manifest's `file` ("assets/y-hash.js"). */
  file: string;
}

/**
 * The manifest with a key for each dynamically imported module it leaves out. Vite keys a chunk
 * by its source only when the chunk is that module's own; when Rolldown has merged a page into
 * a chunk it shares with others (vite.config.ts, `codeSplitting`), the manifest knows the chunk
 * only as `_name-hash.js`, and the page could not be found by its path. The added key is a copy
 * of that chunk's entry with the page's `src`. A module found in several chunks keeps the first.
 */
export function withDynamicTargets(
  manifest: Manifest,
  targets: readonly DynamicTarget[],
): Manifest {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const result: Manifest = { ...manifest };
  for (const target of targets) {
    if (result[target.src] !== undefined) continue;
    const chunk = byFile.get(target.file);
    if (chunk) result[target.src] = { ...chunk, src: target.src, isDynamicEntry: true };
  }
  return result;
}

/** The manifest key of a source module named the way imports name it ("@/features/x/y"). */
export function manifestKeyOf(manifest: Manifest, specifier: string): string | undefined {
  const base = specifier.replace(/^@\//u, "src/");
  return [base, `${base}.tsx`, `${base}.ts`].find((key) => manifest[key] !== undefined);
}

const PAGE_BLOCK = /page\(\{([\s\S]*?)\}\),?\s*(?=page\(\{|\];)/gu;
const LAZY_ROUTE =
  /path:\s*"([^"]+)",\s*lazy:\s*async\s*\(\)\s*=>\s*\(\{([\s\S]*?)import\("([^"]+)"\)/gu;

/** The quoted names of `catalogs: [...]` or `withCatalogs(...`, in a piece of source. */
function catalogNames(source: string, pattern: RegExp): string[] {
  const list = pattern.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/gu)].map((match) => match[1] ?? "");
}

/**
 * The routes of the app: every `page({...})` of src/app/pages.ts (id, segment and the module
 * its `load` imports) and every lazy route of src/app/routes.tsx with a fixed path (sign-in).
 */
export function routeSources(pagesSource: string, routesSource: string): RouteSource[] {
  const routes: RouteSource[] = [];
  for (const [, block = ""] of pagesSource.matchAll(PAGE_BLOCK)) {
    const id = /\bid:\s*"([^"]+)"/u.exec(block)?.[1];
    const segment = /\bsegment:\s*"([^"]*)"/u.exec(block)?.[1];
    const module = /import\("([^"]+)"\)/u.exec(block)?.[1];
    const area = /\barea:\s*"([^"]+)"/u.exec(block)?.[1];
    if (id === undefined || segment === undefined || module === undefined) continue;
    routes.push({
      name: id,
      path: segment ? `/c/:groupId/${segment}` : "/c/:groupId",
      module,
      ...(area === undefined ? {} : { area }),
      catalogs: catalogNames(block, /\bcatalogs:\s*\[([^\]]*)\]/u),
    });
  }
  for (const [, path = "", before = "", module = ""] of routesSource.matchAll(LAZY_ROUTE)) {
    const catalogs = catalogNames(before, /withCatalogs\(\s*(\[[^\]]*\]|"[^"]*")/u);
    routes.push({ name: path, path: `/${path}`, module, catalogs });
  }
  return routes;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function verdict(met: boolean): "MET" | "MISSED" {
  return met ? "MET" : "MISSED";
}
