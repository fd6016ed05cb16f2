import {
  type Manifest,
  type ManifestChunk,
  manifestKeyOf,
  routeCatalogKeys,
  type RouteSource,
  staticClosure,
} from "../../bench/bundle-report";
// Not src/lib/locale.ts: Vite loads this file with its config, which knows no `@/` paths.
import { interfaceLocales as locales } from "../../src/contract/session-constants";
import type { RoutePreload } from "../gateway/route-preloads";

/**
 * Every route's preloads, written by the build (vite.config.ts) for the gateway to read:
 * files the entry already names in index.html are left out. The catalogs the first render
 * waits for (the shared one, the page's feature's and its groups') are listed per language:
 * the gateway knows the page's language (src/lib/page-preferences.ts) and names those of that
 * one only.
 */
export function routePreloads(
  manifest: Manifest,
  routes: readonly RouteSource[],
  alsoKeys: readonly string[],
  base = "/",
): RoutePreload[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inEntry = staticClosure(manifest, entries);
  // By file: a chunk can have two keys (the module it is named after, and `_file.js` when
  // another entry imports it).
  const entryFiles = new Set([...inEntry].map((key) => manifest[key]?.file));
  const also = alsoKeys.filter((key) => manifest[key] !== undefined);
  const result: RoutePreload[] = [];
  for (const route of routes) {
    const key = manifestKeyOf(manifest, route.module);
    if (key === undefined) continue;
    const chunks = [...staticClosure(manifest, [key, ...also])]
      .map((k) => manifest[k])
      .filter(
        (chunk): chunk is ManifestChunk => chunk !== undefined && !entryFiles.has(chunk.file),
      );
    result.push({
      path: route.path,
      modules: unique(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith(".js"))).map(
        (file) => base + file,
      ),
      styles: unique(chunks.flatMap((chunk) => chunk.css ?? [])).map((file) => base + file),
      catalogs: Object.fromEntries(
        locales.map((locale) => {
          const closure = staticClosure(manifest, routeCatalogKeys(manifest, route, locale));
          const files = [...closure]
            .map((k) => manifest[k]?.file ?? "")
            .filter((file) => !entryFiles.has(file))
            .filter((file) => file.endsWith(".js"));
          return [locale, unique(files).map((file) => base + file)];
        }),
      ),
    });
  }
  return result;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
