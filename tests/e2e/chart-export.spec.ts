import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Locator, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  signIn,
  signInInRussian,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// A marketer saves the subscriptions chart as a picture and as CSV (issue 17, "Export"), in
// English and in Russian, against `npm start` itself (tests/support/start-e2e.mjs).

const PAGE = "/c/1001/subscriptions";
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Words {
  locale: "en-GB" | "ru-RU";
  signIn: typeof signIn;
  title: string;
  zone: string;
  exportButton: RegExp;
  csv: string;
  png: string;
  svg: string;
  table: string;
  why: string;
  saved: RegExp;
  fileStem: string;
  csvHeader: string;
}

const LANGUAGES: readonly Words[] = [
  {
    locale: "en-GB",
    signIn,
    title: "Subscribed and unsubscribed",
    zone: "MSK (UTC+3)",
    exportButton: /^Export “Subscribed and unsubscribed”$/,
    csv: "Table (CSV)",
    png: "Image (PNG)",
    svg: "Image (SVG)",
    table: "Show as table",
    why: "Turn off “Show as table” to save the image.",
    saved: /^Saved subscribed-and-unsubscribed_.*\.svg\.$/,
    fileStem: "subscribed-and-unsubscribed",
    csvHeader: `\uFEFF"Day, MSK (UTC+3)",Subscribed,Unsubscribed,Net`,
  },
  {
    locale: "ru-RU",
    signIn: signInInRussian,
    title: "Подписки и отписки",
    zone: "МСК (UTC+3)",
    exportButton: /^Выгрузить «Подписки и отписки»$/,
    csv: "Таблица (CSV)",
    png: "Изображение (PNG)",
    svg: "Изображение (SVG)",
    table: "Показать таблицей",
    why: "Чтобы сохранить изображение, выключите «Показать таблицей».",
    saved: /^Сохранено: подписки-и-отписки_.*\.svg\.$/,
    fileStem: "подписки-и-отписки",
    csvHeader: "\uFEFFДень, МСК (UTC+3);Подписались;Отписались;Прирост",
  },
];

async function save(page: Page, chart: Locator, item: string): Promise<Download> {
  await chart.getByRole("button", { name: /Export|Выгрузить/ }).click();
  const downloaded = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: item }).click();
  return downloaded;
}

async function bytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

for (const words of LANGUAGES) {
  test.describe(`chart export (${words.locale})`, () => {
    test.use({ locale: words.locale });

    test.beforeEach(async ({ page }) => {
      await stubRemoteImages(page);
      await page.addInitScript(() => {
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      });
    });

    test("the subscriptions chart saves as SVG and PNG with its title, period and zone, and as CSV", async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.goto("/");
      await words.signIn(page, accounts.marketing);
      await page.waitForURL(/\/c\/\d+/);
      await page.goto(PAGE);
      const chart = page.getByRole("region", { name: words.title });
      const button = chart.getByRole("button", { name: words.exportButton });
      await expect(button).toBeVisible({ timeout: 20_000 });
      // Export is there from the start, and usable once the numbers are in. A chart is drawn
      // once it is scrolled to, or once its Export menu is reached.
      await expect(button).toBeEnabled({ timeout: 20_000 });
      await button.hover();
      await expect(chart.locator("svg.recharts-surface")).toBeVisible({ timeout: 20_000 });
      const periodLine = (await page.locator(".period-range").innerText()).trim();
      expect(periodLine).toContain(words.zone);

      // The menu button by keyboard: opens on the first item, arrows wrap, Escape goes back.
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("menuitem", { name: words.csv })).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(page.getByRole("menuitem", { name: words.svg })).toBeFocused();
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: words.png })).toBeFocused();
      for (const [width, scheme] of [
        [1280, "light"],
        [390, "dark"],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const path = testInfo.outputPath(`menu-${String(width)}-${scheme}.png`);
        await chart.screenshot({ path });
        await testInfo.attach(`menu-${String(width)}-${scheme}`, {
          path,
          contentType: "image/png",
        });
        await expectNoAxeViolations(page);
      }
      await page.keyboard.press("Escape");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toBeFocused();

      // Saved in dark mode on a phone's width: the picture is light all the same.
      const svgDownload = await save(page, chart, words.svg);
      const svgName = svgDownload.suggestedFilename();
      expect(svgName).toMatch(
        new RegExp(`^${words.fileStem}_\\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d\\.svg$`),
      );
      await expect(chart.getByRole("status").filter({ hasText: words.saved })).toBeVisible();
      const svg = (await bytes(svgDownload)).toString("utf8");
      await svgDownload.saveAs(testInfo.outputPath("chart-390-dark.svg"));
      expect(
        svg.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"',
        ),
      ).toBe(true);
      expect(svg).toContain(`>${words.title}</text>`);
      expect(svg).toContain(`>${periodLine}</text>`);
      expect(svg).toContain(words.zone);
      expect(svg).toContain('<rect width="100%" height="100%" fill="rgb(255, 255, 255)"/>');
      // Colours resolved: nothing is left to the page's CSS variables.
      expect(svg).not.toContain("var(");
      expect(svg).toContain('fill="rgb(0, 114, 178)"');
      const size = /^<svg[^>]* width="(\d+)" height="(\d+)"/m.exec(svg.split("\n")[1] ?? "");
      const svgWidth = Number(size?.[1]);
      const svgHeight = Number(size?.[2]);
      expect(svgWidth).toBeGreaterThan(300);
      expect(svgWidth).toBeLessThan(420);

      const pngDownload = await save(page, chart, words.png);
      expect(pngDownload.suggestedFilename()).toBe(svgName.replace(/\.svg$/, ".png"));
      const png = await bytes(pngDownload);
      await pngDownload.saveAs(testInfo.outputPath("chart-390-dark.png"));
      expect([...png.subarray(0, 8)]).toEqual(PNG_MAGIC);
      // IHDR: width and height, twice the picture's size.
      expect(png.readUInt32BE(16)).toBe(svgWidth * 2);
      expect(png.readUInt32BE(20)).toBe(svgHeight * 2);

      // Wide and light.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
      const wide = await save(page, chart, words.png);
      await wide.saveAs(testInfo.outputPath("chart-1280-light.png"));
      const widePng = await bytes(wide);
      expect(widePng.readUInt32BE(16)).toBeGreaterThan(900 * 2);
      const wideSvg = await save(page, chart, words.svg);
      await wideSvg.saveAs(testInfo.outputPath("chart-1280-light.svg"));

      // The CSV: the table view's numbers, the language's separator, a BOM.
      const csvDownload = await save(page, chart, words.csv);
      expect(csvDownload.suggestedFilename()).toBe(svgName.replace(/\.svg$/, ".csv"));
      const csv = (await bytes(csvDownload)).toString("utf8").split("\r\n");
      expect(csv[0]).toBe(words.csvHeader);

      // With the table shown there is no picture: the menu says why.
      await chart.getByRole("switch", { name: words.table }).check();
      await chart.getByRole("button", { name: words.exportButton }).click();
      await expect(page.getByRole("menuitem", { name: words.png })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await expect(chart.getByText(words.why)).toBeVisible();
      await expect(page.getByRole("menuitem", { name: words.png })).toHaveAccessibleDescription(
        words.why,
      );
      // The table's rows are the CSV's rows.
      const rows = await chart.locator("table tbody tr").count();
      expect(csv.length).toBe(1 + rows + 1 + 1);
      await page.keyboard.press("Escape");

      expect(errors).toEqual([]);
    });
  });
}
