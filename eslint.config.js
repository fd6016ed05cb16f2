// @ts-check
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import pluginQuery from "@tanstack/eslint-plugin-query";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

const SOURCE_FILES = "**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}";

// Bare package names that pull React (or a React-only library) into a module. The server, and
// src/contract and src/lib (which the server imports), must never match this.
const REACT_PACKAGES =
  "^(?:react|react-[\\w.-]+|@tanstack/react-[\\w.-]+|@testing-library/react|@vitejs/plugin-react|recharts)(?:/.*)?$";

/**
 * Names of the feature folders under `<root>/src/features`, read when the config loads, so a
 * feature added later is covered by the next lint run without editing this file.
 * @param {string} featuresDir
 * @returns {string[]}
 */
function listFeatures(featuresDir) {
  if (!fs.existsSync(featuresDir)) return [];
  return fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Where an import specifier points, as a path relative to `root` with `/` separators, or
 * `undefined` for a package import. Relative specifiers resolve from the importing file; `@/`
 * is the tsconfig alias of `src/`. Extensions and index files need no resolving: a boundary is
 * a folder, and the folder is known from the specifier alone.
 * @param {string} root
 * @param {string} importer absolute path of the importing file
 * @param {string} specifier
 * @returns {string | undefined}
 */
function importedPath(root, importer, specifier) {
  let absolute;
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "..") {
    absolute = path.resolve(path.dirname(importer), specifier);
  } else if (specifier.startsWith("@/")) {
    absolute = path.join(root, "src", specifier.slice(2));
  } else if (path.isAbsolute(specifier)) {
    absolute = specifier;
  } else {
    return undefined;
  }
  return path.relative(root, absolute).split(path.sep).join("/");
}

/**
 * @param {string} file root-relative path
 * @param {string} folder root-relative folder
 */
function isInside(file, folder) {
  return file === folder || file.startsWith(`${folder}/`);
}

/**
 * @typedef {{ target: string; from: string; except?: string[]; message: string }} Zone
 * `target` files may not import anything under `from`, except under the `except` folders.
 */

/**
 * An ESLint rule that judges every static import, re-export and dynamic `import()` of a file
 * against the zones. (eslint-plugin-import-x does this too, but its resolver needs native
 * packages for every platform in the lock file, which the registry here cannot provide.)
 * @param {string} root
 * @param {Zone[]} zones
 * @returns {import("eslint").Rule.RuleModule}
 */
function boundaryRule(root, zones) {
  return {
    meta: {
      type: "problem",
      docs: { description: "Keep the layers of design.md apart" },
      schema: [],
    },
    create(context) {
      const file = path.relative(root, context.filename).split(path.sep).join("/");
      const active = zones.filter((zone) => isInside(file, zone.target));
      if (active.length === 0) return {};

      /** @param {import("estree").Node | null | undefined} source */
      function check(source) {
        if (source?.type !== "Literal" || typeof source.value !== "string") return;
        const target = importedPath(root, context.filename, source.value);
        if (target === undefined) return;
        const zone = active.find(
          (candidate) =>
            isInside(target, candidate.from) &&
            !(candidate.except ?? []).some((folder) => isInside(target, folder)),
        );
        if (zone) {
          context.report({
            node: source,
            message: `${zone.message} ("${source.value}")`,
          });
        }
      }

      return {
        ImportDeclaration: (node) => {
          check(node.source);
        },
        ExportNamedDeclaration: (node) => {
          check(node.source);
        },
        ExportAllDeclaration: (node) => {
          check(node.source);
        },
        ImportExpression: (node) => {
          check(node.source);
        },
      };
    },
  };
}

export const BOUNDARY_RULE = "project/boundaries";

/**
 * The layering rules of design.md, as lint errors, for the project rooted at `root` (which holds
 * `src/` with the `@/` alias, and `server/`). Relative paths and the `@/` alias are judged alike.
 * @param {string} root absolute path of the project root
 * @returns {import("eslint").Linter.Config[]}
 */
export function boundaryConfigs(root) {
  const features = listFeatures(path.join(root, "src", "features"));

  /** @type {Zone[]} */
  const zones = [
    ...features.map((feature) => ({
      target: `src/features/${feature}`,
      from: "src/features",
      except: [`src/features/${feature}`],
      message: `Features do not import each other: share through src/components, src/lib or src/api (in src/features/${feature}).`,
    })),
    {
      target: "src/contract",
      from: "src",
      except: ["src/contract"],
      message: "src/contract imports nothing of the app: the server imports it.",
    },
    {
      target: "src/lib",
      from: "src",
      except: ["src/lib", "src/contract"],
      message: "src/lib holds pure helpers: it may import only src/lib and src/contract.",
    },
    {
      target: "server",
      from: "src",
      except: ["src/contract", "src/lib"],
      message: "The server may import only src/contract and src/lib from src.",
    },
    {
      target: "src",
      from: "server",
      message: "The SPA runs in the browser: it never imports server code.",
    },
  ];

  return [
    {
      name: "project/boundaries",
      files: [SOURCE_FILES],
      plugins: { project: { rules: { boundaries: boundaryRule(root, zones) } } },
      rules: { [BOUNDARY_RULE]: "error" },
    },
    {
      name: "project/boundaries/no-react-outside-the-spa",
      basePath: root,
      files: [`server/${SOURCE_FILES}`, `src/contract/${SOURCE_FILES}`, `src/lib/${SOURCE_FILES}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                regex: REACT_PACKAGES,
                message:
                  "The server never imports React; src/contract and src/lib are imported by the server.",
              },
            ],
          },
        ],
      },
    },
  ];
}

export default defineConfig([
  globalIgnores([
    "dist/",
    "node_modules/",
    "coverage/",
    "test-results/",
    "playwright-report/",
    "data/",
    "public/openapi.json",
    // A fixture tree full of deliberate boundary violations, linted by its own test.
    "tests/fixtures/lint/",
  ]),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    name: "project/typescript",
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { secret: _, ...rest } = value` is how this codebase leaves a field out.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // `handler = (req, res) => json(res, …)` where a void callback is expected says nothing
      // confusing; a void value used anywhere else is still reported.
      "@typescript-eslint/no-confusing-void-expression": [
        "error",
        { ignoreVoidReturningFunctions: true },
      ],
    },
  },

  {
    name: "project/plain-js",
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  {
    name: "project/globals/browser",
    files: ["src/**"],
    languageOptions: { globals: globals.browser },
  },
  {
    name: "project/globals/node",
    files: ["server/**", "tests/**", "bench/**", "vite.config.ts"],
    languageOptions: { globals: globals.node },
  },

  {
    name: "project/react-hooks",
    files: ["src/**/*.{ts,tsx}", "tests/component/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    name: "project/tanstack-query",
    files: ["src/**/*.{ts,tsx}"],
    extends: [pluginQuery.configs["flat/recommended"]],
  },

  {
    name: "project/zod-through-the-contract",
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/contract/zod.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^zod(\\/|$)/]",
          message:
            'Import zod as `import * as z from "@/contract/zod"`: it sets zod up for the CSP before any schema is built.',
        },
      ],
    },
  },

  ...boundaryConfigs(root),
]);
