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

// Marketing staff read the subscriptions of the demo Telegram channel (Europe/Moscow), against
// `npm start` itself (tests/support/start-e2e.mjs).

const GROUP = 1001;
const ZONE = "Europe/Moscow";
const PAGE = `/c/${String(GROUP)}/subscriptions`;

interface Counts {
  count_subscribe: number;
  count_unsubscribe: number;
}

/** statCount for a period, asked through the gateway from the page's own session. */
async function statCount(request: APIRequestContext, from: string, to: string): Promise<Counts> {
  const response = await request.post("/api/subscribers/statCount", {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: GROUP, date_from: from, date_to: to },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Counts & { success: boolean };
  expect(body.success).toBe(true);
  return body;
}

/** "26 Oct 2026", the app's English date, of today minus `back` days in the channel's zone. */
function dayInZone(back: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(date);
}

/** The same day as the API writes it ("26.10.2026"), for asking statCount about it. */
function apiDayInZone(back: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  const [year, month, day] = date.toISOString().slice(0, 10).split("-");
  return `${day ?? ""}.${month ?? ""}.${year ?? ""}`;
}

const number = (text: string) => Number(text.replace(/[^\d-]/g, ""));

/** The chart's own table: its first and last bucket, and its Total row. */
async function chartTable(page: Page) {
  const chart = page.getByRole("region", { name: "Subscribed and unsubscribed" });
  const toggle = chart.getByRole("switch", { name: "Show as table" });
  await expect(toggle).toBeVisible({ timeout: 20_000 });
  if (!(await toggle.isChecked())) await toggle.check();
  const table = chart.getByRole("table");
  // After a period change the chart loads its new buckets first: slow on a loaded machine.
  await expect(table).toBeVisible({ timeout: 20_000 });
  const rows = table.locator("tbody tr");
  const first = (await rows.first().locator("th").innerText()).trim();
  const last = (await rows.last().locator("th").innerText()).trim();
  const total = table.locator("tfoot tr td");
  return {
    first,
    last,
    buckets: await rows.count(),
    subscribed: number(await total.nth(0).innerText()),
    unsubscribed: number(await total.nth(1).innerText()),
    net: number(await total.nth(2).innerText()),
  };
}

async function figure(page: Page, label: string): Promise<number> {
  const value = page
    .locator(".subscriptions-figure")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator(".subscriptions-figure-value");
  await expect(value).toHaveText(/\d/, { timeout: 20_000 });
  return number(await value.innerText());
}

test.describe("the subscriptions page", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  });

  test("marketing reads 7, 30 and 90 days: the chart adds up to statCount", async ({
    page,
  }, testInfo) => {
    // Three axe passes over a page with a table and a chart: slow on a loaded machine.
    test.setTimeout(240_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await page.getByRole("link", { name: "Subscriptions" }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
    await expect(page.locator(".period-range")).toContainText(", MSK (UTC+3)");
    await expect(page.locator(".period-range")).toHaveAttribute("title", ZONE);

    const periods = page.getByRole("radiogroup", { name: "Period" });
    // 30 days is the default; the arrow keys move through the presets.
    await expect(periods.getByRole("radio", { name: "30 days" })).toBeChecked();
    for (const [days, move] of [
      [30, null],
      [7, "ArrowLeft"],
      [90, "ArrowRight"],
    ] as const) {
      if (move === "ArrowLeft") {
        await periods.getByRole("radio", { name: "30 days" }).focus();
        await page.keyboard.press("ArrowLeft");
      } else if (move === "ArrowRight") {
        await periods.getByRole("radio", { name: "7 days" }).focus();
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
      }
      await expect(periods.getByRole("radio", { name: `${String(days)} days` })).toBeChecked();
      if (days !== 30) await expect(page).toHaveURL(new RegExp(`period=${String(days)}d`));

      const table = await chartTable(page);
      expect(table.buckets).toBe(days);
      expect(table.first).toBe(dayInZone(days - 1));
      expect(table.last).toBe(dayInZone(0));
      // The table shows days in the app's format; the API takes its own.
      const counts = await statCount(
        page.request,
        `${apiDayInZone(days - 1)} 00:00:00`,
        `${apiDayInZone(0)} 23:59:59`,
      );
      expect(counts.count_subscribe).toBeGreaterThan(0);
      expect(table.subscribed).toBe(counts.count_subscribe);
      expect(table.unsubscribed).toBe(counts.count_unsubscribe);
      expect(table.net).toBe(counts.count_subscribe - counts.count_unsubscribe);
      expect(await figure(page, "Subscribed")).toBe(counts.count_subscribe);
      expect(await figure(page, "Unsubscribed")).toBe(counts.count_unsubscribe);
    }

    // Back to the picture for the screenshots, drawn once it is scrolled to.
    const pictured = page.getByRole("region", { name: "Subscribed and unsubscribed" });
    await pictured.getByRole("switch", { name: "Show as table" }).uncheck();
    await pictured.locator(".chart-canvas").scrollIntoViewIfNeeded();
    await expect(page.locator(".recharts-surface")).toBeVisible();
    await screenshot(page, testInfo, "subscriptions-90-days");
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, testInfo, "subscriptions-90-days-dark");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, testInfo, "subscriptions-90-days-dark-narrow");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test("on a phone, the chart reads its pages of events once it is scrolled to", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    // The page's clock stands still: Back comes within the half minute its answers stay fresh
    // however slow the machine.
    await page.clock.setFixedTime(Date.now());
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const offsets = new Set<number>();
    page.on("request", (request) => {
      if (!request.url().endsWith("/api/subscribers/statSubscribe")) return;
      offsets.add((request.postDataJSON() as { offset?: number }).offset ?? 0);
    });
    await page.goto(PAGE);
    // The totals above the chart come at once, and the events' table below it has its rows.
    await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible({
      timeout: 20_000,
    });
    const subscribed = await figure(page, "Subscribed");
    expect(subscribed).toBeGreaterThan(100);
    // A drawn row, not one of the skeleton rows the table shows while its page loads (CI saw
    // the check pass on one before the call was even sent: [] for [0]).
    await expect(
      page.locator(".subscriptions-table tbody tr:not([aria-hidden])").first(),
    ).toBeVisible();
    // Only the table's own page so far (the chart's first page is the same call).
    expect([...offsets]).toEqual([0]);
    const chart = page.getByRole("region", { name: "Subscribed and unsubscribed" });
    await expect(chart.getByRole("status")).toHaveText("Loading…");

    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-surface")).toBeVisible({ timeout: 30_000 });
    expect(offsets.size).toBeGreaterThan(2);
    const table = await chartTable(page);
    expect(table.subscribed).toBe(subscribed);

    // Back to the page from another, while its answers are fresh: the chart's series is there at
    // once, below the fold again (its summary; the canvas itself is drawn as it comes into
    // view), and nothing of it is asked again.
    let chartCalls = 0;
    page.on("request", (request) => {
      if (/\/api\/subscribers\/stat(Subscribe|Count)$/.test(request.url())) chartCalls += 1;
    });
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "UTM", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "UTM" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
    await expect(chart).not.toBeInViewport();
    await expect(chart.locator(".chart-summary")).toContainText(
      `${subscribed.toLocaleString("en-US")} subscribed`,
    );
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-surface")).toBeVisible();
    expect(chartCalls).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the totals' cards keep their height as their figures come", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    // The counts held back until the empty cards are measured.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/subscribers/statCount", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(PAGE);
    const card = page.getByTestId("total-subscribed");
    await expect(card.getByLabel("Loading…")).toBeVisible({ timeout: 20_000 });
    const loading = await card.boundingBox();
    release();
    await expect(card.locator(".subscriptions-figure-change")).toHaveText(/\d/, {
      timeout: 20_000,
    });
    const loaded = await card.boundingBox();
    expect(loading?.height).toBeGreaterThan(0);
    expect(loaded?.height).toBe(loading?.height);
  });

  test("filters, pages and exports the events of a period", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    await page.goto(`${PAGE}?period=7d`);

    const events = page.getByRole("group", { name: /Subscription events, page 1/ });
    await expect(events.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    const subscribed = await figure(page, "Subscribed");
    const unsubscribed = await figure(page, "Unsubscribed");
    const total = subscribed + unsubscribed;
    await expect(page.getByText(`Page 1 of ${String(Math.ceil(total / 25))}`)).toBeVisible();
    await expect(events.locator("tbody tr")).toHaveCount(Math.min(25, total));

    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("group", { name: /Subscription events, page 2/ })).toBeVisible();
    // The pager is under the table: the new page is shown from its top.
    await expect(page.getByRole("heading", { level: 2, name: "Events" })).toBeInViewport();

    // A filter goes into the URL, back to page 1, and narrows totals, chart and table alike.
    const subscription = page.getByLabel("Subscription", { exact: true });
    const option = subscription.locator("option").nth(1);
    const name = (await option.innerText()).trim();
    await subscription.selectOption({ label: name });
    await expect(page).toHaveURL(/sub=\d+/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(async () => {
      expect(await figure(page, "Subscribed")).toBeLessThan(subscribed);
    }).toPass();
    const filtered = page.getByRole("group", { name: /Subscription events, page 1/ });
    await expect(filtered.locator("tbody tr").first()).toBeVisible();
    const cells = await filtered.locator("tbody tr td:nth-child(4)").allInnerTexts();
    expect(new Set(cells.map((cell) => cell.trim()))).toEqual(new Set([name]));
    await screenshot(page, testInfo, "subscriptions-filtered");
    await expectNoAxeViolations(page);

    const filteredTotal = (await figure(page, "Subscribed")) + (await figure(page, "Unsubscribed"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^subscription-events-1001-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile(await file.path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r\n/);
    expect(lines[0]).toBe(
      `"Date, MSK (UTC+3)",User id,First name,Last name,Action,Subscription id,Subscription,Source,UTM id,UTM,UTM source,Blocked`,
    );
    expect(lines).toHaveLength(filteredTotal + 1);
    await expect(page.getByRole("status").filter({ hasText: /exported/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("support staff have no subscriptions page", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/");
    await signIn(page, accounts.support);
    await expect(page.getByRole("link", { name: "Channel", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscriptions" })).toHaveCount(0);
  });
});
