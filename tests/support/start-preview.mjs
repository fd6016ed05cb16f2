// Builds the SPA when dist/ is missing or older than its sources, then serves
// it with `vite preview` on HOST:PORT (default 127.0.0.1:8080).
// The gateway (server/gateway) takes over `npm start` once it exists.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "8080";

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"];
const builtAt = newestMtime(join(root, "dist", "index.html"));
const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));

if (builtAt < changedAt) {
  console.log("[start] building the app (dist/ is missing or older than its sources)…");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`[start] serving dist/ on http://${host}:${port}`);
const preview = spawn("npx", ["vite", "preview", "--host", host, "--port", port, "--strictPort"], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => preview.kill(signal));
}
preview.on("exit", (code) => process.exit(code ?? 0));
