import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  type Account,
} from "./helpers";

// Issue 18, saved views: an administrator saves the subscribers list as a view (50 a page,
// a column hidden) and shares it; a support person opens it from the Views menu and from
// their navigation's pin, and sees the same list.

const NAME = "Fifty a page, no status";
const SEARCH = "cols=status&size=50";

async function signedIn(
  browser: Browser,
  account: Account,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
  await stubRemoteImages(page);
  await page.goto("/");
  await signIn(page, account);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  return { page, errors };
}

function headers(page: Page) {
  return page.getByRole("table", { name: "Subscribers" }).locator("thead th");
}

test("a view saved with a hidden column and 50 a page opens the same for the team", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const accounts = await readAccounts();

  // The administrator makes the list and saves it.
  const admin = await signedIn(browser, accounts.admin);
  await admin.page.goto("/c/1001/subscribers?source=api");
  await expect(headers(admin.page).first()).toBeVisible();
  await admin.page.getByLabel("Rows per page").selectOption("50");
  await admin.page.locator("summary", { hasText: "Columns" }).click();
  await admin.page.getByRole("checkbox", { name: "Status" }).uncheck();
  await admin.page.keyboard.press("Escape");
  await expect(headers(admin.page).filter({ hasText: /^Status$/ })).toHaveCount(0);

  await admin.page.getByRole("button", { name: "Save view…" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Save view" });
  await expect(dialog.getByLabel("View name")).toBeFocused();
  await dialog.getByLabel("View name").fill(NAME);
  await dialog.getByLabel("Share with the team").check();
  await screenshot(admin.page, testInfo, "save-view-dialog");
  await expectNoAxeViolations(admin.page);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.page.locator(".saved-view-heading")).toHaveText(`View: ${NAME}`);
  expect(new URL(admin.page.url()).searchParams.get("size")).toBe("50");
  expect(new URL(admin.page.url()).searchParams.get("cols")).toBe("status");

  // Support finds it under "Shared with the team" and opens it.
  const support = await signedIn(browser, accounts.support);
  await support.page.goto("/c/1001/subscribers");
  await support.page.locator("summary", { hasText: /^Views/ }).click();
  const shared = support.page
    .locator(".saved-views-group")
    .filter({ hasText: "Shared with the team" });
  // Other specs share views too: this one's entry names its maker.
  await expect(
    shared
      .getByRole("listitem")
      .filter({ hasText: NAME })
      .getByText(`by ${accounts.admin.username}`),
  ).toBeVisible();
  await screenshot(support.page, testInfo, "views-menu");
  await expectNoAxeViolations(support.page);
  await shared.getByRole("button", { name: `Pin ${NAME}` }).click();
  await shared.getByRole("link", { name: NAME }).click();
  await expect(support.page.locator(".saved-view-heading")).toHaveText(`View: ${NAME}`);
  const url = new URL(support.page.url());
  expect(url.pathname).toBe("/c/1001/subscribers");
  expect(url.search).toContain("size=50");
  expect(url.search).toContain("cols=status");
  await expect(headers(support.page).filter({ hasText: /^Status$/ })).toHaveCount(0);
  await expect(headers(support.page).filter({ hasText: /^Date/ })).toHaveCount(1);
  await expect(
    support.page.getByRole("table", { name: "Subscribers" }).locator("tbody tr"),
  ).toHaveCount(50);

  // From another page, the pin in the navigation opens it too, marked as the page shown.
  await support.page.goto("/c/1001");
  const pin = support.page
    .getByRole("list", { name: "Pinned views" })
    .getByRole("link", { name: NAME });
  await expect(pin).toBeVisible();
  await pin.click();
  await expect(support.page).toHaveURL(new RegExp(`/c/1001/subscribers\\?${SEARCH}`));
  await expect(pin).toHaveAttribute("aria-current", "page");
  await expect(support.page.getByLabel("Rows per page")).toHaveValue("50");
  await screenshot(support.page, testInfo, "opened-from-pin");

  expect(admin.errors).toEqual([]);
  expect(support.errors).toEqual([]);
});
