import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  signInInRussian,
  perAttempt,
} from "./helpers";

// Support staff's main journey in Russian (issue 14), the browser asking for Russian first:
// find a person by id, set a variable, see it saved, delete it, start a bot; and the page
// that sets a variable for many people. Every state is checked with axe and looked at in both
// widths.
test.use({ locale: "ru-RU" });

const GROUP = 1001;

/** Screenshots at 1280 and 390 px, axe at both, and no sideways scrolling on a phone. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState("networkidle");
  await screenshot(page, testInfo, `${name}-1280`);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await screenshot(page, testInfo, `${name}-390`);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A person of the channel, as the signed-in browser asks for them. */
async function aUserId(page: Page, index: number): Promise<number> {
  const answer = await page.evaluate(
    async ({ group, count }) => {
      const response = await fetch("/api/subscribers/get", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Channel-Desk": "1" },
        body: JSON.stringify({ group_id: group, count }),
      });
      return (await response.json()) as { items: { tg_user_id: number }[] };
    },
    { group: GROUP, count: index + 1 },
  );
  const id = answer.items[index]?.tg_user_id;
  if (id === undefined) throw new Error("the demo channel has too few people");
  return id;
}

function row(page: Page, name: string) {
  return page
    .getByRole("region", { name: "Переменные" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

test.describe("support staff in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`finds a person by id, sets and deletes a variable, starts a bot (${scheme})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/");
      await signInInRussian(page, accounts.support);
      await expect(page).toHaveURL(/\/c\/1001$/);
      const userId = String(await aUserId(page, scheme === "light" ? 1 : 2));

      // Find the person by their id.
      const nav = page.getByRole("navigation", { name: "Разделы" });
      await nav.getByRole("link", { name: "Переменные" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Переменные" })).toBeVisible();
      await expect(page).toHaveTitle("Переменные · Coffee Club (Telegram) · Channel Desk");
      await lookAt(page, testInfo, `ru-${scheme}-variables-find`);
      const find = page.getByRole("search", { name: "Найти человека" });
      await find.getByRole("textbox", { name: "Telegram ID или ссылка на профиль" }).fill(userId);
      await find.getByRole("button", { name: "Открыть" }).click();
      await expect(page).toHaveURL(new RegExp(`/c/1001/variables\\?user=${userId}`));
      // Named from the directory once it has read the person (issue 16), by the id before.
      await expect(page.locator(".variables-person-name")).toBeVisible();
      await expect(page.locator(".variables-person")).toContainText(`Telegram ID ${userId}`);
      await expect(page).toHaveTitle(
        `Переменные пользователя ${userId} · Coffee Club (Telegram) · Channel Desk`,
      );
      const count = page.locator("#variables-list-title");
      await expect(count).toHaveText(/^\d+ переменн(ая|ые|ых)$/u);

      // Set a variable; it is saved (still there after a reload).
      const variable = perAttempt(`e2e_ru_${scheme}`, testInfo);
      await expect(row(page, variable)).toHaveCount(0);
      await page.getByRole("textbox", { name: "Имя", exact: true }).fill(variable);
      await page.getByRole("textbox", { name: "Значение", exact: true }).fill("Привет, мир");
      await page.getByRole("button", { name: "Добавить переменную" }).click();
      await expect(row(page, variable).getByRole("cell").first()).toHaveText("Привет, мир");
      await expect(page.getByText(`Переменная «${variable}» добавлена.`)).toBeAttached();
      await lookAt(page, testInfo, `ru-${scheme}-variables-person`);
      await page.reload();
      await expect(row(page, variable).getByRole("cell").first()).toHaveText("Привет, мир");

      // A name refused at the field, in Russian, before anything is sent.
      await page.getByRole("textbox", { name: "Имя", exact: true }).fill("имя");
      await page.getByRole("button", { name: "Добавить переменную" }).click();
      await expect(page.getByRole("textbox", { name: "Имя", exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(
        page.getByText(/Кириллица: «и», «м», «я»\. В имени могут быть только латинские буквы/u),
      ).toBeVisible();
      await lookAt(page, testInfo, `ru-${scheme}-variables-refused`);
      await page.getByRole("textbox", { name: "Имя", exact: true }).fill("");

      // Delete it, asked first.
      await row(page, variable)
        .getByRole("button", { name: `Удалить «${variable}»` })
        .click();
      const dialog = page.getByRole("alertdialog", { name: `Удалить переменную «${variable}»?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Боты и сообщения, которые её используют");
      await lookAt(page, testInfo, `ru-${scheme}-variables-delete`);
      await dialog.getByRole("button", { name: "Удалить", exact: true }).click();
      await expect(row(page, variable)).toHaveCount(0);
      await expect(page.getByText(`Переменная «${variable}» удалена.`)).toBeAttached();

      // Start a bot for the same person.
      await page.getByRole("link", { name: "Запустить или остановить бота" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Запуск и остановка бота" }),
      ).toBeVisible();
      await expect(page.getByText(`Telegram ID ${userId}`)).toBeVisible();
      const bot = page.getByRole("combobox", { name: "Бот" });
      await expect(bot.locator("option")).not.toHaveCount(1);
      await expect(bot.locator("option").first()).toHaveText("Выберите бота");
      await lookAt(page, testInfo, `ru-${scheme}-bots`);
      await bot.selectOption({ index: 1 });
      const botTitle = (await bot.locator("option:checked").innerText()).replace(/ \(.*\)$/u, "");
      // A run left by an earlier run of this test is restarted, not refused.
      await page.getByRole("checkbox", { name: "Перезапустить, если уже запущен" }).check();
      await page.getByRole("button", { name: "Запустить бота" }).click();
      const outcome = page.locator(".bots-outcome");
      await expect(outcome).toHaveText(
        `Бот «${botTitle}» запущен (или перезапущен) для Telegram ID ${userId} с первого шага.`,
      );
      await lookAt(page, testInfo, `ru-${scheme}-bots-started`);

      // And stop it, asked first, so the person is left as found.
      await page.getByRole("button", { name: "Остановить бота" }).click();
      const stop = page.getByRole("alertdialog", {
        name: `Остановить бота «${botTitle}» для Telegram ID ${userId}?`,
      });
      await expect(stop).toBeVisible();
      await expectNoAxeViolations(page);
      await stop.getByRole("button", { name: "Остановить бота" }).click();
      await expect(outcome).toHaveText(`Бот «${botTitle}» остановлен для Telegram ID ${userId}.`);
      expect(errors).toEqual([]);
    });
  }

  test("the page that sets a variable for many people, in Russian", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signInInRussian(page, accounts.support);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const ids = [String(await aUserId(page, 3)), String(await aUserId(page, 4))];
    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", {
        name: "Задать многим",
      })
      .click();
    const heading = page.getByRole("heading", {
      level: 1,
      name: "Массовая установка переменной",
    });
    await expect(heading).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await lookAt(page, testInfo, `ru-${scheme}-bulk`);
    }

    // The form's own checks, in Russian.
    await page.getByRole("button", { name: "Задать переменную" }).click();
    await expect(page.getByText("Введите имя.", { exact: true })).toBeVisible();
    await expect(page.getByText("Введите хотя бы один ID пользователя")).toBeVisible();
    await lookAt(page, testInfo, "ru-dark-bulk-refused");

    // Two people: asked first, in Russian plurals, then the results.
    await page.getByRole("textbox", { name: "Имя переменной" }).fill("e2e_ru_bulk");
    await page.getByRole("textbox", { name: "Значение" }).fill("да");
    await page.getByRole("textbox", { name: "ID пользователей" }).fill(ids.join("\n"));
    await page.getByRole("button", { name: "Задать переменную" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Задать «e2e_ru_bulk» для 2 человек?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("около 1 секунды");
    await dialog.getByRole("button", { name: "Задать переменную" }).click();
    await expect(
      page.getByText("Переменная «e2e_ru_bulk» со значением «да»: сохранено для 2 человек."),
    ).toBeVisible();
    await page.emulateMedia({ colorScheme: "light" });
    await lookAt(page, testInfo, "ru-light-bulk-results");
    expect(errors).toEqual([]);
  });

  test("Back from a person's card returns to the row of the list they were opened from", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/sign-in");
    await signInInRussian(page, accounts.support);
    await expect(page).toHaveURL(new RegExp(`/c/${String(GROUP)}$`));
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/c/${String(GROUP)}/subscribers`);
    const rows = page.getByRole("table", { name: "Подписчики" }).locator("tbody tr");
    await expect(rows).toHaveCount(20);
    const row = rows.nth(14);
    await row.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await row.getByRole("link").click();
    await expect(page).toHaveURL(/\/subscribers\/\d+$/);
    // A page opened by a link starts at its top…
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // …and Back returns to where the list was left, not to its top.
    await page.goBack();
    await expect(rows).toHaveCount(20);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    expect(errors).toEqual([]);
  });
});
