import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Collects console errors, uncaught exceptions and Content-Security-Policy violations (which a
 * browser does not always log: zod's probe for `new Function`, say), so a test can assert
 * there were none. Chromium logs every failed fetch as a console error, so the answers a test
 * expects to be refused (a signed-out /auth/session is 401) can be named and are left out.
 * Call it before the first `goto`.
 */
export async function watchErrors(page: Page, expected: readonly RegExp[] = []): Promise<string[]> {
  const errors: string[] = [];
  await page.exposeFunction("reportCspViolation", (line: string) => {
    errors.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (line: string) => void })
        .reportCspViolation;
      report(`CSP ${event.violatedDirective} refused ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = `${message.text()} ${message.location().url}`;
    if (!expected.some((pattern) => pattern.test(text))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help} — ` +
      violation.nodes.map((node) => node.target.join(" ")).join(", "),
  );
  expect(summary).toEqual([]);
}

export interface Account {
  username: string;
  password: string;
}

export type Accounts = Record<"admin" | "marketing" | "support" | "switcher", Account>;

/**
 * The accounts tests/support/start-e2e.mjs made, the admin's as the first start printed it.
 * The file comes after the server answers (three runs of the user CLI): up to a minute on a
 * loaded machine.
 */
export async function readAccounts(): Promise<Accounts> {
  const file = join(import.meta.dirname, "../../test-results/e2e-data/accounts.json");
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(await readFile(file, "utf8")) as Accounts;
    } catch (error) {
      if (attempt >= 600) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function signIn(page: Page, account: Account) {
  await page.getByLabel("User name").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The sign-in form as a browser in Russian shows it. */
export async function signInInRussian(page: Page, account: Account) {
  await page.getByLabel("Имя пользователя").fill(account.username);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти" }).click();
}

/** The console error Chromium logs for the 401 of /auth/session while nobody is signed in. */
export const SIGNED_OUT_CHECK = /401.*\/auth\/session|\/auth\/session.*401|status of 401/;

/**
 * The demo data's photos live on public image hosts, which the test machine cannot reach.
 * They are answered here with a plain picture, as an image CDN would answer; the app's own
 * fallback for pictures that fail to load is tested in the component tests.
 */
export async function stubRemoteImages(page: Page) {
  await page.route(
    (url) => url.protocol === "https:",
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#8a6a4f"/></svg>',
      }),
  );
}

/**
 * axe on the state shown in light and dark, at 1280 px and at 390 px, with a picture of each
 * (`<name>-<width>-<scheme>.png`); leaves the page at 1280 px, light.
 */
export async function checkAndPicture(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `${name}-${String(width)}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * A name of its own for what a test stores, per attempt: a retry (or `--repeat-each`) would
 * otherwise find the first attempt's variable stored and be refused "already set".
 */
export function perAttempt(name: string, testInfo: TestInfo): string {
  return `${name}_${String(testInfo.retry)}_${String(testInfo.repeatEachIndex)}`;
}
