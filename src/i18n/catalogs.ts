import type { Messages } from "@lingui/core";
import type { Locale } from "@/lib/locale";

/**
 * Where each area's catalog of each language lives (lingui.config.ts): Vite makes every `.po`
 * file its own chunk, compiled by Lingui's plugin, fetched only when asked for. The globs find a
 * feature's catalogs as soon as they exist, so a feature translated later needs no change here.
 */
interface CatalogModule {
  messages: Messages;
}

const sharedCatalogs = import.meta.glob<CatalogModule>("../locales/*.po");
const featureCatalogs = import.meta.glob<CatalogModule>("../features/*/locales/*.po");

/** The area of the shell and of everything shared, loaded before the first render. */
export const SHARED_AREA = "shared";

/**
 * The loader of an area's catalog in a language: "shared", or a feature folder's name. A
 * feature with no catalog yet has nothing to load.
 */
export function catalogLoader(
  area: string,
  locale: Locale,
): (() => Promise<CatalogModule>) | undefined {
  return area === SHARED_AREA
    ? sharedCatalogs[`../locales/${locale}.po`]
    : featureCatalogs[`../features/${area}/locales/${locale}.po`];
}
