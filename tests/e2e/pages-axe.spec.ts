import { expect, type Page, test } from "@playwright/test";
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

// Issue 14, "Done when": every page, as each role, in both languages, at 1280 and 390 px,
// light and dark, passes axe. One test per role, language and width (they run side by side;
// one test for all of a role's pages at both widths took over 7 minutes on a loaded machine);
// each page is loaded once and checked in both themes without reloading. The pages
// are the ones the role's navigation offers, plus a person's own pages (their record, the person
// view, their variables, a bot for them, a job over them) for the roles that may open people,
// and a new and an existing group's form for those who manage groups.

const WIDTHS = [1280, 390] as const;
const SCHEMES = ["light", "dark"] as const;
const LANGUAGES = {
  en: { browser: "en-US", nav: "Pages", signIn },
  ru: { browser: "ru-RU", nav: "Разделы", signIn: signInInRussian },
} as const;

function viewport(width: number) {
  return { width, height: width === 1280 ? 800 : 844 };
}

/** Waits for the page's heading and for every part that says it is loading to be done. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
}

async function checkBothThemes(page: Page, shot: (name: string) => Promise<void>, name: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(`${name}-${scheme}`);
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A person of the channel, read off the first row of the subscribers list. */
async function somePerson(page: Page): Promise<{ userId: string; recordPath: string }> {
  await page.goto("/c/1001/subscribers");
  await settled(page);
  const row = page.locator("main table tbody tr").first();
  const recordPath = (await row.locator("a").first().getAttribute("href")) ?? "";
  // The columns: the person, then their user id.
  const userId = ((await row.locator("td").nth(1).textContent()) ?? "").trim();
  expect(recordPath).toMatch(/\/c\/1001\/subscribers\/\d+$/u);
  expect(userId).toMatch(/^\d+$/u);
  return { userId, recordPath };
}

/**
 * A job over one person (a variable set), so the page of a job is checked as well: the roles
 * that may open people may run variable jobs. Asked of the gateway as the page would.
 */
async function someJob(page: Page, userId: string): Promise<string> {
  const answer = await page.request.post("/jobs", {
    headers: { "X-Channel-Desk": "1" },
    data: {
      group_id: 1001,
      filters: { tg_user_id: [Number(userId)] },
      action: { kind: "var-set", name: "axe_check", value: "1" },
    },
  });
  expect(answer.ok()).toBe(true);
  const { item } = (await answer.json()) as { item: { job_id: number } };
  return `/c/1001/jobs/${String(item.job_id)}`;
}

/** A group's own page (its form), read off the first row of the groups page. */
async function someGroup(page: Page): Promise<string> {
  await page.goto("/c/1001/groups");
  await settled(page);
  const href = await page.locator("main table tbody tr a").first().getAttribute("href");
  expect(href).toMatch(/\/c\/1001\/groups\/\d+$/u);
  return href ?? "";
}

for (const [language, { browser, nav: navName, signIn: signInAs }] of Object.entries(LANGUAGES)) {
  test.describe(`every page in ${language}`, () => {
    test.use({ locale: browser });

    test(`the sign-in page (${language}) passes axe at both widths in both themes`, async ({
      page,
    }, testInfo) => {
      const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      for (const width of WIDTHS) {
        await page.setViewportSize(viewport(width));
        await checkBothThemes(
          page,
          (name) => screenshot(page, testInfo, name),
          `${language}-sign-in-${String(width)}`,
        );
      }
      expect(errors).toEqual([]);
    });

    for (const role of ["admin", "marketing", "support"] as const) {
      for (const width of WIDTHS) {
        test(`every page of the ${role} role (${language}, ${String(width)} px) passes axe in both themes`, async ({
          page,
        }, testInfo) => {
          test.setTimeout(600_000);
          const accounts = await readAccounts();
          const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
          await stubRemoteImages(page);
          await page.setViewportSize(viewport(width));
          await page.goto("/sign-in");
          await signInAs(page, accounts[role]);
          await expect(page).toHaveURL(/\/c\/1001/u);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          // Every link of the navigation, read off the page (on a phone, behind "Menu").
          const links = page.getByRole("navigation", { name: navName }).locator("a[href]");
          await expect(links.first()).toBeAttached();
          const paths = await links.evaluateAll((found) =>
            found.map((link) => link.getAttribute("href") ?? ""),
          );
          expect(paths.length).toBeGreaterThan(1);
          if (role !== "marketing") {
            const { userId, recordPath } = await somePerson(page);
            paths.push(
              recordPath,
              `/c/1001/people/${userId}`,
              `/c/1001/variables?user=${userId}`,
              `/c/1001/bots?user=${userId}`,
              await someJob(page, userId),
            );
          }
          // The pages reached from the groups page, not from the navigation.
          if (paths.includes("/c/1001/groups")) {
            paths.push("/c/1001/groups/new", await someGroup(page));
          }
          for (const path of paths) {
            await page.goto(path);
            await settled(page);
            const name = path.replaceAll(/[/?=]/gu, "-").replace(/^-/u, "");
            await checkBothThemes(
              page,
              (shot) => screenshot(page, testInfo, shot),
              `${language}-${role}-${name}-${String(width)}`,
            );
          }
          expect(errors).toEqual([]);
        });
      }
    }
  });
}
