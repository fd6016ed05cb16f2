import type { Locale } from "@/lib/locale";
import type { CatalogModule } from "./catalogs";

const featureCatalogs = import.meta.glob<CatalogModule>("../features/*/locales/*.po");

/** The loader of a feature folder's catalog in a language, if it has one. */
export function featureCatalog(
  area: string,
  locale: Locale,
): (() => Promise<CatalogModule>) | undefined {
  return featureCatalogs[`../features/${area}/locales/${locale}.po`];
}
