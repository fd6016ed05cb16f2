import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// Comparisons with the period before (issue 17): a total's change against the API's statCount
// of both periods, and the chart's compared series in its table. Marketing staff on the demo
// Telegram channel (Europe/Moscow), against `npm start` (tests/support/start-e2e.mjs).

const GROUP = 1001;
const ZONE = "Europe/Moscow";
const PAGE = `/c/${String(GROUP)}/subscriptions`;

interface Counts {
  count_subscribe: number;
  count_unsubscribe: number;
}

async function statCount(request: APIRequestContext, from: string, to: string): Promise<Counts> {
  const response = await request.post("/api/subscribers/statCount", {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: GROUP, date_from: from, date_to: to },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Counts;
}

/** Today minus `back` days in the channel's zone, as a UTC date at noon. */
function dayBack(back: number): Date {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date;
}

/** "26 Oct 2026", as the chart's table names a day. */
function tableDay(back: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(dayBack(back));
}

/** "26.10.2026", as the API takes a day. */
function apiDay(back: number): string {
  const [year, month, day] = dayBack(back).toISOString().slice(0, 10).split("-");
  return `${day ?? ""}.${month ?? ""}.${year ?? ""}`;
}

const number = (text: string) => Number(text.replace(/[^\d-]/g, ""));

/** What ChangeText must say for a change from `before` to `now`, as in the app. */
function expectedChange(now: number, before: number): { kind: string; said: string } {
  const n = (value: number) => value.toLocaleString("en-US");
  if (now === before) return { kind: "same", said: `no change from ${n(before)}` };
  if (before === 0) return { kind: "new", said: "new: none in the previous period" };
  const ratio = (now - before) / before;
  const by = `${n(Math.round(Math.abs(ratio) * 100))}%`;
  return ratio > 0
    ? { kind: "up", said: `up ${by} from ${n(before)}` }
    : { kind: "down", said: `down ${by} from ${n(before)}` };
}

async function looks(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, `${name}-${scheme}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo, `${name}-${scheme}-390`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("comparisons with the period before", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("subscriptions: totals and the compared chart agree with statCount of both periods", async ({
    page,
  }, testInfo) => {
    test.setTimeout(600_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    await page.goto(`${PAGE}?period=7d`);

    const now = await statCount(page.request, `${apiDay(6)} 00:00:00`, `${apiDay(0)} 23:59:59`);
    const before = await statCount(page.request, `${apiDay(13)} 00:00:00`, `${apiDay(7)} 23:59:59`);
    expect(now.count_subscribe + before.count_subscribe).toBeGreaterThan(0);

    for (const [key, current, previous] of [
      ["subscribed", now.count_subscribe, before.count_subscribe],
      ["unsubscribed", now.count_unsubscribe, before.count_unsubscribe],
    ] as const) {
      const card = page.getByTestId(`total-${key}`);
      await expect(card.locator(".subscriptions-figure-value")).toHaveText(
        current.toLocaleString("en-US"),
        { timeout: 20_000 },
      );
      const change = card.locator(".change-text");
      const expected = expectedChange(current, previous);
      await expect(change).toHaveAttribute("data-change", expected.kind, { timeout: 20_000 });
      await expect(change.locator(".visually-hidden")).toHaveText(expected.said);
      await expect(change.locator(".change-text-previous")).toHaveText(
        ` was ${previous.toLocaleString("en-US")}`,
      );
    }

    // The chart compared with the previous period, kept in the URL.
    const chart = page.getByRole("region", { name: "Subscribed and unsubscribed" });
    await chart.getByLabel("Compare with").selectOption({ label: "Previous period" });
    await expect(page).toHaveURL(/compare=previous/);
    await expect(chart.locator(".chart-summary")).toContainText("Against the previous period", {
      timeout: 20_000,
    });
    await expect(chart.locator(".chart-legend")).toContainText("Subscribed, before");
    await looks(page, testInfo, "compare-chart");

    await chart.getByRole("switch", { name: "Show as table" }).check();
    const table = chart.getByRole("table");
    await expect(table).toBeVisible({ timeout: 20_000 });
    await expect(table.locator("thead th").nth(1)).toHaveText("Previous period");
    // Each compared column is named as the legend names its line.
    await expect(table.locator("thead th").nth(3)).toHaveText("Subscribed, before");
    const first = table.locator("tbody tr").first();
    await expect(first.locator("th")).toHaveText(tableDay(6));
    await expect(first.locator("td").first()).toHaveText(tableDay(13));
    await expect(table.locator("tbody tr")).toHaveCount(7);
    // Total row: compared day (empty), then per series value, compared value, change.
    const total = table.locator("tfoot td");
    expect(number(await total.nth(1).innerText())).toBe(now.count_subscribe);
    expect(number(await total.nth(2).innerText())).toBe(before.count_subscribe);
    await expect(total.nth(3).locator(".visually-hidden")).toHaveText(
      expectedChange(now.count_subscribe, before.count_subscribe).said,
    );
    expect(number(await total.nth(4).innerText())).toBe(now.count_unsubscribe);
    expect(number(await total.nth(5).innerText())).toBe(before.count_unsubscribe);
    await looks(page, testInfo, "compare-table");

    // A year before: the same days of last year, by position.
    await chart.getByLabel("Compare with").selectOption({ label: "Same period a year before" });
    await expect(page).toHaveURL(/compare=year/);
    await expect(table.locator("thead th").nth(1)).toHaveText("A year before", {
      timeout: 20_000,
    });
    const yearAgo = new Date(dayBack(6));
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    await expect(table.locator("tbody tr").first().locator("td").first()).toHaveText(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "UTC",
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(yearAgo),
    );
    expect(errors).toEqual([]);
  });

  test("channel and deliveries: every total against the days before", async ({
    page,
  }, testInfo) => {
    test.setTimeout(480_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signIn(page, accounts.marketing);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const before = await statCount(page.request, `${apiDay(13)} 00:00:00`, `${apiDay(7)} 23:59:59`);
    const week = page.getByTestId("figure-subscribed-7-days-change");
    await expect(week.locator(".change-text-previous")).toHaveText(
      ` was ${before.count_subscribe.toLocaleString("en-US")}`,
      { timeout: 20_000 },
    );
    await expect(page.getByTestId("figure-unsubscribed-7-days-change")).toContainText(
      `was ${before.count_unsubscribe.toLocaleString("en-US")}`,
    );
    await page.goto(`/c/${String(GROUP)}?compare=previous`);
    // The channel's chart, below its figures, is drawn once it is scrolled to.
    await page.locator(".channel-activity").scrollIntoViewIfNeeded();
    await expect(page.locator(".chart-summary")).toContainText("Against the previous period", {
      timeout: 30_000,
    });
    await looks(page, testInfo, "compare-channel");

    await page.goto(`/c/${String(GROUP)}/deliveries?period=7d`);
    await expect(page.getByTestId("deliveries-count-change").locator(".change-text")).toBeVisible({
      timeout: 20_000,
    });
    await looks(page, testInfo, "compare-deliveries");
    expect(errors).toEqual([]);
  });
});

test.describe("in Russian", () => {
  test.use({ locale: "ru-RU" });
  test("the compared chart and totals read in Russian", async ({ page }, testInfo) => {
    test.setTimeout(480_000);
    await stubRemoteImages(page);
    const accounts = await readAccounts();
    await page.goto("/");
    await page.getByLabel("Имя пользователя").fill(accounts.marketing.username);
    await page.getByLabel("Пароль").fill(accounts.marketing.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page).toHaveURL(/\/c\/1001$/);
    await page.goto(`${PAGE}?period=30d&compare=year`);
    await expect(page.locator(".chart-summary")).toContainText("год назад", { timeout: 30_000 });
    await expect(page.getByText(/Изменения — по сравнению с периодом/u)).toBeVisible();
    await looks(page, testInfo, "compare-ru-subscriptions");
    await page.goto(`/c/${String(GROUP)}?compare=previous`);
    // The channel's chart, below its figures, is drawn once it is scrolled to.
    await page.locator(".channel-activity").scrollIntoViewIfNeeded();
    await expect(page.locator(".chart-summary")).toContainText("прошлым периодом", {
      timeout: 30_000,
    });
    await looks(page, testInfo, "compare-ru-channel");
  });
});
