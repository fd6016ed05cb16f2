/**
 * `npm run bench:bundle-modules`: builds the SPA into a temporary directory and prints, for the
 * entry (with its static imports) and for each route's first load beyond the entry, which
 * modules the chunks hold and roughly what each weighs gzipped: every module's rendered code is
 * gzipped alone, and the chunk's real gzip size is shared out in proportion. Grouped by package
 * (node_modules) or by folder of src/, so a change of the entry can be read off module by module.
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
  routeSources,
} from "./bundle-report";

const root = process.cwd();
const outDir = mkdtempSync(join(tmpdir(), "channel-desk-modules-"));
const only = process.argv.slice(2);

/** The package (`react-router`, `@tanstack/query-core`) or the src folder a module is in. */
function owner(id: string): string {
  const inPackage = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/u.exec(id);
  if (inPackage?.[1]) return inPackage[1].replace(/\\/gu, "/");
  const inSrc = /[/\\]src[/\\](.*)$/u.exec(id);
  if (inSrc?.[1]) {
    const parts = inSrc[1].split(/[/\\]/u);
    return `src/${parts.slice(0, Math.min(parts.length - 1, parts[0] === "features" ? 2 : 1)).join("/")}`;
  }
  return id.replace(root, "");
}

try {
  const result = await build({
    root,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = new Map(
    outputs
      .flatMap((output) => output.output)
      .filter((item): item is Rolldown.OutputChunk => item.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const manifest = JSON.parse(
    readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"),
  ) as Manifest;

  /** gzip size per module of the given files, the chunk's real gzip shared out. */
  const weigh = (files: readonly string[]) => {
    const modules: { id: string; file: string; size: number }[] = [];
    for (const file of files) {
      const chunk = chunks.get(file);
      if (!chunk) continue;
      const real = gzipSync(chunk.code, { level: 9 }).length;
      const parts = Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .map(([id, module]) => ({ id, alone: gzipSync(module.code ?? "", { level: 9 }).length }));
      const sum = parts.reduce((total, part) => total + part.alone, 0) || 1;
      for (const part of parts)
        modules.push({ id: part.id, file, size: (part.alone * real) / sum });
    }
    return modules;
  };
  const print = (title: string, files: readonly string[], detail: boolean) => {
    const modules = weigh(files);
    const total = modules.reduce((sum, module) => sum + module.size, 0);
    console.log(`\n== ${title}: ${formatKb(total)} in ${String(files.length)} files`);
    for (const file of files) {
      const size = modules.filter((m) => m.file === file).reduce((s, m) => s + m.size, 0);
      console.log(`   file ${file.padEnd(48)} ${formatKb(size).padStart(9)}`);
    }
    const byOwner = new Map<string, { size: number; ids: { id: string; size: number }[] }>();
    for (const module of modules) {
      const key = owner(module.id);
      const entry = byOwner.get(key) ?? { size: 0, ids: [] };
      entry.size += module.size;
      entry.ids.push(module);
      byOwner.set(key, entry);
    }
    for (const [key, { size, ids }] of [...byOwner].sort((a, b) => b[1].size - a[1].size)) {
      console.log(`  ${key.padEnd(56)} ${formatKb(size).padStart(9)}`);
      if (!detail) continue;
      for (const module of ids.sort((a, b) => b.size - a.size).slice(0, 12)) {
        console.log(
          `      ${module.id.replace(root, "").padEnd(80)} ${formatKb(module.size).padStart(9)}`,
        );
      }
    }
  };

  const entryFiles = firstLoadFiles(manifest);
  print("Entry", entryFiles, true);
  const routes = routeSources(
    readFileSync(join(root, "src/app/pages.ts"), "utf8"),
    readFileSync(join(root, "src/app/routes.tsx"), "utf8"),
  );
  for (const route of routes) {
    if (only.length > 0 && !only.includes(route.name)) continue;
    const key = manifestKeyOf(manifest, route.module);
    if (key === undefined) continue;
    const files = firstLoadFiles(manifest, key, ["src/api/schemas.ts"]).filter(
      (file) => !entryFiles.includes(file),
    );
    print(`${route.path} (${route.name}) beyond the entry`, files, only.length > 0);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
