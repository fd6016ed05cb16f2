import { expect, test } from "@playwright/test";
import {
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  signInInRussian,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// The administrator's main journey of issue 18 in Russian, the browser asking for Russian
// first: a segment built with the filter builder ("в группе … и не прочитал рассылку …"),
// counted, saved as a view shared with the team and pinned, then a variable set for all of it
// by a job followed to its end on the Jobs page. Every text checked here is the Russian one.
test.use({ locale: "ru-RU" });

const GROUP = 1001;

test("an administrator in Russian: segment, saved view, a job on it", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const accounts = await readAccounts();
  const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
  await stubRemoteImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/c/${String(GROUP)}/subscribers`);
  await signInInRussian(page, accounts.admin);
  await expect(page.getByRole("heading", { level: 1, name: "Подписчики" })).toBeVisible();

  // The segment: in the group with the fewest members, and not read the newest mailing.
  const chips = page.getByRole("list", { name: "Фильтры, действуют все сразу" });
  await page.getByRole("button", { name: "Добавить фильтр" }).click();
  let form = page.getByRole("form", { name: "Добавить фильтр" });
  await form.getByLabel("Фильтр", { exact: true }).selectOption({ label: "В группе" });
  await form.getByLabel("Группа").selectOption({ label: "Loyalty club" });
  await form.getByRole("button", { name: "Добавить", exact: true }).click();
  await page.getByRole("button", { name: "Добавить фильтр" }).click();
  form = page.getByRole("form", { name: "Добавить фильтр" });
  await form.getByLabel("Фильтр", { exact: true }).selectOption({ label: "Не прочитал рассылку" });
  await form.getByLabel("Рассылка").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("listitem").first()).toHaveText(/^в группе «Loyalty club»/u);
  await expect(chips.getByRole("listitem").nth(1)).toHaveText(/^не прочитал: «/u);

  await page.getByRole("button", { name: "Посчитать людей" }).click();
  const counted = page.getByText(/^[\d\s\u00a0]+ человека? в этом сегменте$/u);
  await expect(counted).toBeVisible({ timeout: 60_000 });
  const size = Number(((await counted.textContent()) ?? "").replace(/\D/gu, ""));
  expect(size).toBeGreaterThan(0);

  // Saved, shared and pinned: it shows under Subscribers in the navigation.
  await page.getByRole("button", { name: "Сохранить представление…" }).click();
  const save = page.getByRole("dialog", { name: "Сохранить представление" });
  await save.getByLabel("Название представления").fill("Клуб, не прочитали");
  await save.getByLabel("Открыть доступ команде").check();
  await save.getByLabel("Закрепить в меню").check();
  await save.getByRole("button", { name: "Сохранить представление" }).click();
  await expect(save).toBeHidden();
  await expect(
    page.getByRole("list", { name: "Закреплённые представления" }).getByRole("link", {
      name: "Клуб, не прочитали",
    }),
  ).toBeVisible();
  await screenshot(page, testInfo, "admin-ru-segment");

  // A variable for all of it, after a confirmation that says how many people it touches.
  await page.getByRole("button", { name: "Действие с сегментом" }).click();
  await page.getByRole("button", { name: "Задать переменную…" }).click();
  const dialog = page.getByRole("dialog", { name: "Задать переменную сегменту" });
  await expect(dialog).toContainText("Изменения коснутся");
  await dialog.getByRole("textbox", { name: "Переменная" }).fill("e2e_ru_promo");
  await dialog.getByRole("textbox", { name: "Значение" }).fill("вернуть");
  await dialog.getByRole("button", { name: "Запустить задачу" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Следите за ней на странице «Задачи»" }).click();
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Задать переменной e2e_ru_promo значение «вернуть»",
    }),
  ).toBeVisible();
  await expect(page.getByText("Завершена", { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole("columnheader", { name: "Подписчик" })).toBeVisible();
  await screenshot(page, testInfo, "admin-ru-job");

  await page.getByRole("link", { name: "Все задачи" }).click();
  const row = page.getByRole("row").filter({ hasText: "e2e_ru_promo" });
  await expect(row).toContainText("Завершена");
  expect(errors).toEqual([]);
});
