/**
 * `npm run bench:bundle`: builds the SPA with Vite into a temporary directory (never dist/),
 * then prints, from the build manifest, the gzip size of the JS each route loads first (the
 * entry with its static imports; the route's lazy chunk, the contract's schemas and the list of
 * feature catalogs with theirs; the shared catalog and the feature's catalog of one language),
 * the chart chunks, the message catalogs (one chunk per area and language), and the whole app's
 * JS, beside the targets of issues 5, 14 and 15.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rolldown } from "vite";
import {
  firstLoadFiles,
  formatKb,
  type Manifest,
  manifestKeyOf,
  routeCatalogKeys,
  routeSources,
  verdict,
} from "./bundle-report";

const TARGETS = { entry: 110_000, route: 150_000, wholeApp: 400_000 };
/**
 * Chunks every first page fetches beside its own, asked for as the app starts: the contract's
 * schemas (src/api/contract-schemas.ts) and the list of feature catalogs (src/i18n/catalogs.ts).
 */
const STARTUP_MODULES = ["src/api/schemas.ts", "src/i18n/feature-catalogs.ts"];
/** Issue 14: the entry before the app had languages, and how much it may grow for them. */
const ENTRY_BEFORE_I18N = 149_000;
const ENTRY_GROWTH_MAX = 5_000;
const CHART_MODULE = /[/\\]node_modules[/\\]recharts[/\\]/u;

const root = process.cwd();
const outDir = mkdtempSync(join(tmpdir(), "channel-desk-bundle-"));
try {
  const result = await build({
    root,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) =>
    output.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk"),
  );
  const manifest = JSON.parse(
    readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"),
  ) as Manifest;

  const gzipCache = new Map<string, number>();
  const gzip = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const total = (files: readonly string[]) => files.reduce((sum, file) => sum + gzip(file), 0);

  const routes = routeSources(
    readFileSync(join(root, "src/app/pages.ts"), "utf8"),
    readFileSync(join(root, "src/app/routes.tsx"), "utf8"),
  );
  const entryFiles = firstLoadFiles(manifest);
  const chartFiles = chunks
    .filter((chunk) => chunk.moduleIds.some((id) => CHART_MODULE.test(id)))
    .map((chunk) => chunk.fileName);

  console.log(`Gzip sizes of JavaScript (level 9; 1 kB = 1000 bytes), built in ${outDir}\n`);
  const entrySize = total(entryFiles);
  const growth = entrySize - ENTRY_BEFORE_I18N;
  console.log(
    `Entry (every route loads it): ${formatKb(entrySize)}   ≤ ${formatKb(TARGETS.entry)}  ` +
      `${verdict(entrySize <= TARGETS.entry)}   ` +
      `(${growth >= 0 ? "+" : ""}${formatKb(growth)} over ${formatKb(ENTRY_BEFORE_I18N)} before ` +
      `languages, ≤ +${formatKb(ENTRY_GROWTH_MAX)}  ${verdict(growth <= ENTRY_GROWTH_MAX)})`,
  );
  const catalogs = Object.entries(manifest)
    .filter(([key]) => key.endsWith(".po"))
    .map(([key, chunk]) => ({ key, file: chunk.file }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const languages = [...new Set(catalogs.map(({ key }) => /([a-z]+)\.po$/u.exec(key)?.[1] ?? ""))];
  const startKeys = STARTUP_MODULES.filter((key) => manifest[key] !== undefined);
  for (const key of startKeys) {
    const files = firstLoadFiles(manifest, key).filter((file) => !entryFiles.includes(file));
    console.log(`  + asked for as the app starts: ${key}  ${formatKb(total(files))}`);
  }
  console.log(
    "\nFirst load of each route: the entry, the route's chunks, the chunks above and the" +
      "\ncatalogs of the language it loads (shared, its feature's, its groups'); files: how many" +
      "\nJS files that is in the largest language (each a request; the stylesheet is one more)",
  );
  const width = Math.max(...routes.map((route) => `${route.path} (${route.name})`.length));
  console.log(
    `${"Route".padEnd(width)}  ${languages.map((language) => language.padStart(9)).join("")}  files   Target`,
  );
  let met = 0;
  let measured = 0;
  for (const route of routes) {
    const key = manifestKeyOf(manifest, route.module);
    if (key === undefined) continue; // a route whose page is not written yet
    const files = firstLoadFiles(manifest, key, startKeys);
    const loads = languages.map((language) => {
      const own = routeCatalogKeys(manifest, route, language).map(
        (catalog) => manifest[catalog]?.file ?? "",
      );
      return [...new Set([...files, ...own])];
    });
    const sizes = loads.map((load) => total(load));
    const fileCount = Math.max(...loads.map((load) => load.length));
    const worst = Math.max(...sizes);
    measured += 1;
    if (worst <= TARGETS.route) met += 1;
    const charts = files.some((file) => chartFiles.includes(file)) ? "  (loads charts)" : "";
    const label = `${route.path} (${route.name})`.padEnd(width);
    console.log(
      `${label}  ${sizes.map((size) => formatKb(size).padStart(9)).join("")}  ` +
        `${String(fileCount).padStart(5)}   ` +
        `≤ ${formatKb(TARGETS.route)}  ${verdict(worst <= TARGETS.route)}${charts}`,
    );
  }
  console.log(`${String(met)} of ${String(measured)} routes within the target`);

  console.log("\nChart chunks (recharts):");
  if (chartFiles.length === 0) {
    console.log("  none: no page draws a chart yet");
  } else {
    for (const file of chartFiles) console.log(`  ${file}  ${formatKb(gzip(file))}`);
    // Own chunk: nothing the entry loads holds chart code, and no chart chunk holds a page.
    const apart =
      !chartFiles.some((file) => entryFiles.includes(file)) &&
      chunks
        .filter((chunk) => chartFiles.includes(chunk.fileName))
        .every((chunk) => !chunk.moduleIds.some((id) => /[/\\]src[/\\]features[/\\]/u.test(id)));
    console.log(`  in their own chunks, outside the entry: ${verdict(apart)}`);
  }

  console.log("\nMessage catalogs (each its own chunk, fetched for the person's language only):");
  for (const { key, file } of catalogs) {
    const inEntry = entryFiles.includes(file) ? "  IN THE ENTRY" : "";
    console.log(`  ${key.padEnd(44)} ${formatKb(gzip(file)).padStart(8)}${inEntry}`);
  }

  const allJs = chunks.map((chunk) => chunk.fileName).filter((file) => file.endsWith(".js"));
  const whole = total(allJs);
  // A person fetches the catalogs of one language only: the target is judged for the larger
  // language, without the other's catalogs.
  const perLanguage = languages.map((language) => {
    const others = catalogs
      .filter(({ key }) => !key.endsWith(`/${language}.po`))
      .map(({ file }) => file);
    return { language, size: total(allJs.filter((file) => !others.includes(file))) };
  });
  const largest = perLanguage.reduce(
    (max, entry) => (entry.size > max.size ? entry : max),
    perLanguage[0] ?? { language: "", size: whole },
  );
  console.log(`\nWhole app (${String(allJs.length)} JS files, every language): ${formatKb(whole)}`);
  for (const { language, size } of perLanguage) {
    const target =
      language === largest.language
        ? `   ≤ ${formatKb(TARGETS.wholeApp)}  ${verdict(size <= TARGETS.wholeApp)}`
        : "";
    console.log(`  as a person in ${language} gets it: ${formatKb(size)}${target}`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
