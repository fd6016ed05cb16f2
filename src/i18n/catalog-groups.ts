/**
 * The groups of shared code whose words are a catalog of their own (`CATALOG_GROUPS` in
 * lingui.config.ts, `src/locales/<group>/`), fetched with that code rather than with the
 * shell. tests/unit/catalog-loads.test.ts checks that this list and the config's agree.
 */
export const catalogGroups = ["errors", "forms", "csv", "charts", "people"] as const;

export type CatalogGroup = (typeof catalogGroups)[number];
