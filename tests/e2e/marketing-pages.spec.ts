import { expect, test, type Page } from "@playwright/test";
import {
  checkAndPicture,
  readAccounts,
  signIn,
  signInInRussian,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// Issue 17's "Done when": each of its pages (channel, subscriptions, deliveries with the funnel,
// UTM, bot statistics) in both languages passes axe in light and dark, at 1280 and 390 px, with
// the comparison on, each as a marketer sees it. The figures themselves are checked against the
// API by compare.spec.ts, funnels.spec.ts and utm-campaigns.spec.ts.

const GROUP = 1001;

interface Words {
  funnel: string;
  againstPrevious: RegExp;
  showAsTable: string;
  subscribedBefore: string;
  botStats: string;
}

const WORDS: Record<"en" | "ru", Words> = {
  en: {
    funnel: "Funnel of mass deliveries",
    againstPrevious: /Against the previous period/,
    showAsTable: "Show as table",
    subscribedBefore: "Subscribed, compared",
    botStats: "Bot statistics",
  },
  ru: {
    funnel: "Воронка массовых рассылок",
    againstPrevious: /По сравнению с прошлым периодом/,
    showAsTable: "Показать таблицей",
    subscribedBefore: "Подписались, для сравнения",
    botStats: "Статистика ботов",
  },
};

/** The page drawn and nothing left loading. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(".chart-loading")).toHaveCount(0, { timeout: 30_000 });
}

/** Signs in as the marketer on `path`, in the test's language. */
async function open(page: Page, lang: "en" | "ru", path: string) {
  const accounts = await readAccounts();
  await page.goto(path);
  if (lang === "en") await signIn(page, accounts.marketing);
  else await signInInRussian(page, accounts.marketing);
}

// One test a page, so that a slow page on a busy machine does not use up the others' time.
for (const lang of ["en", "ru"] as const) {
  test.describe(`issue 17's pages in ${lang === "en" ? "English" : "Russian"}`, () => {
    test.use({ locale: lang === "en" ? "en-US" : "ru-RU" });
    const words = WORDS[lang];
    test.beforeEach(async ({ page }) => {
      await stubRemoteImages(page);
    });

    test(`channel (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await open(page, lang, `/c/${String(GROUP)}?compare=previous`);
      // The chart below the figures is drawn once it is scrolled to.
      await page.locator(".channel-activity").scrollIntoViewIfNeeded();
      await expect(page.locator(".chart-summary")).toContainText(words.againstPrevious, {
        timeout: 30_000,
      });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-channel`);
      expect(errors).toEqual([]);
    });

    test(`subscriptions (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await open(page, lang, `/c/${String(GROUP)}/subscriptions?period=30d&compare=previous`);
      await expect(page.locator(".chart-summary").first()).toContainText(words.againstPrevious, {
        timeout: 30_000,
      });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-subscriptions`);
      expect(errors).toEqual([]);
    });

    test(`deliveries: the funnel's changes and the overlaid chart (${lang})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await open(page, lang, `/c/${String(GROUP)}/deliveries?period=90d&compare=previous`);
      const funnel = page.getByRole("region", { name: words.funnel });
      await expect(funnel.getByTestId("funnel-change-sent").locator(".change-text")).toBeVisible({
        timeout: 30_000,
      });
      // The chart below the funnel and the filters is drawn once it is scrolled to.
      await page.locator(".deliveries-chart").scrollIntoViewIfNeeded();
      await expect(page.locator(".deliveries-chart .chart-summary")).toContainText(
        words.againstPrevious,
        { timeout: 60_000 },
      );
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-deliveries`);
      // Nothing wider than a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      expect(errors).toEqual([]);
    });

    test(`UTM: the chart's table with the period before (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await open(page, lang, `/c/${String(GROUP)}/utm?period=90d`);
      await settled(page);
      const chart = page.locator(".chart-frame").first();
      await chart.getByRole("switch", { name: words.showAsTable }).check();
      await expect(
        chart.getByRole("columnheader", { name: words.subscribedBefore, exact: true }),
      ).toBeVisible();
      await checkAndPicture(page, testInfo, `${lang}-utm-table`);
      await chart.getByRole("switch", { name: words.showAsTable }).uncheck();
      await checkAndPicture(page, testInfo, `${lang}-utm`);
      expect(errors).toEqual([]);
    });

    test(`bot statistics with a bot's steps (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await open(page, lang, `/c/${String(GROUP)}/bots/stats`);
      await expect(page.getByRole("heading", { level: 1, name: words.botStats })).toBeVisible({
        timeout: 20_000,
      });
      await settled(page);
      await page.getByRole("main").locator("tbody button").nth(1).click();
      await expect(page).toHaveURL(/bot=\d+/);
      // A chart is drawn once it is scrolled to.
      await page.locator(".chart-canvas").first().scrollIntoViewIfNeeded();
      await expect(page.locator(".recharts-surface").first()).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-bot-stats`);
      expect(errors).toEqual([]);
    });
  });
}
