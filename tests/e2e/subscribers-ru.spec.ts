import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  signInInRussian,
} from "./helpers";

// An administrator who reads Russian: the browser asks for Russian first (issue 14). The
// Telegram channel (1001, Moscow time) is paged, opened and counted; people are added and
// removed on the VK channel (1002), so that subscribers.spec.ts, which counts the Telegram
// channel's subscriptions of the week, is not disturbed when both run at once.
test.use({ locale: "ru-RU" });

const TELEGRAM = 1001;
const VK = 1002;

interface Subscriber {
  id: string;
  vk_user_id?: number;
  subscriptions: { subscription_id: number }[];
}

async function api<T>(
  request: APIRequestContext,
  groupId: number,
  operation: string,
  params: object,
): Promise<T> {
  const response = await request.post(`/api/${operation}`, {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: groupId, ...params },
  });
  expect(response.status(), operation).toBe(200);
  const body = (await response.json()) as T & { success: boolean };
  expect(body.success, operation).toBe(true);
  return body;
}

/**
 * Axe finishes its run in a page of its own: the page under test is brought back to the front
 * afterwards, so that a click on it (a modal dialog's button) is not sent to a background tab.
 */
async function checkAxe(page: Page) {
  await expectNoAxeViolations(page);
  await page.bringToFront();
}

function subscribersTable(page: Page) {
  return page.getByRole("table", { name: "Подписчики" });
}

/** The record ids of the rows on screen, from the "ID записи" column. */
async function recordIds(page: Page): Promise<string[]> {
  const table = subscribersTable(page);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    const column = headers.indexOf("ID записи");
    return [...element.querySelectorAll("tbody tr")].map(
      (row) => row.children[column]?.textContent.trim() ?? "",
    );
  });
}

test.describe("the subscribers pages in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("an administrator pages, opens a person, adds and removes, and counts", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signInInRussian(page, accounts.admin);
    await expect(page).toHaveURL(new RegExp(`/c/${String(TELEGRAM)}$`));

    // The list: columns in Russian, the channel's zone as people say it, pages by cursor.
    await page.getByRole("link", { name: "Подписчики", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Подписчики" })).toBeVisible();
    // The API's own pages (issue 16: the directory is the default once it has read everyone;
    // tests/e2e/directory-list.spec.ts walks that one).
    await page.getByRole("radio", { name: "Напрямую из API" }).click();
    await expect(page).toHaveURL(/source=api/u);
    await expect(page).toHaveTitle(/^Подписчики · Coffee Club \(Telegram\) · Channel Desk$/u);
    const table = subscribersTable(page);
    await expect(table.getByRole("columnheader", { name: "Дата, МСК (UTC+3)" })).toBeVisible();
    await expect(table.getByText("МСК (UTC+3)")).toHaveAttribute("title", "Europe/Moscow");
    await expect(table.getByRole("columnheader", { name: "Telegram ID" })).toBeVisible();
    await expect(page.getByText("Строки 1–20", { exact: true })).toBeVisible();
    await checkAxe(page);
    const pages = [await recordIds(page)];
    for (let step = 0; step < 2; step++) {
      await page.getByRole("button", { name: "Следующая страница" }).click();
      await expect.poll(() => recordIds(page)).not.toEqual(pages.at(-1));
      pages.push(await recordIds(page));
    }
    await expect(page.getByText("Строки 41–60", { exact: true })).toBeVisible();
    expect(new Set(pages.flat()).size).toBe(pages.flat().length);
    await screenshot(page, testInfo, "ru-subscribers-page-3");
    await checkAxe(page);
    await page.getByRole("button", { name: "Предыдущая страница" }).click();
    await expect.poll(() => recordIds(page)).toEqual(pages[1]);

    // One more page as one growing list.
    // The mode lives in the URL: the radio is checked once the navigation has happened.
    await page.getByRole("radio", { name: "Одним списком" }).click();
    await expect(page.getByRole("radio", { name: "Одним списком" })).toBeChecked();
    // Rows near the end of the view bring the next page without a click: read how many came.
    const status = page.locator(".subscribers-status");
    await expect(status).toHaveText(/^Загружено: \d+$/u);
    const loaded = async () => Number((await status.innerText()).replace(/\D/gu, ""));
    const before = await loaded();
    await page.getByRole("button", { name: "Загрузить ещё" }).click();
    await expect.poll(loaded).toBeGreaterThan(before);
    await checkAxe(page);
    // The mode lives in the URL: the radio is checked once the navigation has happened.
    await page.getByRole("radio", { name: "Страницами" }).click();
    await expect(page.getByRole("radio", { name: "Страницами" })).toBeChecked();

    // A person's panel, and back to the same page of the list.
    const person = table.locator("tbody a").first();
    const name = (await person.innerText()).trim().split("\n").at(-1) ?? "";
    await person.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Дата, МСК (UTC+3)")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Группы подписчиков" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Изменить переменные" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "ru-subscriber");
    await checkAxe(page);
    await page.getByRole("link", { name: "К списку подписчиков" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Подписчики" })).toBeVisible();

    // Add two people of the VK channel to a subscription they are not in, remove one.
    const subscriptions = await api<{ items: { subscription_id: number; name: string }[] }>(
      page.request,
      VK,
      "subscriptions/get",
      { count: 100 },
    );
    const target = subscriptions.items.at(-1);
    if (!target) throw new Error("the demo VK channel has no subscription");
    const people = await api<{ items: Subscriber[] }>(page.request, VK, "subscribers/get", {
      count: 100,
    });
    const outsiders = people.items
      .filter(
        (one) =>
          one.vk_user_id !== undefined &&
          !one.subscriptions.some((s) => s.subscription_id === target.subscription_id),
      )
      .slice(0, 2)
      .map((one) => String(one.vk_user_id));
    expect(outsiders).toHaveLength(2);

    await page.goto(`/c/${String(VK)}/subscribers/manage`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Добавление и удаление подписчиков" }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "Добавить" }).check();
    await page.getByLabel("Группа подписчиков").selectOption({ label: target.name });
    await page.getByLabel("ID пользователей").fill(outsiders.join("\n"));
    await checkAxe(page);
    await page.getByRole("button", { name: "Добавить подписчиков" }).click();
    const results = page.getByRole("table", { name: "Результаты" });
    await expect(results.getByRole("row")).toHaveCount(3);
    await expect(results).not.toContainText("Не удалось");
    await expect(page.getByText("Добавлены 2 человека.", { exact: true })).toBeVisible();
    await expect(
      page.getByText(`В группу «${target.name}» добавлены 2 человека.`, { exact: true }),
    ).toBeVisible();
    await screenshot(page, testInfo, "ru-subscribers-added");
    await checkAxe(page);

    await page.getByRole("radio", { name: "Удалить" }).check();
    await page.getByLabel("Группа подписчиков").selectOption({ label: target.name });
    await page.getByLabel("ID пользователей").fill(outsiders[0] ?? "");
    await page.getByRole("button", { name: "Удалить подписчиков" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: `Удалить 1 человека из группы «${target.name}»?`,
    });
    await expect(dialog).toContainText("Этот человек будет удалён из группы");
    await screenshot(page, testInfo, "ru-subscribers-confirm-remove");
    await checkAxe(page);
    await dialog.getByRole("button", { name: "Удалить" }).click();
    await expect(results.getByRole("row")).toHaveCount(2);
    await expect(results).toContainText("Удалён");
    await expect(page.getByText("Удалён 1 человек.", { exact: true })).toBeVisible();
    await checkAxe(page);

    // The count page of the Telegram channel, narrowed by one subscription.
    await page.goto(`/c/${String(TELEGRAM)}/subscribers/count`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Подсчёт подписчиков" }),
    ).toBeVisible();
    const found = page.getByRole("status", { name: "Найдено подписчиков" });
    await expect(found).toHaveText(/^\d[\d\s]*$/u);
    await expect(
      page.getByText("Считаются все подписчики канала, без фильтров.", { exact: true }),
    ).toBeVisible();
    const groups = page.getByRole("group", { name: "Группы подписчиков" });
    const first = groups.getByRole("checkbox").first();
    const group = (await groups.locator("label").first().innerText()).trim().split("\n")[0] ?? "";
    // The filters live in the URL: the box shows its new state once the page has read it back,
    // so click and wait rather than check() (which wants the state at once).
    await first.click();
    await expect(first).toBeChecked();
    await expect(
      page.getByText(`Считаются подписчики, которые состоят в группе «${group}».`, {
        exact: true,
      }),
    ).toBeVisible();
    const active = page.getByRole("radio", { name: "Активные (разрешают сообщения)" });
    await active.click();
    await expect(active).toBeChecked();
    await expect(
      page.getByText(
        `Считаются подписчики, которые активны (разрешают сообщения) и состоят в группе «${group}».`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(found).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
    await screenshot(page, testInfo, "ru-count");
    await checkAxe(page);
    expect(errors).toEqual([]);
  });

  test("the columns menu fits a phone's screen in Russian", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/sign-in");
    await signInInRussian(page, accounts.admin);
    await expect(page).toHaveURL(new RegExp(`/c/${String(TELEGRAM)}$`));
    for (const width of [360, 412]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/c/1001/subscribers");
      await expect(subscribersTable(page)).toBeVisible();
      await page.getByText("Столбцы", { exact: false }).first().click();
      const showAll = page.getByRole("button", { name: "Показать все столбцы" });
      await expect(showAll).toBeVisible();
      // The menu and its last button end inside the screen, and the page does not scroll sideways
      // (the menu was 412 px wide from x = 16 in Russian: the page became 428 px wide).
      const menuRight = await page
        .locator(".subscribers-columns fieldset")
        .evaluate((menu) => menu.getBoundingClientRect().right);
      const buttonRight = await showAll.evaluate((button) => button.getBoundingClientRect().right);
      expect(menuRight, `menu at ${String(width)} px`).toBeLessThanOrEqual(width);
      expect(buttonRight, `button at ${String(width)} px`).toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `at ${String(width)} px`).toBeLessThanOrEqual(0);
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`every subscribers page reads well in Russian in ${scheme}, wide and narrow`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      const accounts = await readAccounts();
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/sign-in");
      await signInInRussian(page, accounts.admin);
      await expect(page).toHaveURL(new RegExp(`/c/${String(TELEGRAM)}$`));

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
        const visits = [
          ["subscribers", "/c/1001/subscribers", subscribersTable(page)],
          ["count", "/c/1001/subscribers/count?lead=active", page.getByText("UTM-источники")],
          ["manage", "/c/1001/subscribers/manage", page.getByLabel("ID пользователей")],
        ] as const;
        for (const [name, path, ready] of visits) {
          await page.goto(path);
          await expect(ready).toBeVisible();
          await page.waitForLoadState("networkidle");
          await screenshot(page, testInfo, `ru-${name}-${String(width)}-${scheme}`);
          await checkAxe(page);
        }
        // A person's panel, reached from the list as a person would.
        await page.goto("/c/1001/subscribers");
        await subscribersTable(page).locator("tbody a").first().click();
        await expect(page.getByRole("link", { name: "К списку подписчиков" })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Переменные" })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await screenshot(page, testInfo, `ru-subscriber-${String(width)}-${scheme}`);
        await checkAxe(page);
      }
      expect(errors).toEqual([]);
    });
  }
});
