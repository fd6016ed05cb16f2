// `npm run test:e2e`: find a browser, say which, then run Playwright with it.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findBrowser } from "./find-browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const log = (line) => console.log(`[e2e] ${line}`);

let browser;
try {
  browser = await findBrowser(log);
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
log(`browser: ${browser.path} (${browser.how}; ${browser.version})`);

const result = spawnSync(
  "npx",
  ["playwright", "test", "-c", join(here, "playwright.config.ts"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { ...process.env, CHROME_PATH: browser.path, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  },
);
process.exit(result.status ?? 1);
