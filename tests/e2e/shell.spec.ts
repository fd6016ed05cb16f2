import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Collects console errors and uncaught exceptions so a test can assert there were none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help} — ` +
      violation.nodes.map((node) => node.target.join(" ")).join(", "),
  );
  expect(summary).toEqual([]);
}

test.describe("the app shell", () => {
  test("opens with its header and navigation, with no axe violations", async ({
    page,
  }, testInfo) => {
    const errors = watchErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Channel Desk" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages" })).toBeAttached();
    await expect(page).toHaveTitle(/Channel Desk/);
    await screenshot(page, testInfo, "shell");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test("offers a skip link as the first stop for keyboard users", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });

  test("answers an unknown address with a not-found page", async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await screenshot(page, testInfo, "not-found");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to the start page" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test("fits a 360 px wide screen without sideways scrolling", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Channel Desk" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, "shell-360");
    await expectNoAxeViolations(page);
  });

  test("reads well in dark mode, with no axe violations", async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Channel Desk" })).toBeVisible();
    await screenshot(page, testInfo, "shell-dark");
    await expectNoAxeViolations(page);
  });
});
