/**
 * `npm run bench:load`: the first load of each route as a person gets it. Builds dist/ if
 * needed, starts the app (gateway + local Channel API on demo data, a free port), signs in,
 * then loads every route cold in Chromium ($CHROME_PATH or /usr/bin/chromium), with
 * Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s, CPU ×4) and without, with the
 * gateway's compression and without it (the browser asks for `identity`, as from a server
 * that does not compress). For each it prints the median of N loads (5 by default) of the time
 * to the first meaningful content (for the subscribers route: 20 rows painted), the bytes on
 * the wire before it (JS, CSS, data) and the depth of the request waterfall; then whether
 * each page is restored from the back/forward cache.
 *
 *   npm run bench:load -- [--runs N] [--routes subscribers,channel] [--no-identity]
 *                         [--cpu-slowdown N]  (the mobile profile's CPU multiplier, 4)
 *
 * `--cpu-slowdown` is there to compare: this machine's speed moves from one session to the
 * next, and a larger multiplier shows what a slower one would take. The target (2.0 s to the
 * subscribers' 20 rows) is judged with ×4, Lighthouse's own.
 */
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { startApp } from "./load/app";
import { backForwardCache, loadCold, type LoadResult, MOBILE, ROUTES } from "./load/measure";
import { median } from "./load/waterfall";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    routes: { type: "string" },
    "no-identity": { type: "boolean", default: false },
    "cpu-slowdown": { type: "string" },
  },
});
const cpuRate = args["cpu-slowdown"] === undefined ? undefined : Number(args["cpu-slowdown"]);
if (cpuRate !== undefined && !(cpuRate >= 1))
  throw new Error("--cpu-slowdown takes a number from 1");
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive integer");
const wanted = args.routes?.split(",");
const routes = wanted ? ROUTES.filter((route) => wanted.includes(route.name)) : ROUTES;
if (routes.length === 0) {
  throw new Error(`--routes: one of ${ROUTES.map((r) => r.name).join(", ")}`);
}

const root = resolve(import.meta.dirname, "..");
const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7);
const s = (ms: number) => (ms / 1000).toFixed(2).padStart(6);

const app = await startApp(root, (line) => {
  console.error(`[bench:load] ${line}`);
});
const browser = await chromium.launch({
  executablePath,
  // Playwright switches the back/forward cache off; a person's browser has it.
  ignoreDefaultArgs: ["--disable-back-forward-cache"],
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

try {
  console.log(
    `Chromium ${browser.version()}, ${String(runs)} cold loads each, medians; ` +
      `mobile: CPU ×${String(cpuRate ?? MOBILE.cpuRate)}${cpuRate === undefined ? " (Lighthouse's)" : ""}\n`,
  );
  console.log(
    "route          network     encoding   content (s)  JS (kB)  CSS (kB) data (kB) all (kB)  depth",
  );
  const modes = [
    { throttle: true, identity: false },
    { throttle: false, identity: false },
    ...(args["no-identity"]
      ? []
      : [
          { throttle: true, identity: true },
          { throttle: false, identity: true },
        ]),
  ];
  for (const route of routes) {
    for (const mode of modes) {
      const results: LoadResult[] = [];
      let failed = "";
      for (let run = 0; run < runs && failed === ""; run++) {
        try {
          results.push(await loadCold(browser, app.base, app.cookie, route, { ...mode, cpuRate }));
        } catch (error) {
          failed = error instanceof Error ? (error.message.split("\n")[0] ?? "") : "failed";
        }
      }
      if (failed !== "") {
        console.log(
          `${route.name.padEnd(14)} ${mode.throttle ? "mobile" : "unthrottled"}: ${failed}`,
        );
        continue;
      }
      const m = (pick: (r: LoadResult) => number) => median(results.map(pick));
      const encodings = [...new Set(results.flatMap((r) => r.scriptEncodings))].join("/");
      console.log(
        `${route.name.padEnd(14)} ${(mode.throttle ? "mobile" : "unthrottled").padEnd(11)} ` +
          `${encodings.padEnd(10)} ${s(m((r) => r.contentMs))}      ` +
          `${kB(m((r) => r.bytes.js))}  ${kB(m((r) => r.bytes.css))}  ${kB(m((r) => r.bytes.data))}  ` +
          `${kB(m((r) => r.bytes.total))}  ${String(m((r) => r.depth)).padStart(5)}`,
      );
    }
  }
  console.log(
    "\nfirst meaningful content: " + routes.map((r) => `${r.name}: ${r.content}`).join("; "),
  );
  console.log("\nback/forward cache (load, go to another page of the site, come back):");
  for (const route of routes) {
    const verdict = await backForwardCache(browser, app.base, app.cookie, route).catch(
      (error: unknown) =>
        error instanceof Error ? (error.message.split("\n")[0] ?? "") : "failed",
    );
    console.log(`  ${route.name.padEnd(14)} ${verdict}`);
  }
} finally {
  await browser.close();
  await app.close();
}
