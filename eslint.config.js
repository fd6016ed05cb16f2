// @ts-check
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import pluginQuery from "@tanstack/eslint-plugin-query";
import { defineConfig, globalIgnores } from "eslint/config";
import linguiPlugin from "eslint-plugin-lingui";
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

/**
 * Feature folders whose words are not in catalogs yet: none since issue 14. A new feature may
 * be listed here while it is being written; from the day it leaves the list, a string a person
 * would read cannot be written there without the catalog (src/features/<name>/locales).
 * @type {string[]}
 */
export const UNTRANSLATED_FEATURES = [];

// Its own typings do not match ESLint 10's plugin type, which it satisfies at run time.
const pluginLingui = /** @type {import("eslint").ESLint.Plugin} */ (
  /** @type {unknown} */ (linguiPlugin)
);

export const UNLOCALIZED_RULE = "lingui/no-unlocalized-strings";
export const VISIBLE_ATTRIBUTE_RULE = "project-i18n/no-unlocalized-attributes";

/** Attributes people read or hear that eslint-plugin-lingui lets through on HTML elements. */
const VISIBLE_ATTRIBUTES = new Set([
  "title",
  "label",
  "aria-valuetext",
  "aria-roledescription",
  "aria-description",
  "aria-placeholder",
]);

/**
 * eslint-plugin-lingui checks `placeholder`, `alt`, `aria-label` and `value` of HTML elements
 * but lets `title` and the other attributes above through: this rule reports a string with a
 * letter in any of them, on any element.
 * @type {import("eslint").Rule.RuleModule}
 */
const visibleAttributeRule = {
  meta: {
    type: "problem",
    docs: { description: "Attributes people read come from the catalogs" },
    schema: [],
  },
  create(context) {
    /** @param {import("estree").Node} node */
    const hasLetter = (node) => {
      if (node.type === "Literal")
        return typeof node.value === "string" && /\p{L}/u.test(node.value);
      if (node.type === "TemplateLiteral") {
        return node.quasis.some((quasi) => /\p{L}/u.test(quasi.value.cooked ?? ""));
      }
      return false;
    };
    return {
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        if (hasLetter(value)) {
          context.report({
            node: value,
            message: `The "${name}" attribute is read by people: take its words from the catalog (t\`…\`).`,
          });
        }
      },
    };
  },
};

/**
 * Strings a person reads must come from the catalogs (README, "Languages"): JSX text, the
 * attributes people read or hear (aria-label, title, placeholder, alt, label…), arguments of
 * toast() and any other string, while code-only strings pass: class names, keys, ids, URLs,
 * MIME types, test ids, query keys, API field names, and strings whose type is a union of
 * literals (a role, an operation, a state), which the type checker vouches for.
 * @param {{ untranslated?: string[] }} [options]
 * @returns {import("eslint").Linter.Config[]}
 */
export function localizationConfigs({ untranslated = UNTRANSLATED_FEATURES } = {}) {
  return [
    {
      name: "project/i18n/lingui",
      files: ["src/**/*.{ts,tsx}"],
      plugins: { lingui: pluginLingui },
      rules: {
        "lingui/t-call-in-function": "error",
        "lingui/no-single-tag-to-translate": "error",
        "lingui/no-single-variables-to-translate": "error",
        "lingui/no-trans-inside-trans": "error",
        "lingui/no-expression-in-message": "error",
      },
    },
    {
      name: "project/i18n/no-unlocalized-strings",
      files: ["src/**/*.{ts,tsx}"],
      ignores: [
        // The contract is the server's too: its English is the API's (src/contract/messages.ts
        // gives the SPA its words by key).
        "src/contract/**",
        "src/**/*.d.ts",
        ...untranslated.map((feature) => `src/features/${feature}/**`),
      ],
      plugins: {
        lingui: pluginLingui,
        "project-i18n": { rules: { "no-unlocalized-attributes": visibleAttributeRule } },
      },
      rules: {
        [VISIBLE_ATTRIBUTE_RULE]: "error",
        [UNLOCALIZED_RULE]: [
          "error",
          {
            useTsTypes: true,
            ignore: [
              // One token holding a digit or punctuation: a key, a path, a URL, a MIME type, a
              // class name, a locale tag, an operation ("vk_user_id", "text/csv", "en-GB").
              "^[^\\s]*[0-9_./:@#=?&%*+|\\\\-][^\\s]*$",
              // One lower-case word: a key or a state ("all", "danger", "session"). An English
              // interface word people read starts with a capital or is part of a sentence.
              "^[a-z]+$",
              // camelCase identifiers ("exceptZero", "statCount").
              "^[a-z]+[A-Z][A-Za-z0-9]*$",
              // CONSTANT_CASE and abbreviations that every language writes alike (UTC, МСК).
              "^[A-ZА-ЯЁ0-9_]+$",
            ],
            ignoreNames: [
              "className",
              "key",
              "id",
              "htmlFor",
              "type",
              "role",
              "name",
              "to",
              "href",
              "src",
              "rel",
              "target",
              "lang",
              "dir",
              "value",
              "autoComplete",
              "autoCapitalize",
              "inputMode",
              "method",
              "accept",
              "referrerPolicy",
              "loading",
              "data-testid",
              {
                regex: {
                  pattern:
                    "^aria-(live|current|hidden|controls|describedby|labelledby|invalid|disabled|expanded|modal|haspopup|orientation|sort|atomic|relevant|busy)$",
                },
              },
              "position",
              "theme",
              "dataKey",
              "layout",
              "stroke",
              "fill",
              "color",
              "background",
              "border",
              "cursor",
              "queryKey",
              "mutationKey",
              "credentials",
              "Accept",
              "Content-Type",
              { regex: { pattern: "^[A-Z_]+$" } },
            ],
            ignoreFunctions: [
              "Error",
              "RangeError",
              "TypeError",
              "SyntaxError",
              "ApiError",
              "fail",
              "httpError",
              "console.*",
              "*.getItem",
              "*.setItem",
              "*.removeItem",
              "*.addEventListener",
              "*.removeEventListener",
              "*.matchMedia",
              "*.querySelector",
              "*.querySelectorAll",
              "*.getElementById",
              "*.createElement",
              "*.getAttribute",
              "*.setAttribute",
              "*.getPropertyValue",
              "*.get",
              "*.has",
              "*.set",
              "*.delete",
              "*.append",
              "*.startsWith",
              "*.endsWith",
              "*.includes",
              "*.split",
              "*.join",
              "*.replace",
              "*.padStart",
              "*.test",
              "*.exec",
              "*.throwIfAborted",
              "Intl.*",
              "import.meta.glob",
              "JSON.stringify",
              "Reflect.get",
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
    // Fixture trees full of deliberate violations, each linted by its own test.
    "tests/fixtures/lint/",
    "tests/fixtures/lint-i18n/",
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
    files: ["server/**", "tests/**", "bench/**", "vite.config.ts", "lingui.config.ts"],
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

  {
    name: "project/toasts-through-notify",
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/app/app-toaster.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "sonner",
              message:
                'Call `notify()` from "@/components/notify": it loads sonner when a toast is shown, not with the page.',
            },
          ],
        },
      ],
    },
  },

  ...boundaryConfigs(root),
  ...localizationConfigs(),
]);
