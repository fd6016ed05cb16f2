// Finds a Chromium for the end-to-end tests, installing one when it can, and
// says which one it used. Order: $CHROME_PATH, /usr/bin/chromium, Debian's
// chromium package (when root with apt-get), Playwright's own Chromium.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function versionOf(path) {
  try {
    return execFileSync(path, ["--version"], { encoding: "utf8", timeout: 30_000 }).trim();
  } catch {
    return "version unknown";
  }
}

function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function installDebianChromium(log) {
  log("installing Debian's chromium with apt-get (about 20 s)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  const install = spawnSync(
    "apt-get",
    ["install", "-y", "-qq", "--no-install-recommends", "chromium"],
    { stdio: "inherit", env },
  );
  return install.status === 0 && isExecutable(SYSTEM_CHROMIUM);
}

async function playwrightChromium(log) {
  const { chromium } = await import("@playwright/test");
  const path = chromium.executablePath();
  if (existsSync(path)) return path;
  log("installing Playwright's own Chromium (npx playwright install chromium)…");
  const env = { ...process.env };
  delete env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD;
  const result = spawnSync("npx", ["playwright", "install", "chromium"], {
    stdio: "inherit",
    env,
  });
  return result.status === 0 && existsSync(path) ? path : undefined;
}

/**
 * @param {(line: string) => void} log
 * @returns {Promise<{ path: string, how: string, version: string }>}
 */
export async function findBrowser(log) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file`);
    }
    return { path: fromEnv, how: "from CHROME_PATH", version: versionOf(fromEnv) };
  }
  if (isExecutable(SYSTEM_CHROMIUM)) {
    return { path: SYSTEM_CHROMIUM, how: "system Chromium", version: versionOf(SYSTEM_CHROMIUM) };
  }
  if (isRoot() && hasCommand("apt-get")) {
    if (installDebianChromium(log)) {
      return {
        path: SYSTEM_CHROMIUM,
        how: "installed just now from Debian's packages",
        version: versionOf(SYSTEM_CHROMIUM),
      };
    }
    log("apt-get could not install chromium; trying Playwright's Chromium next");
  } else {
    log("no /usr/bin/chromium and no root apt-get; trying Playwright's Chromium");
  }
  const bundled = await playwrightChromium(log);
  if (bundled) return { path: bundled, how: "Playwright's Chromium", version: versionOf(bundled) };
  throw new Error(
    "No Chromium found. Set CHROME_PATH to a Chromium or Chrome binary, " +
      "or install one (as root: apt-get install -y --no-install-recommends chromium).",
  );
}
