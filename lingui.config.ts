import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalog per area, so that people translating different parts of the app never edit the
 * same file, and a load of code brings only its own words (src/i18n/catalogs.ts):
 * - `src/locales/{locale}.po`: the shell and the shared code the first screens draw (src/app,
 *   src/components, src/api, src/lib, src/i18n, and src/features/session, whose sign-in page
 *   and header are on every first load), minus the groups below;
 * - `src/locales/<group>/{locale}.po`: shared code that is not on every first screen, read
 *   with that code (`withCatalogs` in src/i18n/with-catalogs.ts, or a page's `catalogs` in
 *   src/app/pages.ts) — `CATALOG_GROUPS` below, matched by path;
 * - `src/features/<feature>/locales/{locale}.po`: one per feature folder, read when one of its
 *   pages opens. A new feature folder gets its catalog at the next `npm run i18n:extract`;
 * - `src/features/<feature>/<part>/locales/{locale}.po`: a part of a feature with its own
 *   (`FEATURE_PARTS` below), taken out of the feature's.
 * tests/unit/catalog-loads.test.ts checks, from the import graph, that every load of code has
 * the catalogs of the words it can show.
 */
const root = import.meta.dirname;
const SHARED_FEATURES = ["session"];

/**
 * The groups of shared code with catalogs of their own, and the files whose messages they hold
 * (globs from the project's root). Keep the names in step with `CatalogGroup`
 * (src/i18n/catalog-groups.ts).
 */
export const CATALOG_GROUPS: Record<string, string[]> = {
  // Failure sentences: fetched after the first render, and with every page that words a
  // failure itself.
  errors: ["src/api/error-text.ts", "src/api/job-error-text.ts"],
  // Validation words and the forms that open on demand.
  forms: [
    "src/i18n/contract-texts.ts",
    "src/i18n/zod-resolver.ts",
    "src/components/period-picker/custom-range-form.tsx",
    "src/components/name-dialog.tsx",
    "src/components/utm-tags/**",
  ],
  // The CSV writers, loaded at the first export.
  csv: ["src/lib/*-csv.ts"],
  // Charts, their tables and their export.
  charts: ["src/components/chart/**", "src/components/chart-export/**"],
  // Finding and resolving people: the header's search (loaded on focus or when idle), the
  // people resolver and the results of a bulk run.
  people: [
    "src/components/person-search/person-search.tsx",
    "src/components/person-search/person-option.tsx",
    "src/components/person-search/directory-progress.ts",
    "src/components/resolve-people/**",
    "src/components/bulk-results.tsx",
    "src/lib/profile-link.ts",
  ],
};

/**
 * Parts of a feature folder with a catalog of their own (`src/features/<part>/locales/`): a page
 * that shows few of its feature's words and none outside its folder, so its first load does not
 * carry the rest (issue 15). The page names the part as its `area` in src/app/pages.ts.
 */
export const FEATURE_PARTS = ["subscribers/manage", "variables/bulk"];

const inRoot = (pattern: string) => `<rootDir>/${pattern}`;

const features = fs
  .readdirSync(path.join(root, "src", "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_FEATURES.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ru"],
  // A message missing from a catalog is a failing test (tests/unit/i18n-catalogs.test.ts),
  // never a silent fallback to another language.
  fallbackLocales: false,
  orderBy: "message",
  // No line numbers: a catalog changes only when its messages do, not when code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: [
        "<rootDir>/src/app",
        "<rootDir>/src/components",
        "<rootDir>/src/api",
        "<rootDir>/src/lib",
        "<rootDir>/src/i18n",
        ...SHARED_FEATURES.map((feature) => `<rootDir>/src/features/${feature}`),
      ],
      exclude: Object.values(CATALOG_GROUPS).flat().map(inRoot),
    },
    ...Object.entries(CATALOG_GROUPS).map(([group, files]) => ({
      path: `<rootDir>/src/locales/${group}/{locale}`,
      include: files.map(inRoot),
    })),
    ...features.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
      exclude: FEATURE_PARTS.filter((part) => part.startsWith(`${feature}/`)).map((part) =>
        inRoot(`src/features/${part}/**`),
      ),
    })),
    ...FEATURE_PARTS.map((part) => ({
      path: `<rootDir>/src/features/${part}/locales/{locale}`,
      include: [`<rootDir>/src/features/${part}`],
    })),
  ],
});
