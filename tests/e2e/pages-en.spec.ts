import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  watchErrors,
} from "./helpers";

// Issue 14: every page, as each role, in both languages, at 1280 and 390 px, light and dark.
// The Russian specs (*-ru.spec.ts) walk each page in Russian at both widths; the English specs
// of each page check 1280 px. This one walks every page a role's navigation offers, in English,
// on a phone's width, in both themes.
for (const role of ["admin", "marketing", "support"] as const) {
  test(`every page of the ${role} role in English at 390 px, light and dark, passes axe`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/sign-in");
    await signIn(page, accounts[role]);
    await expect(page).toHaveURL(/\/c\/1001/);
    const nav = page.getByRole("navigation", { name: "Pages" });
    await expect(nav.getByRole("link").first()).toBeVisible();
    const paths = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(paths.length).toBeGreaterThan(1);
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
      const name = path.replaceAll("/", "-").replace(/^-/, "");
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page, testInfo, `${role}-${name}-390-${scheme}`);
        await expectNoAxeViolations(page);
      }
      await page.emulateMedia({ colorScheme: "light" });
    }
    expect(errors).toEqual([]);
  });
}
