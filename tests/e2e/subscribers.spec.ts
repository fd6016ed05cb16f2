import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// A new administrator's first hour: the Subscribers pages of the demo Telegram channel,
// against `npm start` itself (tests/support/start-e2e.mjs).

const GROUP = 1001;

interface Subscriber {
  id: string;
  tg_user_id?: number;
  subscriptions: { subscription_id: number }[];
}

async function api<T>(request: APIRequestContext, operation: string, params: object): Promise<T> {
  const response = await request.post(`/api/${operation}`, {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: GROUP, ...params },
  });
  expect(response.status(), operation).toBe(200);
  const body = (await response.json()) as T & { success: boolean };
  expect(body.success, operation).toBe(true);
  return body;
}

/** Every subscriber of the channel, through the cursor, as the API gives them. */
async function allSubscribers(request: APIRequestContext): Promise<Subscriber[]> {
  const all: Subscriber[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await api<{ items: Subscriber[]; offset_id: string }>(request, "subscribers/get", {
      count: 100,
      ...(cursor ? { offset_id: cursor } : {}),
    });
    all.push(...page.items);
    if (page.items.length < 100) return all;
    cursor = page.offset_id;
  }
}

/** The record ids of the rows on screen, read from the table's "Record id" column. */
async function recordIds(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Subscribers" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    const column = headers.indexOf("Record id");
    return [...element.querySelectorAll("tbody tr")].map(
      (row) => row.children[column]?.textContent.trim() ?? "",
    );
  });
}

async function figure(page: Page, label: string): Promise<number> {
  const value = page.getByTestId(`figure-${label}`).locator(".figure-value");
  await expect(value).toHaveText(/\d/);
  return Number((await value.innerText()).replace(/\D/g, ""));
}

test.describe("the subscribers pages", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    // Chromium offers the File System Access picker, which a headless test cannot answer; the
    // export then takes its download path, the one every other browser takes.
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  });

  test("a new administrator pages, exports, adds and removes", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.admin);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const subscribedBefore = await figure(page, "subscribed-7-days");
    const unsubscribedBefore = await figure(page, "unsubscribed-7-days");

    // Page forward three times and back: the same rows.
    await page.getByRole("link", { name: "Subscribers", exact: true }).click();
    const pages = [await recordIds(page)];
    for (let step = 0; step < 3; step++) {
      await page.getByRole("button", { name: "Next page" }).click();
      await expect.poll(() => recordIds(page)).not.toEqual(pages.at(-1));
      pages.push(await recordIds(page));
    }
    expect(new Set(pages.flat()).size).toBe(pages.flat().length);
    await screenshot(page, testInfo, "subscribers");
    await expectNoAxeViolations(page);
    for (let step = 2; step >= 0; step--) {
      await page.getByRole("button", { name: "Previous page" }).click();
      await expect.poll(() => recordIds(page)).toEqual(pages[step]);
    }

    // The export holds exactly the API's rows.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await (await download).path();
    const csv = await readFile(file, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    const everyone = await allSubscribers(page.request);
    expect(lines.length - 1).toBe(everyone.length);
    const exportedIds = lines.slice(1).map((line) => line.split(",")[0]);
    expect(exportedIds).toEqual(everyone.map((subscriber) => subscriber.id));

    // Add two people to a subscription they are not in, then remove one of them.
    const subscriptions = await api<{ items: { subscription_id: number; name: string }[] }>(
      page.request,
      "subscriptions/get",
      { count: 100 },
    );
    const target = subscriptions.items[0];
    if (!target) throw new Error("the demo channel has no subscription");
    const outsiders = everyone
      .filter(
        (person) => !person.subscriptions.some((s) => s.subscription_id === target.subscription_id),
      )
      .slice(0, 2)
      .map((person) => String(person.tg_user_id));
    expect(outsiders).toHaveLength(2);

    await page.getByRole("link", { name: "Add or remove" }).click();
    await page.getByRole("radio", { name: "Add" }).check();
    await page.getByLabel("Subscription").selectOption({ label: target.name });
    await page.getByLabel("User ids").fill(outsiders.join("\n"));
    await page.getByRole("button", { name: "Add subscribers" }).click();
    const results = page.getByRole("table", { name: "Results" });
    await expect(results.getByRole("row")).toHaveCount(3);
    await expect(results).not.toContainText("Failed");
    await screenshot(page, testInfo, "subscribers-added");
    await expectNoAxeViolations(page);

    await page.getByRole("radio", { name: "Remove" }).check();
    await page.getByLabel("Subscription").selectOption({ label: target.name });
    await page.getByLabel("User ids").fill(outsiders[0] ?? "");
    await page.getByRole("button", { name: "Remove subscribers" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(results.getByRole("row")).toHaveCount(2);
    await expect(results).toContainText("Removed");

    // The channel's figures show the change.
    await page.getByRole("link", { name: "Channel", exact: true }).click();
    await expect.poll(() => figure(page, "subscribed-7-days")).toBe(subscribedBefore + 2);
    await expect.poll(() => figure(page, "unsubscribed-7-days")).toBe(unsubscribedBefore + 1);
    expect(errors).toEqual([]);
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`every subscribers page reads well in ${scheme}, with no axe violations`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/sign-in");
      await signIn(page, accounts.admin);
      await expect(page).toHaveURL(/\/c\/1001$/);
      // The chart below the figures is drawn once it is scrolled to.
      await page.locator(".channel-activity").scrollIntoViewIfNeeded();
      await expect(
        page.getByRole("region", { name: "Subscriptions in the last 30 days" }),
      ).toBeVisible();
      await expect(page.getByTestId("figure-subscribers").locator(".figure-value")).toHaveText(
        /\d/,
      );
      await screenshot(page, testInfo, `channel-${scheme}`);
      await expectNoAxeViolations(page);

      const visits = [
        ["subscribers", "/c/1001/subscribers", page.getByRole("table", { name: "Subscribers" })],
        ["count", "/c/1001/subscribers/count", page.getByText("Subscribers matching")],
        ["manage", "/c/1001/subscribers/manage", page.getByLabel("User ids")],
      ] as const;
      for (const [name, path, ready] of visits) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        await page.waitForLoadState("networkidle");
        await screenshot(page, testInfo, `${name}-${scheme}`);
        await expectNoAxeViolations(page);
      }

      // A person's panel, reached from the list as a person would.
      await page.goto("/c/1001/subscribers");
      const person = page.getByRole("table", { name: "Subscribers" }).locator("tbody a").first();
      // The link shows the person's initials (hidden from screen readers) above the name.
      const name = (await person.innerText()).trim().split("\n").at(-1) ?? "";
      await person.click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to subscribers" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await screenshot(page, testInfo, `subscriber-${scheme}`);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
});
