import { readFile } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  signInInRussian,
} from "./helpers";

// The channel and subscriptions pages as a Russian-speaking marketer reads them (issue 14):
// the browser asks for Russian first, against `npm start` itself (tests/support/start-e2e.mjs).
test.use({ locale: "ru-RU" });

const ZONE = "Europe/Moscow";

/** "3 500" → 3500, "+12" → 12, "−4" → -4 (Russian numbers have spaces, a true minus). */
const number = (text: string) => Number(text.replace(/[−–]/gu, "-").replace(/[^\d-]/gu, ""));

const EVERY_VIEW = [
  [1280, "light"],
  [1280, "dark"],
  [390, "dark"],
  [390, "light"],
] as const;

/**
 * Screenshots wide and narrow, light and dark, each with no axe violation; `views` picks a few
 * of them (axe over a page with a long table takes seconds each).
 */
async function lookAt(
  page: Page,
  testInfo: TestInfo,
  name: string,
  views: readonly (readonly [number, "light" | "dark"])[] = EVERY_VIEW,
) {
  for (const [width, scheme] of views) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, testInfo, `${name}-${String(width)}-${scheme}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: "light" });
}

async function subscriptionsFigure(page: Page, label: string): Promise<number> {
  const value = page
    .locator(".subscriptions-figure")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator(".subscriptions-figure-value");
  await expect(value).toHaveText(/\d/, { timeout: 20_000 });
  return number(await value.innerText());
}

test.describe("the statistics pages in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    // The download path, not Chromium's save picker (as in subscriptions.spec.ts).
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  });

  test("the channel page: the card, figures with plural days, the chart said and tabled", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signInInRussian(page, accounts.admin);
    await expect(page.getByRole("heading", { level: 1, name: "Канал" })).toBeVisible();

    // The zone as people say it, its IANA name on hover.
    const card = page.locator(".channel-card");
    const zone = card.locator(".fact").filter({ hasText: "Часовой пояс" }).locator("dd");
    await expect(zone).toHaveText("МСК (UTC+3)");
    await expect(zone).toHaveAttribute("title", ZONE);

    const figures = page.getByRole("region", { name: "Показатели" });
    await expect(figures.getByText("Подписчики", { exact: true })).toBeVisible();
    const week = page.getByTestId("figure-subscribed-7-days");
    await expect(week.getByText("Подписались за 7 дней")).toBeVisible();
    await expect(week.locator(".figure-zone")).toHaveText("МСК (UTC+3)");
    await expect(week.locator(".figure-period")).toHaveText(/^\d{1,2}.*20\d\d, МСК \(UTC\+3\)$/u);
    await expect(week.locator(".figure-value")).toHaveText(/^\d[\d\s\u00a0\u202f]*$/u, {
      timeout: 20_000,
    });
    await expect(
      page.getByTestId("figure-delivery-events-7-days").getByText(/^События рассылок/u),
    ).toBeVisible();

    // The chart below the figures is drawn once it is scrolled to.
    await page.locator(".channel-activity").scrollIntoViewIfNeeded();
    const chart = page.getByRole("region", { name: "Подписки и отписки за 30 дней" });
    await expect(chart.getByText(/: подписок — [\d\s\u00a0\u202f]+, отписок — /u)).toBeVisible({
      timeout: 30_000,
    });
    await expect(chart.getByText(/ 20\d\d, МСК \(UTC\+3\): подписок/u)).toBeVisible();
    // The sentence comes with the period's count; the buckets after it.
    await expect(chart.locator(".chart-loading")).toHaveCount(0, { timeout: 30_000 });
    const monthSubscribed = number(
      (await page.getByTestId("figure-subscribed-30-days").locator(".figure-value").innerText()) ||
        "0",
    );
    await chart.getByRole("switch", { name: "Показать таблицей" }).check();
    const table = chart.getByRole("table");
    await expect(table.locator("thead th")).toHaveText([
      "День, МСК (UTC+3)",
      "Подписались",
      "Отписались",
      "Прирост",
    ]);
    await expect(table.locator("tbody tr")).toHaveCount(30);
    await expect(table.locator("tfoot th")).toHaveText("Всего");
    expect(number(await table.locator("tfoot td").first().innerText())).toBe(monthSubscribed);
    await lookAt(page, testInfo, "ru-channel-table", [
      [1280, "dark"],
      [390, "light"],
    ]);
    await chart.getByRole("switch", { name: "Показать таблицей" }).uncheck();
    await expect(chart.locator(".recharts-surface")).toBeVisible();
    await lookAt(page, testInfo, "ru-channel");
    expect(errors).toEqual([]);
  });

  test("the channel page's figures keep their cards' height as they come, wide and narrow", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    await page.goto("/");
    await signInInRussian(page, accounts.admin);
    await expect(page.getByRole("heading", { level: 1, name: "Канал" })).toBeVisible();
    for (const width of [1350, 412]) {
      await page.setViewportSize({ width, height: 900 });
      // The counts held back until the empty cards are measured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/*/statCount", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/c/1001");
      const cards = page.locator(".figure");
      const week = page.getByTestId("figure-subscribed-7-days");
      await expect(week.getByText("Загрузка…")).toBeAttached({ timeout: 20_000 });
      const heights = () =>
        cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().height));
      const loading = await heights();
      release();
      for (const slug of ["subscribed-7-days", "unsubscribed-30-days", "delivery-events-7-days"]) {
        await expect(page.getByTestId(`figure-${slug}-change`)).toContainText("%", {
          timeout: 20_000,
        });
      }
      expect(loading.length).toBe(6);
      expect(await heights(), `at ${String(width)} px`).toEqual(loading);
      await page.unroute("**/api/*/statCount");
    }
  });

  test("the subscriptions page: a period, the chart as a table, the events, a CSV with ;", async ({
    page,
  }, testInfo) => {
    test.setTimeout(420_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signInInRussian(page, accounts.marketing);
    await page.getByRole("link", { name: "Подписки" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Подписки" })).toBeVisible();
    await expect(page).toHaveTitle(/^Подписки · .+ · Channel Desk$/u);

    // The period picker: 7 days, in the URL; the chart and the totals follow.
    const periods = page.getByRole("radiogroup", { name: "Период" });
    await expect(periods.getByRole("radio", { name: "30 дней" })).toBeChecked();
    await periods.getByRole("radio", { name: "7 дней" }).click();
    await expect(periods.getByRole("radio", { name: "7 дней" })).toBeChecked();
    await expect(page).toHaveURL(/period=7d/u);

    const subscribed = await subscriptionsFigure(page, "Подписались");
    const unsubscribed = await subscriptionsFigure(page, "Отписались");
    expect(await subscriptionsFigure(page, "Прирост")).toBe(subscribed - unsubscribed);

    const chart = page.getByRole("region", { name: "Подписки и отписки" });
    await expect(chart.getByText(/подписок — [\d\s\u00a0\u202f]+, отписок — /u)).toBeVisible({
      timeout: 30_000,
    });
    await expect(chart.locator(".chart-loading")).toHaveCount(0, { timeout: 30_000 });
    await chart.getByRole("switch", { name: "Показать таблицей" }).check();
    const table = chart.getByRole("table");
    await expect(table.locator("thead th").first()).toHaveText("День, МСК (UTC+3)");
    await expect(table.locator("tbody tr")).toHaveCount(7);
    // Days as the Russian calendar says them: "18 нояб. 2026".
    await expect(table.locator("tbody th").first()).toHaveText(/^\d{1,2} [а-я]{3,4}\.? 20\d\d$/u);
    const totals = table.locator("tfoot td");
    expect(number(await totals.nth(0).innerText())).toBe(subscribed);
    expect(number(await totals.nth(1).innerText())).toBe(unsubscribed);

    // The events: headers in Russian, the zone as people say it, the product's date-time.
    const events = page.getByRole("group", { name: /События, страница 1/u });
    await expect(events.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    await expect(events.locator("thead th")).toHaveText([
      "Дата, МСК (UTC+3)",
      "Подписчик",
      "Действие",
      "Группа подписчиков",
      "Источник",
      "UTM-метка",
      "Блокировка",
    ]);
    await expect(events.locator("thead th").first()).toHaveAttribute("title", ZONE);
    await expect(events.locator("tbody td.col-date").first()).toHaveText(
      /^\d{1,2} [а-я]{3,4}\.? 20\d\d, \d\d:\d\d:\d\d$/u,
    );
    await lookAt(page, testInfo, "ru-subscriptions-table", [[1280, "light"]]);

    // The CSV: Russian headers, ; between cells, a BOM for Excel.
    await expect(page.getByRole("combobox", { name: "Разделитель" })).toHaveValue(";");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Выгрузить CSV" }).click();
    const file = await download;
    const csv = await readFile(await file.path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r\n/u);
    const header = (lines[0] ?? "").split(";");
    expect(header).toHaveLength(12);
    expect(header.slice(1, 5)).toEqual(["ID пользователя", "Имя", "Фамилия", "Действие"]);
    expect(header[0]).toMatch(/^Дата/u);
    expect(lines).toHaveLength(subscribed + unsubscribed + 1);
    expect(lines[1]?.split(";")[4]).toMatch(/^(Подписка|Отписка)$/u);

    // Today, by the hour: a short table, so axe looks at every view in reasonable time.
    await periods.getByRole("radio", { name: "Сегодня" }).click();
    await expect(page).toHaveURL(/period=today/u);
    await chart.getByRole("switch", { name: "Показать таблицей" }).uncheck();
    await chart.locator(".chart-canvas").scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-surface")).toBeVisible({ timeout: 20_000 });
    await expect(chart.getByText("Час, МСК (UTC+3)")).toBeVisible();
    await lookAt(page, testInfo, "ru-subscriptions-today");
    expect(errors).toEqual([]);
  });
});
