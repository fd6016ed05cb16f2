import type { Messages } from "@lingui/core";
import type { Locale } from "@/lib/locale";
import { featureCatalog } from "./feature-catalogs";

/**
 * Where each area's catalog of each language lives (lingui.config.ts): Vite makes every `.po`
 * file its own chunk, compiled by Lingui's plugin, fetched only when asked for. The globs find a
 * feature's catalogs as soon as they exist, so a feature translated later needs no change here.
 */
export interface CatalogModule {
  messages: Messages;
}

const sharedCatalogs = import.meta.glob<CatalogModule>("../locales/*.po");
const groupCatalogs = import.meta.glob<CatalogModule>("../locales/*/*.po");

/** The area of the shell and of everything shared, loaded before the first render. */
export const SHARED_AREA = "shared";

/**
 * The catalog of an area in a language: "shared", a group of shared code loaded with its code
 * (src/i18n/catalog-groups.ts), or a feature folder's name; `undefined` for a feature with no
 * catalog yet. The list of feature catalogs (a few hundred bytes) is part of
 * the entry: as a chunk of its own it put a round trip between the first page's code and its
 * words (issue 15).
 */
export async function loadCatalog(
  area: string,
  locale: Locale,
): Promise<CatalogModule | undefined> {
  if (area === SHARED_AREA) return sharedCatalogs[`../locales/${locale}.po`]?.();
  const group = groupCatalogs[`../locales/${area}/${locale}.po`];
  if (group) return group();
  return featureCatalog(area, locale)?.();
}
