/// <reference types="vitest/config" />
import { relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ResolvedConfig } from "vite";
import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import {
  type DynamicTarget,
  type Manifest,
  routeSources,
  withDynamicTargets,
} from "./bench/bundle-report.ts";
import {
  compileHintBanner,
  type FirstLoad,
  withCompileHintFirst,
} from "./server/tools/compile-hints.ts";
import { precompressDir } from "./server/tools/precompress.ts";
import { ROUTE_PRELOADS_FILE } from "./server/gateway/route-preloads.ts";
import { routePreloads } from "./server/tools/route-preloads.ts";

const src = fileURLToPath(new URL("./src", import.meta.url));

/** src/boot/: the page's first scripts, entries of their own outside the app's chunk. */
const BOOT_MODULE = /[\\/]src[\\/]boot[\\/]/;
/** src/boot/ but the contract's entry: what the boot script is made of (no import of zod). */
const BOOT_SCRIPT =
  /[\\/]src[\\/]boot[\\/](?:boot|early-fetch|first-screen-requests|warm-intl)\.ts$/;
/** zod, the contract and the module of its schemas the SPA parses with (src/api/schemas.ts). */
const CONTRACT =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]contract[\\/]|[\\/]src[\\/]api[\\/]schemas\.ts$/;
/** The contract's modules without zod that both the entry and the schemas import. */
const CONTRACT_BASE =
  /[\\/]src[\\/]contract[\\/](?:datetime|delivery-constants|directory-constants|roles|session-constants)\.ts$/;

/** The scripts of src/boot/, each an entry of its own (see boot.ts and contract.ts there). */
const BOOT_ENTRIES = { boot: "boot/boot.ts", "boot-contract": "boot/contract.ts" } as const;

/**
 * Adds the scripts of src/boot/ to the built index.html, each a module script that runs as
 * soon as its own files are in (`async`), ahead of the app's entry, which waits for its whole
 * graph; and what they import, asked for at once rather than after them.
 */
function bootEntries(): Plugin {
  let base = "/";
  return {
    name: "boot-entries",
    apply: "build",
    configResolved(resolved) {
      base = resolved.base;
    },
    // The point of the early scripts is not to wait for the entry: a build whose chunks make
    // one of them import the app's chunk (src/main.tsx) fails.
    generateBundle(_options, bundle) {
      const byFile = new Map(Object.values(bundle).map((file) => [file.fileName, file]));
      for (const [name, file] of Object.entries(BOOT_ENTRIES)) {
        const seen = new Set<string>();
        const stack = Object.values(bundle)
          .filter((chunk) => chunk.type === "chunk" && chunk.isEntry && chunk.name === name)
          .map((chunk) => chunk.fileName);
        for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
          const chunk = byFile.get(next);
          if (seen.has(next) || chunk?.type !== "chunk") continue;
          seen.add(next);
          if (chunk.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id))) {
            this.error(`src/${file} imports the app's entry chunk (${next}): see vite.config.ts`);
          }
          stack.push(...chunk.imports);
        }
      }
    },
    config() {
      const input: Record<string, string> = { index: resolve(src, "../index.html") };
      for (const [name, file] of Object.entries(BOOT_ENTRIES)) input[name] = resolve(src, file);
      return { build: { rolldownOptions: { input } } };
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {});
        return Object.entries(BOOT_ENTRIES).flatMap(([name, file]) => {
          const entry = chunks.find(
            (chunk) => chunk.type === "chunk" && chunk.isEntry && chunk.name === name,
          );
          if (entry?.type !== "chunk") throw new Error(`the build has no entry of src/${file}`);
          return [
            {
              tag: "script",
              attrs: { type: "module", async: true, crossorigin: true, src: base + entry.fileName },
              injectTo: "head" as const,
            },
            ...entry.imports
              .filter((imported) => !html.includes(`${base}${imported}"`))
              .map((imported) => ({
                tag: "link",
                attrs: { rel: "modulepreload", crossorigin: true, href: base + imported },
                injectTo: "head" as const,
              })),
          ];
        });
      },
    },
  };
}

/**
 * Sonner injects its stylesheet as a <style> element, which the gateway's CSP
 * (`style-src 'self'`) refuses; the app imports `sonner/dist/styles.css` as a file instead, so
 * the injection is switched off here. The build fails if a new Sonner no longer matches.
 */
function sonnerWithoutInlineStyle(): Plugin {
  const injector = "function __insertCSS(code) {";
  return {
    name: "sonner-without-inline-style",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!code.includes(injector)) {
        throw new Error(
          "sonner no longer defines __insertCSS: check the CSP plugin in vite.config.ts",
        );
      }
      return { code: code.replace(injector, `${injector} return;`), map: null };
    },
  };
}

/** The chunks of a first load that get V8's compile hint (server/tools/compile-hints.ts). */
const FIRST_LOAD: FirstLoad = {
  groups: ["app", "base", "contract", "boot"],
  pages: routeSources(
    readFileSync(resolve(src, "app/pages.ts"), "utf8"),
    readFileSync(resolve(src, "app/routes.tsx"), "utf8"),
  ).map((route) => route.module),
};

/** The compile hint on the first line of each chunk that has it (server/tools/compile-hints.ts). */
function compileHintFirst(): Plugin {
  return {
    name: "compile-hint-first",
    apply: "build",
    // After Vite's own generateBundle, which writes the line it must go above.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk") chunk.code = withCompileHintFirst(chunk.code);
        }
      },
    },
  };
}

/**
 * Brotli and gzip copies of every text file of the build (`*.br`, `*.gz`), written once when
 * the build ends, for the gateway to serve as they are (see README, "Architecture").
 */
function precompressBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "precompress-build",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const summary = await precompressDir(resolve(config.root, config.build.outDir));
      config.logger.info(
        `precompressed ${String(summary.files)} files: ${kB(summary.bytes)} → ` +
          `${kB(summary.brotliBytes)} brotli, ${kB(summary.gzipBytes)} gzip`,
      );
    },
  };
}

/**
 * What each route's page names for the browser to fetch beside the entry (its chunks, the
 * contract's schemas, their styles), read from the build's manifest once it is written, for
 * the gateway to put into the HTML of that route (server/gateway/plugins/spa.ts).
 */
function routePreloadsBuild(): Plugin {
  let config: ResolvedConfig;
  let targets: DynamicTarget[] = [];
  return {
    name: "route-preloads",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      // Where each module that something imports dynamically (a page, a catalog) ended up, for
      // the manifest's keys: see withDynamicTargets.
      targets = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const info = this.getModuleInfo(id);
          if (!info || info.dynamicImporters.length === 0 || !id.startsWith(config.root)) continue;
          targets.push({
            src: relative(config.root, id).split(sep).join("/"),
            file: chunk.fileName,
          });
        }
      }
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const manifestPath = resolve(outDir, ".vite/manifest.json");
      // A build that failed wrote no manifest: its own error is the one to report.
      if (!existsSync(manifestPath)) return;
      const manifest = withDynamicTargets(
        JSON.parse(await readFile(manifestPath, "utf8")) as Manifest,
        targets,
      );
      await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
      const routes = routeSources(
        await readFile(resolve(config.root, "src/app/pages.ts"), "utf8"),
        await readFile(resolve(config.root, "src/app/routes.tsx"), "utf8"),
      );
      const preloads = routePreloads(manifest, routes, ["src/api/schemas.ts"], config.base);
      await writeFile(resolve(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads, null, 1));
    },
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * React Router 7's package exports only its development build (remix-run/react-router#12532,
 * #14102), whose dev warnings run in production too: a build takes the production build it
 * ships beside it. Dev server and Vitest keep the development build and its warnings.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
  ),
};

/**
 * React's API on Preact (preact/compat): the same components, hooks and libraries in about
 * 55 kB gzip less than React DOM (issue 15). Everything — the build, `npm run dev` and the
 * component tests — runs on it, so the tests test what ships.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
  // TanStack Store's selector hook (the tables) and Recharts ask for the shim of React's
  // useSyncExternalStore, for React before 18; preact/compat has the hook itself, so the
  // package's own build over the hook is enough (the subscribers route's first load, 0.2 kB
  // less; issue 15).
  {
    find: /^use-sync-external-store\/shim\/with-selector$/,
    replacement: "use-sync-external-store/with-selector",
  },
  // Its ES module build: the CommonJS one it resolves to under Node requires React itself.
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL(
        "./node_modules/@testing-library/react/dist/@testing-library/react.esm.js",
        import.meta.url,
      ),
    ),
  },
];

/**
 * Its ES module build outside the build too: under Vitest the "node" condition picks its
 * CommonJS build, whose `require("react")` would reach React itself, not Preact.
 */
const reactRouterModule = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL("./node_modules/react-router/dist/development/index.mjs", import.meta.url),
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [
    // Lingui's macros (t, msg, plural, <Trans>) become catalog lookups at build time, before
    // React's own transform; Vite 8's React plugin has no Babel of its own any more.
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: { plugins: ["@lingui/babel-plugin-lingui-macro"] },
          // Only modules that import a macro pay for Babel.
          rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
        }),
      ],
    }),
    // No Fast Refresh: its runtime patches React DOM, which the app does not run on (Preact,
    // preactForReact); an edit reloads the page in `npm run dev` instead of going unseen.
    react({ refreshExclude: /./ }),
    // Compiles `*.po` catalogs into modules when they are imported (src/i18n/catalogs.ts).
    lingui(),
    sonnerWithoutInlineStyle(),
    bootEntries(),
    compileHintFirst(),
    routePreloadsBuild(),
    precompressBuild(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: src },
      ...(command === "build" ? [reactRouterProduction] : [reactRouterModule]),
      ...preactForReact,
    ],
  },
  build: {
    target: "es2022",
    // No polyfill of <link rel="modulepreload">: every browser has it since 2023 (Baseline
    // widely available in 2026). One without it still loads every file, only later; the
    // polyfill cost every first load 0.4 kB of its entry (issue 15).
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app (about 12 kB brotli), in the page's head: a route's first
    // load is one request for its styles instead of up to nine, and no page's style sheet comes
    // late and makes the browser work out the styles of the whole page again (issue 15).
    cssCodeSplit: false,
    // Read by routePreloadsBuild; under dist/.vite, which the gateway never serves.
    manifest: true,
    rolldownOptions: {
      // An app, not a library: no chunk's exports are anyone's interface (and inlining below
      // needs it said).
      preserveEntrySignatures: false,
      output: {
        // V8 compiles each chunk's functions as it streams in (server/tools/compile-hints.ts).
        postBanner: (chunk) => compileHintBanner(chunk, FIRST_LOAD),
        codeSplitting: {
          // Few requests, not many small ones (issue 15): the gateway speaks HTTP/1.1, where a
          // browser opens six connections to it and each request costs a round trip on one of
          // them, so the forty files of a page's first load were seven rounds of waiting on a
          // phone's 150 ms line. Now 9–15 (README, "Bundle size").
          groups: [
            // Everything the entry needs, in the entry's own files. Left alone Rolldown cuts
            // what the entry shares with the lazy pages (Preact, the API client, icons' base…)
            // into eight shards, each a request of its own on every first load.
            // (Not the page's own module, index.html: in the group it names the chunk after the
            // project's folder, and with it every file's hash.)
            {
              name: "app",
              tags: ["$initial"],
              priority: 2,
              test: (id) =>
                !id.endsWith("index.html") && !BOOT_MODULE.test(id) && !CONTRACT.test(id),
            },
            // src/boot/ in one chunk: the boot entry's own code, and what the app takes from it
            // (the early answers, early-fetch.ts).
            {
              name: "boot",
              priority: 5,
              test: BOOT_SCRIPT,
            },
            // What the early scripts and the entry share, kept out of the entry's chunk, or
            // the early scripts would wait for it: the contract's files without zod that the
            // entry needs too (limits, dates, roles), which the schemas' chunk imports, and
            // Vite's preload helper. Rolldown may put one of them beside the boot script that
            // imports it instead; either way no early script imports the entry's chunk
            // (`bootEntries` fails the build if one does).
            {
              name: "base",
              priority: 4,
              test: (id) => CONTRACT_BASE.test(id) || id.startsWith("\0vite/"),
            },
            // zod and the contract's schemas in one chunk, fetched and evaluated as the page
            // starts (src/boot/contract.ts, src/api/contract-schemas.ts): left alone they come
            // as seven small chunks.
            {
              name: "contract",
              priority: 1,
              test: CONTRACT,
            },
          ],
          // The small chunks that pages share (a pager, an avatar, a date's words: 30 bytes to 3
          // kB each) are copied into each page's chunk instead of being fetched on their own.
          // Each copy registers its modules with Rolldown's runtime, and only the first one to
          // be loaded runs: a module still exists once (one React context, one cache), however
          // many chunks hold it. The cost is bytes: the whole app is about 60 kB larger, a
          // page's first load about the same (README, "Bundle size").
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
    },
    // Maps for error reports, not referenced by the bundles nor served by the gateway.
    sourcemap: "hidden",
  },
  server: {
    port: 5173,
    // The gateway serves /api and /auth; in dev, Vite forwards them to it.
    proxy: {
      "/api": process.env.CHANNEL_DESK_GATEWAY ?? "http://127.0.0.1:8080",
      "/auth": process.env.CHANNEL_DESK_GATEWAY ?? "http://127.0.0.1:8080",
    },
  },
  test: {
    // Playwright specs live in tests/e2e and are run by Playwright, never by Vitest.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "component",
          environment: "jsdom",
          include: ["tests/component/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/component/setup.ts"],
          // Libraries through Vite, so their `react` is Preact as in the app (preactForReact); the
          // CommonJS ones are bundled first, their `require("react")` included.
          server: { deps: { inline: true } },
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ["use-sync-external-store/**"],
              },
            },
          },
        },
      },
      {
        extends: true,
        test: { name: "server", environment: "node", include: ["tests/server/**/*.test.ts"] },
      },
    ],
  },
}));
