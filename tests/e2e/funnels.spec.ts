import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  signInInRussian,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// Issue 17's funnels as a marketer sees them: the deliveries funnel of 90 days checked against
// deliveries/get, the people who did not read one delivery against subscribers/get (and in the
// CSV), then where people drop off in a bot against bots/getSteps.

const GROUP = 1001;

interface Delivery {
  delivery_id: number;
  name: string;
  count_recipients: string;
  count_send: string;
  count_read: string;
  count_transits: string;
  count_unsubscribers: string;
  count_error: string;
}

interface Person {
  id: string;
  first_name: string;
  last_name: string;
}

async function api<T>(
  request: APIRequestContext,
  method: string,
  body: Record<string, unknown>,
): Promise<T> {
  const answer = await request.post(`/api/${method}`, {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: GROUP, ...body },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const json = (await answer.json()) as { success: boolean } & T;
  expect(json.success).toBe(true);
  return json;
}

/** Every person of a filtered subscribers/get, following offset_id. */
async function everyone(request: APIRequestContext, filters: Record<string, unknown>) {
  const people: Person[] = [];
  let cursor = "";
  for (;;) {
    const page = await api<{ offset_id: string; items: Person[] }>(request, "subscribers/get", {
      ...filters,
      count: 100,
      ...(cursor ? { offset_id: cursor } : {}),
    });
    if (page.items.length === 0) return people;
    people.push(...page.items);
    cursor = page.offset_id;
  }
}

const n = (value: number) => value.toLocaleString("en-US");
const name = (person: Person) => `${person.first_name} ${person.last_name}`.trim();

/** axe in light and dark, and pictures at 1280 and 390 px. */
async function checkAndPicture(page: Page, testInfo: TestInfo, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `${label}-${String(width)}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("funnels as marketing", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    // The export takes its download path (a headless test cannot answer the save picker).
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  });

  test("the deliveries funnel adds up deliveries/get, and lists who did not read one", async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const accounts = await readAccounts();
    await page.goto(`/c/${String(GROUP)}/deliveries?period=90d`);
    await signIn(page, accounts.marketing);
    const funnel = page.getByRole("region", { name: "Funnel of mass deliveries" });
    await expect(funnel).toBeVisible();

    // The table lists the period's deliveries newest first; each row's figures are the API's.
    const table = funnel.getByRole("group", { name: "Deliveries of the period, newest first" });
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
    const shown = await table.locator("tbody th[scope=row] button").allInnerTexts();
    expect(shown.length).toBeGreaterThan(1);
    const all = await api<{ items: Delivery[] }>(page.request, "deliveries/get", { count: 100 });
    const listed = shown.map((title) => {
      const found = all.items.find((item) => item.name === title);
      if (!found) throw new Error(`no delivery named ${title}`);
      return found;
    });
    const sum = (key: keyof Delivery) =>
      listed.reduce((total, item) => total + Number(item[key]), 0);
    const totals = funnel.getByRole("list", { name: "Funnel of the period" });
    const stage = (list: typeof totals, key: string) =>
      list.locator(`[data-stage="${key}"] .funnel-stage-value`);
    await expect(stage(totals, "recipients")).toHaveText(n(sum("count_recipients")));
    await expect(stage(totals, "sent")).toHaveText(n(sum("count_send")));
    await expect(stage(totals, "read")).toHaveText(n(sum("count_read")));
    await expect(stage(totals, "clicked")).toHaveText(n(sum("count_transits")));
    await expect(stage(totals, "unsubscribed")).toHaveText(n(sum("count_unsubscribers")));
    await expect(stage(totals, "errors")).toHaveText(n(sum("count_error")));

    // A type filter goes to the API and keeps only deliveries of that type.
    await funnel.getByLabel("Type").selectOption({ label: "Targeted mailing" });
    await expect(page).toHaveURL(/type=once/);
    const once = await api<{ items: Delivery[] }>(page.request, "deliveries/get", {
      count: 100,
      type: ["once"],
    });
    for (const title of await table.locator("tbody th[scope=row] button").allInnerTexts()) {
      expect(once.items.map((item) => item.name)).toContain(title);
    }
    await funnel.getByLabel("Type").selectOption({ label: "All types" });

    // One delivery's funnel: the first done one with people who did not read it.
    const target = listed.find((item) => Number(item.count_send) > Number(item.count_read));
    if (!target) throw new Error("no delivery in the period left anyone unread");
    await table.getByRole("button", { name: target.name, exact: true }).click();
    const detail = page.getByRole("region", { name: `Funnel of “${target.name}”` });
    await expect(detail).toBeVisible();
    const own = detail.getByRole("list", { name: `Funnel of “${target.name}”` });
    await expect(stage(own, "read")).toHaveText(n(Number(target.count_read)));
    const unread = Number(target.count_send) - Number(target.count_read);
    await detail.getByRole("button", { name: `Who did not read (${n(unread)})` }).click();

    // The list is subscribers/get's with ignore_read_delivery_id, names and all.
    const people = await everyone(page.request, {
      ignore_read_delivery_id: [target.delivery_id],
    });
    expect(people.length).toBeGreaterThan(0);
    expect(people.length).toBeLessThanOrEqual(unread);
    const list = page.getByRole("region", { name: `Who did not read “${target.name}”` });
    const rows = list.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    const firstPage = people.slice(0, 50).map(name);
    await expect(rows.locator("td:first-child")).toHaveText(firstPage);

    await checkAndPicture(page, testInfo, "deliveries-funnel");

    // The export holds exactly the API's people.
    const download = page.waitForEvent("download");
    await list.getByRole("button", { name: "Export CSV" }).click();
    const csv = await readFile(await (await download).path(), "utf8");
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines.length - 1).toBe(people.length);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(
      people.map((person) => person.id),
    );
    await expect(list.getByRole("status")).toHaveText(`${n(people.length)} rows exported.`);
    expect(errors).toEqual([]);
  });

  test("the bot funnel shows each step's runs and the drop, as bots/getSteps counts", async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const accounts = await readAccounts();
    await page.goto(`/c/${String(GROUP)}/deliveries`);
    await signIn(page, accounts.marketing);
    await page.getByRole("link", { name: "Bot statistics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bot statistics" })).toBeVisible();

    const bots = await api<{ items: { bot_id: number; title: string }[] }>(
      page.request,
      "bots/get",
      { count: 100 },
    );
    const bot = bots.items[1] ?? bots.items[0];
    if (!bot) throw new Error("the demo channel has no bot");
    await page.getByRole("button", { name: bot.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`bot=${String(bot.bot_id)}`));
    const steps = await api<{ items: { title: string; lead_inc: number }[] }>(
      page.request,
      "bots/getSteps",
      { bot_id: bot.bot_id, count: 100 },
    );
    expect(steps.items.length).toBeGreaterThan(1);
    const chart = page.getByRole("region", { name: `Steps of “${bot.title}”` });
    await expect(chart.getByText(/steps?: the first ran/)).toBeVisible();
    await checkAndPicture(page, testInfo, "bot-funnel");

    await chart.getByRole("switch", { name: "Show as table" }).check();
    const rows = chart.locator("tbody tr");
    await expect(rows).toHaveCount(steps.items.length);
    for (const [i, step] of steps.items.entries()) {
      const row = rows.nth(i);
      await expect(row.locator("th")).toHaveText(`${String(i + 1)}. ${step.title}`);
      await expect(row.locator("td").nth(1)).toHaveText(n(step.lead_inc));
      const before = steps.items[i - 1];
      if (before) {
        const drop = step.lead_inc - before.lead_inc;
        await expect(row.locator("td").nth(2)).toContainText(
          drop > 0 ? `+${n(drop)}` : drop < 0 ? `\u2212${n(-drop)}` : "0",
        );
      }
    }
    await checkAndPicture(page, testInfo, "bot-funnel-table");
    expect(errors).toEqual([]);
  });
});

test.describe("funnels in Russian", () => {
  test.use({ locale: "ru-RU" });

  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("both pages in Russian pass axe and are pictured", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const accounts = await readAccounts();
    await page.goto(`/c/${String(GROUP)}/deliveries?period=90d`);
    await signInInRussian(page, accounts.marketing);
    const funnel = page.getByRole("region", { name: "Воронка массовых рассылок" });
    const table = funnel.getByRole("group", { name: "Рассылки периода, сначала новые" });
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
    await table.locator("tbody th[scope=row] button").first().click();
    await page.getByRole("button", { name: /^Кто не прочитал/ }).click();
    await expect(page.getByRole("region", { name: /^Кто не прочитал «/ })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: /^Кто не прочитал «/ })
        .locator("tbody tr")
        .first(),
    ).toBeVisible();
    await checkAndPicture(page, testInfo, "ru-deliveries-funnel");

    await page.getByRole("link", { name: "Статистика ботов" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Статистика ботов" })).toBeVisible();
    await expect(page.getByText(/запусков первого/)).toBeVisible();
    await checkAndPicture(page, testInfo, "ru-bot-funnel");
    expect(errors).toEqual([]);
  });
});
