import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  signInInRussian,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// An administrator who reads Russian, on the VK channel (1002), whose directory the gateway
// reads at start (3,000 demo people, a few seconds): the status line, the list from the
// directory sorted by name and filtered by a name, and two people added by name, one of them
// a name several people share.
test.use({ locale: "ru-RU" });

const VK = 1002;

interface Brief {
  user_id: number;
  first_name: string;
  last_name: string;
}

async function directoryGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/directory/${String(VK)}/${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function resolve(request: APIRequestContext, line: string) {
  const response = await request.post(`/directory/${String(VK)}/resolve`, {
    headers: { "X-Channel-Desk": "1" },
    data: { lines: [line] },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    results: { outcome: string; user_id: number | null; candidates: Brief[] }[];
  };
  const [first] = body.results;
  if (!first) throw new Error("resolve answered no line");
  return first;
}

/** The directory has finished its first full pass over the channel. */
async function waitForDirectory(request: APIRequestContext) {
  await expect
    .poll(
      async () =>
        (await directoryGet<{ status: { state: string } }>(request, "status")).status.state,
      { timeout: 90_000 },
    )
    .toBe("ready");
}

/** A name one person has, and a name several share, as the directory resolves them. */
async function pickNames(request: APIRequestContext) {
  const list = await directoryGet<{ items: Brief[] }>(
    request,
    "people?sort=name&order=asc&limit=100",
  );
  const names = list.items.map((one) => `${one.first_name} ${one.last_name}`);
  let shared: string | undefined;
  let single: { name: string; userId: number } | undefined;
  for (const name of new Set(names)) {
    if (shared && single) break;
    const answer = await resolve(request, name);
    if (!shared && answer.outcome === "ambiguous" && answer.candidates.length >= 2) shared = name;
    if (!single && answer.outcome === "found" && answer.user_id !== null) {
      single = { name, userId: answer.user_id };
    }
  }
  if (!shared || !single) throw new Error("the demo data has no shared or no single name");
  return { shared, single };
}

function subscribersTable(page: Page) {
  return page.getByRole("table", { name: "Подписчики" });
}

/** The names in the table's person column, as shown. */
async function shownNames(page: Page): Promise<string[]> {
  const table = subscribersTable(page);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  return table.locator(".subscriber-person-name").allInnerTexts();
}

async function checkAxe(page: Page) {
  await expectNoAxeViolations(page);
  await page.bringToFront();
}

test.describe("the directory on the subscribers pages, in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("an administrator sees the status, sorts and filters by name, adds two people by name", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await signInInRussian(page, accounts.admin);
    await expect(page).toHaveURL(/\/c\/1001$/u);
    await waitForDirectory(page.request);
    const { shared, single } = await pickNames(page.request);

    // The status line, and the list drawn from the directory by default once it is complete.
    await page.goto(`/c/${String(VK)}/subscribers`);
    await expect(page.getByRole("heading", { level: 1, name: "Подписчики" })).toBeVisible();
    await expect(page.getByText(/^Справочник: \d[\d\s]* человек[а]?, обновлён /u)).toBeVisible();
    await expect(page.getByRole("button", { name: "Обновить сейчас" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Очистить справочник" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Справочник" })).toBeChecked();
    await expect(page.locator(".subscribers-status")).toHaveText(
      /^Строки 1–20 из \d[\d\s]* · из справочника, обновлён /u,
    );

    // Sorted by name: the names on screen come in the order the language sorts them.
    await page.getByLabel("Порядок").selectOption({ label: "По имени, А–Я" });
    await expect(page).toHaveURL(/order=name-asc/u);
    await expect
      .poll(async () => {
        const names = await shownNames(page);
        return names.length > 1 && names[0] !== names.at(-1);
      })
      .toBe(true);
    await screenshot(page, testInfo, "ru-directory-list-by-name");
    await checkAxe(page);

    // Filtered by a name: the person is there, among far fewer rows (the directory also
    // finds the name's other spelling, "Abramova" finds "Абрамова").
    const total = async () =>
      Number(
        /из ([\d\s]+)/u
          .exec(await page.locator(".subscribers-status").innerText())?.[1]
          ?.replace(/\D/gu, ""),
      );
    const everyone = await total();
    const lastName = single.name.split(" ").at(-1) ?? "";
    await page.getByLabel("Фильтр", { exact: true }).fill(lastName);
    await expect(page).toHaveURL(/q=/u);
    await expect.poll(total).toBeLessThan(everyone);
    await expect(subscribersTable(page)).toContainText(single.name);
    await screenshot(page, testInfo, "ru-directory-list-filtered");
    await checkAxe(page);

    // The API's pages stay one click away.
    // The source lives in the URL: the radio is checked once the navigation has happened.
    await page.getByRole("radio", { name: "Напрямую из API" }).click();
    await expect(page).toHaveURL(/source=api/u);
    await expect(page.getByRole("radio", { name: "Напрямую из API" })).toBeChecked();
    await expect(page.locator(".subscribers-status")).toHaveText("Строки 1–20");

    // Two people by name: one name fits several, so the page asks which.
    const subscriptions = await page.request.post("/api/subscriptions/get", {
      headers: { "X-Channel-Desk": "1" },
      data: { group_id: VK, count: 100 },
    });
    const { items } = (await subscriptions.json()) as { items: { name: string }[] };
    const target = items.at(0);
    if (!target) throw new Error("the demo VK channel has no subscription");
    await page.goto(`/c/${String(VK)}/subscribers/manage`);
    await page.getByRole("radio", { name: "Добавить" }).check();
    await page.getByLabel("Группа подписчиков").selectOption({ label: target.name });
    await page.getByLabel("ID пользователей или имена").fill(`${shared}\n${single.name}`);
    await expect(page.getByText("0 ID, 2 строки для поиска в справочнике")).toBeVisible();
    await page.getByRole("button", { name: "Добавить подписчиков" }).click();

    const check = page.getByRole("region", { name: "Люди для проверки" });
    await expect(check.getByText(`ID пользователя ${String(single.userId)}`)).toBeVisible();
    const choices = check.getByRole("group", { name: new RegExp(`^«${shared}» подходит`, "u") });
    await expect(choices).toBeVisible();
    const send = check.getByRole("button", { name: /^Добавить/u });
    await expect(send).toBeDisabled();
    await screenshot(page, testInfo, "ru-directory-resolve");
    await checkAxe(page);
    await choices.getByRole("radio").nth(1).check();
    await expect(send).toHaveText("Добавить 2 человека");
    await send.click();

    const results = page.getByRole("table", { name: "Результаты" });
    await expect(results.getByRole("row")).toHaveCount(3);
    await expect(results).toContainText(single.name);
    await screenshot(page, testInfo, "ru-directory-added");
    await checkAxe(page);

    // The same pages at 390 px, in the light and the dark.
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/c/${String(VK)}/subscribers?order=name-asc`);
        await expect(page.getByText(/^Справочник: /u)).toBeVisible();
        await expect(subscribersTable(page).locator("tbody tr").first()).toBeVisible();
        await screenshot(page, testInfo, `ru-directory-list-${scheme}-${String(width)}`);
        await checkAxe(page);
        await page.goto(`/c/${String(VK)}/subscribers/manage`);
        await page.getByLabel("ID пользователей или имена").fill(`${shared}\nникто такой-то`);
        await page.getByLabel("Группа подписчиков").selectOption({ label: target.name });
        await page.getByRole("button", { name: "Добавить подписчиков" }).click();
        await expect(
          page.getByText("В справочнике нет никого с таким именем.", { exact: false }),
        ).toBeVisible();
        await screenshot(page, testInfo, `ru-directory-resolve-${scheme}-${String(width)}`);
        await checkAxe(page);
      }
    }
    expect(errors).toEqual([]);
  });
});
