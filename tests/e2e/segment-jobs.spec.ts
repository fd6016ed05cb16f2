import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { join } from "node:path";
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

// Issue 18: an administrator sets a variable for a whole segment from the subscribers page;
// the job runs in the gateway and is followed to its end on the Jobs page; the database of
// the local Channel API then holds the value for every person of the segment, and no one else.

const GROUP = 1002; // the demo's VK channel: the smaller one (a job writes 10 people a second)
const VARIABLE = "e2e_segment_job";
const channelDb = join(import.meta.dirname, "../../test-results/e2e-data/channel-api.sqlite");

/** The page at 1280 and 390 px, checked with axe at both. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await screenshot(page, testInfo, name);
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

function segmentCount(): { people: number; set: number; elsewhere: number } {
  const db = new Database(channelDb, { readonly: true, fileMustExist: true });
  try {
    const people = db
      .prepare("SELECT count(*) AS n FROM subscribers WHERE channel_id = ?")
      .get(GROUP) as { n: number };
    const set = db
      .prepare(
        `SELECT count(*) AS n FROM variables v JOIN subscribers s ON s.id = v.subscriber_id
          WHERE s.channel_id = ? AND v.name = ? AND v.value = 'spring'`,
      )
      .get(GROUP, VARIABLE) as { n: number };
    const elsewhere = db
      .prepare(
        `SELECT count(*) AS n FROM variables v JOIN subscribers s ON s.id = v.subscriber_id
          WHERE s.channel_id <> ? AND v.name = ?`,
      )
      .get(GROUP, VARIABLE) as { n: number };
    return { people: people.n, set: set.n, elsewhere: elsewhere.n };
  } finally {
    db.close();
  }
}

test.describe("jobs on a segment", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("an admin sets a variable for everyone of a channel and sees the job finish", async ({
    page,
  }, testInfo) => {
    test.setTimeout(360_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto(`/c/${String(GROUP)}/subscribers`);
    await signIn(page, accounts.admin);
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();

    await page.getByRole("button", { name: "Act on this segment" }).click();
    await page.getByRole("button", { name: "Set a variable…" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a variable for the segment" });
    await expect(dialog).toBeVisible();
    const { people } = segmentCount();
    const shown = new Intl.NumberFormat("en").format(people);
    await expect(dialog).toContainText(`This will change ${shown} people. It takes about`);
    await dialog.getByRole("button", { name: "Start the job" }).click();
    await expect(dialog.getByRole("alert")).toContainText("A variable name is Latin letters");
    await dialog.getByRole("textbox", { name: "Variable" }).fill(VARIABLE);
    await dialog.getByRole("textbox", { name: "Value" }).fill("spring");
    await lookAt(page, testInfo, "segment-job-confirmation");
    await dialog.getByRole("button", { name: "Start the job" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("link", { name: "Follow it on the Jobs page" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Set the variable ${VARIABLE} to “spring”` }),
    ).toBeVisible();
    await expect(page.getByText("Running", { exact: true })).toBeVisible();
    await lookAt(page, testInfo, "job-running");
    // Polled while it runs: the page follows it to its end without a reload.
    await expect(page.getByText("Finished", { exact: true })).toBeVisible({ timeout: 300_000 });
    const total = new Intl.NumberFormat("en").format(people);
    await expect(page.getByRole("progressbar")).toHaveAttribute(
      "aria-valuetext",
      `${total} of ${total}`,
    );
    await expect(page.getByRole("button", { name: "Retry the failed" })).toHaveCount(0);

    await page.getByRole("link", { name: "All jobs" }).click();
    const row = page.getByRole("row").filter({ hasText: VARIABLE });
    await expect(row).toContainText("Finished");
    await expect(row).toContainText("admin");
    await lookAt(page, testInfo, "jobs-list");

    expect(segmentCount()).toEqual({ people, set: people, elsewhere: 0 });
    expect(errors).toEqual([]);
  });
});

test.describe("jobs on a segment, in Russian", () => {
  test.use({ locale: "ru-RU" });

  test("the confirmation and the Jobs page speak Russian", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    await stubRemoteImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/c/${String(GROUP)}/subscribers`);
    await signInInRussian(page, accounts.admin);
    await page.getByRole("button", { name: "Действие с сегментом" }).click();
    await page.getByRole("button", { name: "Добавить в группу…" }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить сегмент в группу" });
    await expect(dialog).toContainText("Время — примерно");
    await lookAt(page, testInfo, "segment-job-confirmation-ru");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/c/${String(GROUP)}/jobs`);
    await expect(page.getByRole("heading", { level: 1, name: "Задачи" })).toBeVisible();
    await lookAt(page, testInfo, "jobs-list-ru");
  });
});
