import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const SOURCES = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"];

/** Builds dist/ with Vite when it is missing or older than any of its sources. */
export function buildSpaIfNeeded(root: string, log: (line: string) => void): void {
  const builtAt = newestMtime(join(root, "dist", "index.html"));
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  if (builtAt >= changedAt) return;
  log("building the app (dist/ is missing or older than its sources)…");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    throw new Error(`vite build failed with exit code ${String(build.status)}`);
  }
}
