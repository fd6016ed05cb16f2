import type { Locale } from "@/lib/locale";
import type { CatalogModule } from "./catalogs";

const featureCatalogs = import.meta.glob<CatalogModule>([
  "../features/*/locales/*.po",
  // The parts of features with catalogs of their own (FEATURE_PARTS in lingui.config.ts).
  "../features/*/*/locales/*.po",
]);

/**
 * The loader of a feature folder's catalog in a language ("subscribers"), or of a part's
 * ("subscribers/manage"), if it has one.
 */
export function featureCatalog(
  area: string,
  locale: Locale,
): (() => Promise<CatalogModule>) | undefined {
  return featureCatalogs[`../features/${area}/locales/${locale}.po`];
}
