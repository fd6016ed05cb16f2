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

for (const lang of ["en", "ru"] as const) {
  test.describe(`issue 17's pages in ${lang === "en" ? "English" : "Russian"}`, () => {
    test.use({ locale: lang === "en" ? "en-US" : "ru-RU" });
    test.beforeEach(async ({ page }) => {
      await stubRemoteImages(page);
    });

    test(`channel, subscriptions, deliveries, UTM and bot statistics pass axe (${lang})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(480_000);
      const words = WORDS[lang];
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      const accounts = await readAccounts();
      await page.goto(`/c/${String(GROUP)}?compare=previous`);
      if (lang === "en") await signIn(page, accounts.marketing);
      else await signInInRussian(page, accounts.marketing);

      await expect(page.locator(".chart-summary")).toContainText(words.againstPrevious, {
        timeout: 30_000,
      });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-channel`);

      await page.goto(`/c/${String(GROUP)}/subscriptions?period=30d&compare=previous`);
      await expect(page.locator(".chart-summary").first()).toContainText(words.againstPrevious, {
        timeout: 30_000,
      });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-subscriptions`);

      // Deliveries: the funnel's totals with their change, the sent/failed chart overlaid.
      await page.goto(`/c/${String(GROUP)}/deliveries?period=90d&compare=previous`);
      const funnel = page.getByRole("region", { name: words.funnel });
      await expect(funnel.getByTestId("funnel-change-sent").locator(".change-text")).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.locator(".deliveries-chart .chart-summary")).toContainText(
        words.againstPrevious,
        { timeout: 60_000 },
      );
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-deliveries`);

      // UTM: the chart's table view with the period before's columns.
      await page.goto(`/c/${String(GROUP)}/utm?period=90d`);
      await settled(page);
      const chart = page.locator(".chart-frame").first();
      await chart.getByRole("switch", { name: words.showAsTable }).check();
      await expect(
        chart.getByRole("columnheader", { name: words.subscribedBefore, exact: true }),
      ).toBeVisible();
      await checkAndPicture(page, testInfo, `${lang}-utm-table`);
      await chart.getByRole("switch", { name: words.showAsTable }).uncheck();
      await checkAndPicture(page, testInfo, `${lang}-utm`);

      // Bot statistics with a bot's steps open.
      await page.getByRole("link", { name: words.botStats }).click();
      await settled(page);
      await page.getByRole("main").locator("tbody button").nth(1).click();
      await expect(page).toHaveURL(/bot=\d+/);
      await expect(page.locator(".recharts-surface").first()).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await checkAndPicture(page, testInfo, `${lang}-bot-stats`);
      expect(errors).toEqual([]);
    });
  });
}
