import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { readFile } from "node:fs/promises";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  perAttempt,
} from "./helpers";

// Support staff's everyday job on the demo Telegram channel: find a person, change their
// variables; and marketing, who may not.

const GROUP = 1001;

/** Looks at the page as it is, in both widths, and checks it with axe. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState("networkidle");
  await screenshot(page, testInfo, name);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${name} scrolls sideways at 360 px`).toBe(false);
  await screenshot(page, testInfo, `${name}-360`);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

function row(page: Page, name: string) {
  return page
    .getByRole("region", { name: "Variables" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

test.describe("the variables page", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`support finds a person, adds, edits and deletes a variable (${scheme})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/");
      await signIn(page, accounts.support);
      await expect(page).toHaveURL(/\/c\/1001$/);

      // From the list to the person's panel, then to their variables.
      await page.getByRole("link", { name: "Subscribers", exact: true }).click();
      const person = page.getByRole("table", { name: "Subscribers" }).locator("tbody a").first();
      const name = (await person.innerText()).trim().split("\n").at(-1) ?? "";
      await person.click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await page.getByRole("link", { name: "Edit variables" }).click();
      await expect(page).toHaveURL(/\/c\/1001\/variables\?user=\d+&record=\d+$/);
      const userId = new URL(page.url()).searchParams.get("user") ?? "";
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(page.getByRole("link", { name: "Start or stop a bot" })).toHaveAttribute(
        "href",
        new RegExp(`/c/1001/bots\\?user=${userId}`),
      );
      const variableName = perAttempt(`e2e_${scheme}`, testInfo);
      await expect(row(page, variableName)).toHaveCount(0);

      // Add: the value is text, whatever it holds.
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(variableName);
      await page.getByRole("textbox", { name: "Value", exact: true }).fill("<i>hi</i> =1+1");
      await page.getByRole("button", { name: "Add variable" }).click();
      await expect(row(page, variableName).getByRole("cell").first()).toHaveText("<i>hi</i> =1+1");
      await expect(row(page, variableName).locator("i")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
      await lookAt(page, testInfo, `variables-${scheme}`);

      // A Cyrillic name is refused at the field.
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("город");
      await page.getByRole("button", { name: "Add variable" }).click();
      await expect(page.getByText(/^Use Latin letters only/)).toBeVisible();
      await lookAt(page, testInfo, `variables-invalid-${scheme}`);
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("");

      // The person is in the URL: a reload shows the same, saved on the service.
      await page.reload();
      await expect(row(page, variableName).getByRole("cell").first()).toHaveText("<i>hi</i> =1+1");

      // Edit in place: Enter saves.
      await row(page, variableName)
        .getByRole("button", { name: `Edit ${variableName}` })
        .click();
      const editor = page.getByRole("textbox", { name: `Value of ${variableName}` });
      await expect(editor).toBeFocused();
      await editor.fill("changed");
      await lookAt(page, testInfo, `variables-editing-${scheme}`);
      await editor.press("Enter");
      await expect(row(page, variableName).getByRole("cell").first()).toHaveText("changed");
      await expect(row(page, variableName).getByText("Saving…")).toHaveCount(0);

      // The export holds what the table shows, formulas neutralised.
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export CSV" }).click();
      const csv = await readFile(await (await download).path(), "utf8");
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv).toContain(`${userId},${variableName},changed\r\n`);

      // Delete, after saying yes.
      await row(page, variableName)
        .getByRole("button", { name: `Delete ${variableName}` })
        .click();
      const dialog = page.getByRole("alertdialog", {
        name: `Delete the variable “${variableName}”?`,
      });
      await expect(dialog).toBeVisible();
      await screenshot(page, testInfo, `variables-delete-${scheme}`);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(row(page, variableName)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { name: /^\d+ variables?$/ })).toBeVisible();
      await expect(row(page, variableName)).toHaveCount(0);

      // Finding a person by a pasted link, from the sidebar.
      await page.getByRole("link", { name: "Variables", exact: true }).click();
      // The page of no person is drawn once the move has ended: typed sooner, the text would go
      // into the person's page being left (the move waits for its loader).
      await expect(page).toHaveURL(/\/c\/1001\/variables$/u);
      const find = page.getByRole("textbox", { name: "Telegram user id or profile link" });
      await find.fill("https://vk.com/id1");
      await expect(
        page.getByText(/That is a VK link, but this is a Telegram channel/),
      ).toBeVisible();
      await find.fill(`tg://user?id=${userId}`);
      await expect(page.getByText(`User id ${userId} (from a Telegram link)`)).toBeVisible();
      await page.getByRole("button", { name: "Open" }).click();
      await expect(page).toHaveURL(new RegExp(`/c/1001/variables\\?user=${userId}$`));
      // Named from the directory once it has read the person (issue 16), by the id before.
      await expect(page.locator(".variables-person-name")).toBeVisible();
      await expect(page.locator(".variables-person")).toContainText(`Telegram user id ${userId}`);
      await lookAt(page, testInfo, `variables-by-id-${scheme}`);

      // Someone who is not a subscriber of the channel.
      await find.fill("123");
      await page.getByRole("button", { name: "Open" }).click();
      await expect(page.getByText("Not a subscriber of")).toBeVisible();
      await lookAt(page, testInfo, `variables-not-found-${scheme}`);
      expect(errors).toEqual([]);
    });
  }

  test("marketing has no variables page and the gateway refuses vars/set", async ({
    page,
  }, testInfo) => {
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const nav = page.getByRole("navigation").first();
    await expect(nav.getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Variables", exact: true })).toHaveCount(0);

    await page.goto("/c/1001/variables?user=1");
    await expect(page.getByRole("heading", { level: 1, name: "Variables" })).toBeVisible();
    await expect(page.getByText("Your role does not allow this page.")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await screenshot(page, testInfo, "variables-marketing");
    await expectNoAxeViolations(page);

    // The browser's own session, asking the gateway directly: refused, whatever it sends.
    for (const operation of ["vars/set", "vars/get", "vars/del"]) {
      const answer = await page.request.post(`/api/${operation}`, {
        headers: { "X-Channel-Desk": "1" },
        data: { group_id: GROUP, tg_user_id: 1, name: "x", value: "y" },
      });
      expect(answer.status(), operation).toBe(403);
      expect(await answer.json()).toMatchObject({ success: false });
    }
    expect(errors).toEqual([]);
  });
});
