import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${String(port)}`;

/** The flags this machine's Chromium needs: no sandbox as root, and no calls home. */
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../../test-results/e2e",
  reporter: [["list"], ["html", { outputFolder: "../../playwright-report", open: "never" }]],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Once more after a failure: two workers on a two-core CI machine slip in timing now and
  // then. A second-try pass is reported as flaky (README, "Scripts").
  retries: 1,
  workers: 2,
  timeout: 30_000,
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      ...(process.env.CHROME_PATH ? { executablePath: process.env.CHROME_PATH } : {}),
      args: chromiumArgs,
    },
  },
  webServer: {
    command: "node tests/support/start-e2e.mjs",
    cwd: "../..",
    // Ready once the accounts exist: the gateway answers /auth/session only after starting,
    // and the start script writes accounts.json right after.
    url: `${baseURL}/auth/session`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: { HOST: "127.0.0.1", PORT: String(port) },
  },
});
