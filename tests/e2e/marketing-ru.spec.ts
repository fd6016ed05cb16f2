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

// A Russian-speaking marketer's hour (issue 14): the browser asks for Russian first, so the
// sign-in page, the UTM page and the deliveries page are in Russian, numbers are "3 500", the
// zone is "МСК (UTC+3)", and the CSV opens in a Russian Excel (";" and a BOM).
test.use({ locale: "ru-RU" });

const GROUP = 1001;

async function signInAsMarketer(page: Page, path: string) {
  const accounts = await readAccounts();
  await page.goto(path);
  await signInInRussian(page, accounts.marketing);
}

/** axe on the state shown, then pictures in both themes at 1280 px and at 390 px. */
async function checkAndPicture(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `ru-${name}-${String(width)}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("the marketer's journey in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("UTM: a period, the chart as a table, a link made and copied", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(300_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await signInAsMarketer(page, `/c/${String(GROUP)}/utm`);
    await expect(page.getByRole("heading", { level: 1, name: "UTM-метки" })).toBeVisible();
    await expect(page).toHaveTitle(/^UTM-метки · .+ · Channel Desk$/);

    // A period: 90 days, said as one range of days with the zone as people say it (a no-break
    // space before each dash keeps it from starting a line).
    // The choice goes through the URL: click, then see it chosen (check() would not wait).
    await page.getByRole("radio", { name: "90 дней" }).click();
    await expect(page).toHaveURL(/period=90d/);
    await expect(page.getByRole("radio", { name: "90 дней" })).toBeChecked();
    // Figures by campaign, each against the period before (issue 17).
    const summary = page.getByText(/^\d+ кампани(я|и|й), .+ 20\d\d, МСК \(UTC\+3\): подписок\s—\s/);
    await expect(summary).toBeVisible({ timeout: 30_000 });
    await expect(summary).toHaveText(
      /подписок\s—\s[\d\s]+ \(.+; прошлый период\s—\s.+\), отписок\s—\s[\d\s]+\./,
    );
    await expect(summary).toHaveText(/Больше всего подписок: .+ \([\d\s]+, /);
    await checkAndPicture(page, testInfo, "utm-chart");

    // The same numbers as a table, with Russian headers and a total.
    await page.getByRole("switch", { name: "Показать таблицей" }).check();
    const table = page.getByRole("table", { name: /^Подписки по кампаниям, / });
    await expect(table).toBeVisible();
    // Compared with the period before (the page's default): each figure, its value then and
    // the change.
    await expect(table.getByRole("columnheader")).toHaveText([
      "Кампания",
      "Подписались",
      "Подписались, для сравнения",
      "Подписались, изменение",
      "Отписались",
      "Отписались, для сравнения",
      "Отписались, изменение",
    ]);
    await expect(table.getByRole("rowheader", { name: "Всего" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The tagged events: dates in the product's format, the zone's IANA name on hover.
    const events = page.getByRole("table", { name: "События по UTM-меткам" });
    await expect(events.locator("tbody tr").first()).toBeVisible();
    await expect(events.getByTitle("Europe/Moscow")).toHaveText("Дата, МСК (UTC+3)");
    await expect(events.locator("tbody tr td").first()).toHaveText(
      /^\d{1,2} [а-я]+\.? \d{4}, \d\d:\d\d:\d\d$/,
    );

    // A link: the form's own words first, then the link, copied.
    await page.getByRole("button", { name: "Создать ссылку" }).click();
    await expect(page.getByText("Выберите UTM-метку.")).toBeVisible();
    await expect(page.getByText("Выберите группу подписчиков.")).toBeVisible();
    const tag = page.getByRole("combobox", { name: "UTM-метка" });
    await expect(tag.locator("option")).not.toHaveCount(1);
    await tag.selectOption({ index: 1 });
    await expect(page.getByRole("combobox", { name: "Группа подписчиков" })).not.toHaveValue("");
    await page.getByRole("checkbox", { name: /Подписывать по переходу/ }).check();
    await page.getByRole("button", { name: "Создать ссылку" }).click();
    const field = page.getByRole("textbox", { name: "Ссылка" });
    await expect(field).toHaveValue(/^https:\/\/t\.me\/.+start=s\d+_u\d+_f$/);
    const link = await field.inputValue();
    await page.getByRole("button", { name: "Скопировать ссылку" }).click();
    await expect(page.getByText("Скопировано.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByRole("img", { name: `QR-код ссылки ${link}` })).toBeVisible();
    const recent = page.getByRole("region", { name: "Последние ссылки" });
    await expect(recent.getByText(link, { exact: true })).toBeVisible();
    await expect(
      recent.getByText(/, подписка по переходу · \d{1,2} [а-я]+\.? \d{4}, \d\d:\d\d$/),
    ).toBeVisible();
    await checkAndPicture(page, testInfo, "utm-link");
    expect(errors).toEqual([]);
  });

  test("deliveries: the count, a filter, and a Russian CSV", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    // The download path, not Chromium's save picker (as in languages.spec.ts).
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await signInAsMarketer(page, `/c/${String(GROUP)}/deliveries`);
    await expect(page.getByRole("heading", { level: 1, name: "Рассылки" })).toBeVisible();

    // Thousands with a space, never a comma; the chart says what it counted, in Russian.
    await expect(page.getByTestId("deliveries-count")).toHaveText(/^\d{1,3}(\s\d{3})*$/);
    // The chart below the funnel and the filters is drawn once it is scrolled to.
    await page.locator(".deliveries-chart").scrollIntoViewIfNeeded();
    await expect(
      page.getByText(/^\d[\d\s]* сообщени(е|я|й) за период: отправлено\s—\s[\d\s]+, не доставлено/),
    ).toBeVisible({ timeout: 60_000 });
    const records = page.getByRole("table", { name: "Сообщения рассылок" });
    await expect(records.locator("tbody tr").first()).toBeVisible();
    await expect(records.getByTitle("Europe/Moscow")).toHaveText("Дата, МСК (UTC+3)");
    await checkAndPicture(page, testInfo, "deliveries");

    // A filter: the mass delivery of a record on screen (one that has records in the period).
    const massRecord = records.locator("tbody tr").filter({ hasText: "Массовая рассылка" }).first();
    const chosen = await massRecord.locator(".deliveries-source").innerText();
    await page.getByRole("combobox", { name: "Массовая рассылка" }).selectOption({ label: chosen });
    await page.getByRole("button", { name: "Применить фильтры" }).click();
    await expect(page).toHaveURL(/delivery=\d+/);
    await expect(page.getByText("Сообщений по фильтрам")).toBeVisible();
    await expect(page.getByRole("button", { name: "Сбросить фильтры" })).toBeVisible();
    await expect(records.locator("tbody tr").first()).toContainText(chosen);
    await expect(records.locator("tbody tr").first()).toContainText("Массовая рассылка");
    await checkAndPicture(page, testInfo, "deliveries-filtered");

    // The CSV: ";" between cells, a BOM, headers in Russian, the delivery's records only.
    await expect(page.getByRole("combobox", { name: "Разделитель" })).toHaveValue(";");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Выгрузить CSV" }).click();
    const csv = await readFile(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header = "", first = ""] = csv.slice(1).split(/\r\n/u);
    expect(
      header.startsWith("Дата, МСК (UTC+3);ID пользователя;Имя;Тип;ID рассылки;Рассылка"),
    ).toBe(true);
    expect(first.split(";")[3]).toBe("Массовая рассылка");
    await expect(page.getByText(/^Выгружен/)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
