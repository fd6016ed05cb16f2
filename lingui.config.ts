import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalog per area, so that people translating different parts of the app never edit the
 * same file, and a page loads only its own words (src/i18n/catalogs.ts):
 * - `src/locales/{locale}.po`: the shell and everything shared (src/app, src/components,
 *   src/api, src/lib, src/i18n, and src/features/session, whose sign-in page and header are
 *   on every first load);
 * - `src/features/<feature>/locales/{locale}.po`: one per feature folder, read when one of its
 *   pages opens. A new feature folder gets its catalog at the next `npm run i18n:extract`.
 */
const root = import.meta.dirname;
const SHARED_FEATURES = ["session"];

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
    },
    ...features.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
    })),
  ],
});
