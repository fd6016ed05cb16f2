import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// Support staff's workflow on the demo Telegram channel, against `npm start` itself: start and
// stop a bot for a person reached from their panel, set a variable for a few people; and the
// same refused to the marketing account, in the navigation, by URL and at the gateway.

const GROUP = 1001;

/** A call as the signed-in browser makes it (the page's own cookie and CSRF header). */
async function apiCall(page: Page, operation: string, params: object) {
  return page.evaluate(
    async ({ operation, body }) => {
      const response = await fetch(`/api/${operation}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Channel-Desk": "1" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { operation, body: { group_id: GROUP, ...params } },
  );
}

async function someUserIds(page: Page, count: number): Promise<number[]> {
  const answer = await apiCall(page, "subscribers/get", { count });
  expect(answer.status).toBe(200);
  return (answer.body.items as { tg_user_id: number }[]).map((item) => item.tg_user_id);
}

test.describe("bots and variables for support staff", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("sid starts and stops a bot for a person, and sets a variable for a few", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/sign-in");
    await signIn(page, accounts.support);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const nav = page.getByRole("navigation", { name: "Pages" });
    await expect(nav.getByRole("link", { name: "Bots" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Set for many" })).toBeVisible();

    // From the list to a person's panel to the bots page, as support would.
    await nav.getByRole("link", { name: "Subscribers", exact: true }).click();
    await page.getByRole("table", { name: "Subscribers" }).locator("tbody a").first().click();
    await page.getByRole("link", { name: "Start or stop a bot" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Start or stop a bot" }),
    ).toBeVisible();
    const userId = new URL(page.url()).searchParams.get("user") ?? "";
    expect(userId).toMatch(/^\d+$/);
    await expect(page.getByText(`Telegram user id ${userId}`)).toBeVisible();

    const bot = page.getByRole("combobox", { name: "Bot" });
    await expect(bot.locator("option")).not.toHaveCount(1);
    await bot.selectOption({ index: 1 });
    const botTitle = (await bot.locator("option:checked").innerText()).replace(/ \(.*\)$/, "");
    const step = page.getByRole("combobox", { name: "Step (optional)" });
    await expect(step).toBeEnabled();
    await step.selectOption({ index: 2 });
    const stepTitle = (await step.locator("option:checked").innerText()).replace(/ \([^)]*\)$/, "");
    // The demo person may already be in this bot: restart then.
    await page.getByRole("checkbox", { name: "Restart if already running" }).check();
    await page.getByRole("button", { name: "Start the bot" }).click();
    const outcome = page.locator(".bots-outcome");
    await expect(outcome).toHaveText(
      `Started (or restarted) “${botTitle}” for Telegram user id ${userId} at the step “${stepTitle}”.`,
    );
    await expect(page.locator("[data-sonner-toast]").first()).toContainText("Started");
    await screenshot(page, testInfo, "bots-started");
    await expectNoAxeViolations(page);

    // Without restarting, a second start is refused at the checkbox, in plain words.
    await page.getByRole("checkbox", { name: "Restart if already running" }).uncheck();
    await page.getByRole("button", { name: "Start the bot" }).click();
    await expect(page.locator(".field-error")).toHaveText(
      `Telegram user id ${userId} is already in “${botTitle}”. Tick “Restart if already running” to start them again.`,
    );
    await screenshot(page, testInfo, "bots-already-running");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Stop the bot" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: `Stop “${botTitle}” for Telegram user id ${userId}?`,
    });
    await expect(dialog).toBeVisible();
    await screenshot(page, testInfo, "bots-stop-confirm");
    await dialog.getByRole("button", { name: "Stop the bot" }).click();
    await expect(outcome).toHaveText(`“${botTitle}” is stopped for Telegram user id ${userId}.`);

    // A variable for a few people.
    const ids = await someUserIds(page, 3);
    await nav.getByRole("link", { name: "Set for many" }).click();
    await page.getByLabel("Variable name").fill("e2e_segment");
    await page.getByLabel("Value").fill("<b>gold</b> & co");
    await page.getByLabel("User ids").fill([...ids, 123].join("\n"));
    await expect(page.getByText("4 ids")).toBeVisible();
    await page.getByRole("button", { name: "Set the variable" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Set “e2e_segment” for 4 people?" });
    await expect(confirm).toContainText("“<b>gold</b> & co”");
    await confirm.getByRole("button", { name: "Set the variable" }).click();
    await expect(
      page.getByText("“e2e_segment” set to “<b>gold</b> & co”: 3 people saved, 1 failed."),
    ).toBeVisible();
    const table = page.getByRole("table", { name: "Results" });
    await expect(table.locator("tbody tr")).toHaveCount(4);
    await expect(table.locator("tbody tr").last()).toContainText(
      "Failed: No such subscriber (error 5).",
    );
    for (const id of ids) {
      const answer = await apiCall(page, "vars/get", { tg_user_id: id, name: "e2e_segment" });
      expect(answer.body.items).toEqual([{ name: "e2e_segment", value: "<b>gold</b> & co" }]);
    }
    await screenshot(page, testInfo, "bulk-set-results");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test("mia (marketing) is refused the same actions: navigation, URL and gateway", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK, /status of 403/]);
    await page.goto("/sign-in");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const nav = page.getByRole("navigation", { name: "Pages" });
    await expect(nav.getByRole("link", { name: "Channel" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Bots" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Set for many" })).toHaveCount(0);

    for (const path of ["/c/1001/bots?user=1", "/c/1001/variables/bulk"]) {
      await page.goto(path);
      await expect(page.getByText("Your role does not allow this page.")).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Bot" })).toHaveCount(0);
      await expect(page.getByLabel("User ids")).toHaveCount(0);
    }
    await screenshot(page, testInfo, "bulk-set-refused");
    await expectNoAxeViolations(page);

    const person = { tg_user_id: 1, bot_id: 1 };
    for (const [operation, params] of [
      ["bots/addSubscriber", person],
      ["bots/delSubscriber", person],
      ["vars/set", { tg_user_id: 1, name: "x", value: "y" }],
    ] as const) {
      const answer = await apiCall(page, operation, params);
      expect(answer.status, operation).toBe(403);
      expect(answer.body, operation).toMatchObject({ success: false });
    }
    expect(errors).toEqual([]);
  });

  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 360]) {
      test(`the bots and bulk pages read well in ${scheme} at ${String(width)} px`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(90_000);
        const accounts = await readAccounts();
        const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/sign-in");
        await signIn(page, accounts.support);
        await expect(page).toHaveURL(/\/c\/1001$/);
        const [userId = 0] = await someUserIds(page, 1);

        await page.goto("/c/1001/bots");
        await expect(page.getByLabel("User id (tg_user_id)")).toBeVisible();
        await page.getByLabel("User id (tg_user_id)").fill(String(userId));
        await page.getByRole("button", { name: "Continue" }).click();
        const bot = page.getByRole("combobox", { name: "Bot" });
        await expect(bot.locator("option")).not.toHaveCount(1);
        await bot.selectOption({ index: 1 });
        await page.waitForLoadState("networkidle");
        await screenshot(page, testInfo, `bots-${scheme}-${String(width)}`);
        await expectNoAxeViolations(page);

        await page.goto("/c/1001/variables/bulk");
        await page.getByLabel("Variable name").fill("город");
        await page.getByLabel("User ids").fill(`${String(userId)}, abc`);
        await page.getByRole("button", { name: "Set the variable" }).click();
        await expect(page.getByText(/^Use Latin letters only:/)).toBeVisible();
        await screenshot(page, testInfo, `bulk-set-errors-${scheme}-${String(width)}`);
        await expectNoAxeViolations(page);

        await page.getByLabel("Variable name").fill(`shot_${scheme}`);
        await page.getByLabel("User ids").fill(`${String(userId)} 123 124`);
        await page.getByRole("button", { name: "Set the variable" }).click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: "Set the variable" })
          .click();
        await expect(page.getByRole("table", { name: "Results" })).toBeVisible();
        await screenshot(page, testInfo, `bulk-set-${scheme}-${String(width)}`);
        await expectNoAxeViolations(page);
        expect(errors).toEqual([]);
      });
    }
  }
});
