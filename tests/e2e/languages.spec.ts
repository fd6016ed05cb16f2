import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  signInInRussian,
} from "./helpers";

// A Russian-speaking person: the browser asks for Russian first (issue 14).
test.use({ locale: "ru-RU" });

test.describe("the interface in Russian", () => {
  for (const [role, pages] of [
    ["admin", ["Канал", "Подписчики", "Переменные", "Боты", "Подписки", "Рассылки", "UTM-метки"]],
    ["marketing", ["Канал", "Подписки", "Рассылки", "UTM-метки"]],
    ["support", ["Канал", "Подписчики", "Переменные", "Боты"]],
  ] as const) {
    test(`signs ${role} in, in the browser's language, with the shell in Russian`, async ({
      page,
    }, testInfo) => {
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await stubRemoteImages(page);
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Вход в Channel Desk" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");
      await expect(page).toHaveTitle("Войти · Channel Desk");
      await signInInRussian(page, accounts[role]);
      const nav = page.getByRole("navigation", { name: "Разделы" });
      for (const name of pages) {
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      }
      await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Язык" })).toHaveValue("ru");
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `ru-${role}-channel`);
      expect(errors).toEqual([]);
    });
  }

  test("switches to English and back, and keeps the choice", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/");
    // Its own account: the choice made here is remembered for the account.
    await signInInRussian(page, accounts.switcher);
    await page.getByRole("link", { name: "Подписки" }).click();
    await expect(page.getByText(/^\d.+ 20\d\d, МСК \(UTC\+3\)$/u).first()).toBeVisible();
    await page.getByRole("combobox", { name: "Язык" }).selectOption("en");
    await expect(page.getByText(/^\d.+ 20\d\d, MSK \(UTC\+3\)$/u).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscriptions" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
    await page.getByRole("combobox", { name: "Language" }).selectOption("ru");
    await expect(page.getByRole("radio", { name: "30 дней" })).toBeChecked();
  });

  test("exports a Russian CSV: headers in Russian, ; between cells, a BOM", async ({ page }) => {
    const accounts = await readAccounts();
    await stubRemoteImages(page);
    // As in subscribers.spec.ts: the download path, not Chromium's save picker.
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await page.goto("/");
    await signInInRussian(page, accounts.admin);
    await page.getByRole("link", { name: "Подписчики", exact: true }).click();
    await expect(page.getByRole("combobox", { name: "Разделитель" })).toHaveValue(";");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Выгрузить CSV" }).click();
    const csv = await readFile(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header = ""] = csv.slice(1).split(/\r\n/u);
    expect(header.startsWith("ID записи;ID пользователя;Имя;Фамилия;Статус;Дата")).toBe(true);

    // The comma, chosen once, is remembered.
    await page.getByRole("combobox", { name: "Разделитель" }).selectOption(",");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Разделитель" })).toHaveValue(",");
  });
});
