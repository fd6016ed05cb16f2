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

// A marketing person's hour: the deliveries of the demo Telegram channel, then a tagged link
// for a flyer, against `npm start` itself (tests/support/start-e2e.mjs).

const GROUP = 1001;

async function signInAsMia(page: Page, path: string) {
  const accounts = await readAccounts();
  await page.goto(path);
  await signIn(page, accounts.marketing);
}

/** The "Sent by" cells of the records on screen. */
async function sources(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Delivery records" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  return table.locator("tbody tr td:nth-child(3)").allInnerTexts();
}

test.describe("deliveries and UTM as marketing", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("the deliveries page counts what the API counts and shows both kinds of record", async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const counted = page.waitForRequest(
      (request) => request.url().endsWith("/api/deliveries/statCount"),
      { timeout: 30_000 },
    );
    // The chart's pages of records, 100 each (the records table asks for 20).
    let deliveryPages = 0;
    page.on("request", (request) => {
      if (!request.url().endsWith("/api/deliveries/stat")) return;
      if ((request.postDataJSON() as { count?: number }).count === 100) deliveryPages += 1;
    });
    await signInAsMia(page, `/c/${String(GROUP)}/deliveries`);
    await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();

    // The page's count is deliveries/statCount's, asked again here with the page's own request.
    const asked = (await counted).postDataJSON() as Record<string, unknown>;
    const answer = await page.request.post("/api/deliveries/statCount", {
      headers: { "X-Channel-Desk": "1" },
      data: asked,
    });
    const { count } = (await answer.json()) as { count: number };
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId("deliveries-count")).toHaveText(count.toLocaleString("en-US"));

    // The chart has read the records and says how many were sent and failed. It reads them
    // once it is scrolled to: before, it asks for none, though the page below it has loaded.
    await expect(page.locator(".deliveries-table tbody tr").first()).toBeVisible();
    expect(deliveryPages).toBe(0);
    // Meanwhile it says the period's count, which it has, in about the words that follow.
    await expect(page.locator(".deliveries-chart .chart-summary")).toHaveText(
      `${count.toLocaleString("en-US")} messages in the period. The service counts them but cannot tell sent from failed, so the split is read from the records.`,
    );
    await page.locator(".deliveries-chart").scrollIntoViewIfNeeded();
    await expect(page.getByText(/messages in the period: [\d,]+ sent, [\d,]+ failed/)).toBeVisible({
      timeout: 30_000,
    });
    expect(deliveryPages).toBeGreaterThan(0);

    // Both shapes: page through 100 at a time until a mass delivery and a bot step have shown.
    await page.getByLabel("Records a page").selectOption("100");
    let mass = false;
    let bot = false;
    for (let turn = 0; turn < 60 && !(mass && bot); turn++) {
      const cells = await sources(page);
      mass ||= cells.some((text) => text.includes("Mass delivery"));
      bot ||= cells.some((text) => text.includes("Bot step"));
      if (mass && bot) break;
      const next = page.getByRole("button", { name: "Next page" });
      await expect(next).not.toHaveAttribute("aria-disabled", "true");
      const before = page.url();
      await next.click();
      await expect(page).not.toHaveURL(before);
    }
    expect({ mass, bot }).toEqual({ mass: true, bot: true });
    await expect(page.getByRole("table", { name: "Delivery records" })).toContainText(/Sent/);
    // Back to pages of 20 for the checks and pictures (a new size starts from the first page).
    await page.getByLabel("Records a page").selectOption("20");
    await expect(page.getByText("Records 1–20")).toBeVisible();

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `deliveries-${scheme}`);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "deliveries-dark-360");
    expect(errors).toEqual([]);
  });

  test("a link is built, copied and shown as a QR code, and kept among recent links", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await signInAsMia(page, `/c/${String(GROUP)}/utm`);
    await expect(page.getByRole("heading", { level: 1, name: "UTM" })).toBeVisible();
    await expect(
      page.getByText(/(campaigns?|tags?), .*subscribed.*, [\d,]+ unsubscribed\./),
    ).toBeVisible();

    await page.getByRole("button", { name: "Make link" }).click();
    await expect(page.getByText("Choose a UTM tag.")).toBeVisible();

    const tag = page.getByRole("combobox", { name: "UTM tag" });
    await expect(tag.locator("option")).not.toHaveCount(1);
    await tag.selectOption({ index: 1 });
    await expect(page.getByRole("combobox", { name: "Subscription" })).not.toHaveValue("");
    await page.getByRole("checkbox", { name: /Subscribe on click/ }).check();
    await page.getByRole("button", { name: "Make link" }).click();

    const field = page.getByRole("textbox", { name: "Link" });
    await expect(field).toHaveValue(/^https:\/\/t\.me\/.+start=s\d+_u\d+_f$/);
    const link = await field.inputValue();
    await page.getByRole("button", { name: "Copy the link" }).click();
    await expect(page.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const qr = page.getByRole("img", { name: `QR code of the link ${link}` });
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThan(100);

    const recent = page.getByRole("region", { name: "Recent links" });
    await expect(recent.getByText(link, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Recent links" }).getByText(link)).toBeVisible();

    await page.getByRole("combobox", { name: "UTM tag" }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Make link" }).click();
    await expect(page.getByRole("img", { name: /QR code of the link/ })).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `utm-${scheme}`);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "utm-dark-360");
    expect(errors).toEqual([]);
  });
});
