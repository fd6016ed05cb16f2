import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { join } from "node:path";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  SIGNED_OUT_CHECK,
  signIn,
  signInInRussian,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// Segments (issue 18): an administrator picks "in group X" AND "did not read mailing Y" on the
// Telegram channel (1001) of the demo data, sees the chips and the count, and the rows and the
// count match the local Channel API's database.

const TG = 1001;
const DB = join(import.meta.dirname, "../../test-results/e2e-data/channel-api.sqlite");

interface Expected {
  subscription: { id: number; name: string };
  delivery: { id: number; name: string };
  /** The people of the segment, in record order: their Telegram user ids. */
  userIds: number[];
}

/** A group and a mailing whose segment has a few dozen to a few hundred people. */
function pickSegment(): Expected {
  const db = new Database(DB, { readonly: true, fileMustExist: true });
  try {
    const pairs = db
      .prepare(
        `SELECT m.subscription_id AS sub, r.delivery_id AS del, count(DISTINCT s.id) AS n
           FROM subscribers s
           JOIN memberships m ON m.subscriber_id = s.id
           JOIN delivery_records r ON r.subscriber_id = s.id AND r.delivery_id IS NOT NULL
                                  AND r.error = 0 AND r.is_read = 0
          WHERE s.channel_id = ?
          GROUP BY 1, 2 HAVING n BETWEEN 25 AND 400 ORDER BY n DESC LIMIT 1`,
      )
      .all(TG) as { sub: number; del: number; n: number }[];
    const pair = pairs[0];
    if (!pair) throw new Error("no group and mailing with a segment of a usable size");
    const name = (table: string, id: number) =>
      String(db.prepare(`SELECT name FROM ${table} WHERE id = ?`).pluck().get(id));
    const userIds = db
      .prepare(
        `SELECT s.user_id FROM subscribers s
          WHERE s.channel_id = ?
            AND EXISTS (SELECT 1 FROM memberships m WHERE m.subscriber_id = s.id
                          AND m.subscription_id = ?)
            AND EXISTS (SELECT 1 FROM delivery_records r WHERE r.subscriber_id = s.id
                          AND r.delivery_id = ? AND r.error = 0 AND r.is_read = 0)
          ORDER BY s.id`,
      )
      .pluck()
      .all(TG, pair.sub, pair.del) as number[];
    return {
      subscription: { id: pair.sub, name: name("subscriptions", pair.sub) },
      delivery: { id: pair.del, name: name("deliveries", pair.del) },
      userIds,
    };
  } finally {
    db.close();
  }
}

async function addFilter(page: Page, kind: string, label: string, value: string) {
  await page.getByRole("button", { name: "Add a filter" }).click();
  const form = page.getByRole("form", { name: "Add a filter" });
  await form.getByLabel("Filter").selectOption({ label: kind });
  await form.getByLabel(label).selectOption(value);
  await form.getByRole("button", { name: "Add filter" }).click();
}

/** The user ids the table shows, in its order. */
async function shownUserIds(page: Page): Promise<number[]> {
  const table = page.getByRole("table");
  const header = table.getByRole("columnheader");
  const headers = await header.allInnerTexts();
  const column = headers.findIndex((text) => /user id/i.test(text));
  expect(column, headers.join(" | ")).toBeGreaterThanOrEqual(0);
  const rows = table.locator("tbody tr");
  const cells = await rows.evaluateAll(
    (trs, index) => trs.map((tr) => tr.children[index]?.textContent ?? ""),
    column,
  );
  return cells.map((text) => Number(text.replace(/\D/g, "")));
}

test("an admin filters a group AND an unread mailing; chips, count and rows match the database", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const expected = pickSegment();
  const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
  await stubRemoteImages(page);
  const { admin } = await readAccounts();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/c/${String(TG)}/subscribers?source=api`);
  await signIn(page, admin);
  await expect(page.getByRole("heading", { name: "Subscribers" })).toBeVisible();

  await addFilter(page, "In a group", "Group", String(expected.subscription.id));
  await addFilter(page, "Did not read a mailing", "Mailing", String(expected.delivery.id));

  const chips = page.getByRole("list", { name: "Filters, all of them apply" });
  await expect(chips.getByRole("listitem")).toHaveText([
    `in group “${expected.subscription.name}”`,
    `did not read: “${expected.delivery.name}”`,
  ]);
  await expect(page).toHaveURL(
    new RegExp(
      `subscription_id=${String(expected.subscription.id)}.*read_delivery_id=${String(expected.delivery.id)}|read_delivery_id=${String(expected.delivery.id)}.*subscription_id=${String(expected.subscription.id)}`,
    ),
  );

  await page.getByRole("button", { name: "Count the people" }).click();
  const count = expected.userIds.length;
  await expect(page.getByText(`${count.toLocaleString("en")} people in this segment`)).toBeVisible({
    timeout: 30_000,
  });

  // The first page (20) is the first 20 of the database, in record order.
  await expect(page.getByText(`Rows 1–${String(Math.min(20, count))}`)).toBeVisible();
  expect(await shownUserIds(page)).toEqual(expected.userIds.slice(0, 20));
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "segments-en-1280");

  // Removing a chip keeps the keyboard among the chips; Clear all returns to everyone.
  await chips.getByRole("button", { name: /Remove the filter: in group/ }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /Remove the filter: did not read/ })).toBeFocused();
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add a filter" })).toBeFocused();
  expect(errors).toEqual([]);
});

test.describe("in Russian, dark, on a phone", () => {
  test.use({ locale: "ru-RU", colorScheme: "dark" });

  test("a shared link with one bad value keeps the good filters", async ({ page }, testInfo) => {
    const expected = pickSegment();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await stubRemoteImages(page);
    const { admin } = await readAccounts();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(
      `/c/${String(TG)}/subscribers?subscription_id=${String(expected.subscription.id)}` +
        `&ignore_read_delivery_id=${String(expected.delivery.id)}&bot_id=nonsense` +
        "&date_subscription=2026-13-01..",
    );
    await signInInRussian(page, admin);
    const chips = page.getByRole("list", { name: "Фильтры, действуют все сразу" });
    await expect(chips.getByRole("listitem")).toHaveText([
      `в группе «${expected.subscription.name}»`,
      `не прочитал: «${expected.delivery.name}»`,
    ]);
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "segments-ru-390-dark");
    await page.getByRole("button", { name: "Добавить фильтр" }).click();
    await page
      .getByLabel("Фильтр", { exact: true })
      .selectOption({ label: "Подписался за период" });
    await page.getByLabel("Первый день").fill("2026-10-01");
    await page.getByLabel("Последний день").fill("2026-10-31");
    // Enter in a field sends the form, as a keyboard user would.
    await page.getByLabel("Последний день").press("Enter");
    await expect(chips.getByRole("listitem").nth(2)).toHaveText(
      /подписался с 1 окт\.? 2026( г\.)? по 31 окт\.? 2026/,
    );
    await expect(page).toHaveURL(/date_subscription=2026-10-01\.\.2026-10-31/);
    await screenshot(page, testInfo, "segments-ru-390-dark-dates");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, testInfo, "segments-ru-1280-dark");
    expect(errors).toEqual([]);
  });
});
