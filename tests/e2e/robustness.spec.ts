import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
  perAttempt,
} from "./helpers";

// Outages and ended sessions lose nothing: the server stops answering (every request of the
// page refused, as by a stopped server) or the session ends on the server while a person has
// typed into a form.

/** A person of the demo Telegram channel, by their user id, read as the signed-in page would. */
async function somePerson(page: Page, index: number): Promise<number> {
  return page.evaluate(async (at) => {
    const response = await fetch("/api/subscribers/get", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ group_id: 1001, count: 20 }),
    });
    const body = (await response.json()) as { items: { tg_user_id: number }[] };
    const person = body.items[at];
    if (!person) throw new Error("no such person in the demo data");
    return person.tg_user_id;
  }, index);
}

/** The variables the server holds for a person, asked beside the page. */
async function storedVariables(page: Page, userId: number): Promise<Record<string, string>> {
  const answer = await page.request.post("/api/vars/get", {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: 1001, tg_user_id: userId },
  });
  const body = (await answer.json()) as { items?: { name: string; value: string }[] };
  return Object.fromEntries((body.items ?? []).map((item) => [item.name, item.value]));
}

/** Every request to the app's own server fails, as when nothing listens on its port. */
async function stopServer(page: Page) {
  const origin = new URL(page.url()).origin;
  await page.route(
    (url) => url.origin === origin,
    (route) => route.abort("connectionrefused"),
  );
  return () => page.unrouteAll({ behavior: "ignoreErrors" }).then(() => stubRemoteImages(page));
}

/** The notice, both themes and widths, checked with axe. */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await screenshot(page, testInfo, `${name}-${scheme}-${String(width)}`);
      await expectNoAxeViolations(page);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const NO_ANSWER = [/ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to fetch/, SIGNED_OUT_CHECK];

test.describe("outages and ended sessions", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("the server stops: one notice, what was typed stays, it recovers by itself", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, NO_ANSWER);
    await page.goto("/sign-in");
    await signIn(page, accounts.support);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const userId = await somePerson(page, 3);
    await page.goto(`/c/1001/variables?user=${String(userId)}`);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    const value = page.getByRole("textbox", { name: "Value", exact: true });
    const draft = perAttempt("outage_draft", testInfo);
    await name.fill(draft);
    await value.fill("typed while the server was away");

    const restart = await stopServer(page);
    await page.getByRole("button", { name: "Add variable" }).click();
    const banner = page.locator(".connection-banner");
    await expect(banner).toContainText("Connection lost — retrying.");
    await expect(banner).toHaveAttribute("role", "status");
    await expect(
      page.getByRole("alert").filter({ hasText: "The server could not be reached." }),
    ).toBeVisible();
    await expect(name).toHaveValue(draft);
    await expect(value).toHaveValue("typed while the server was away");
    await expect(page.locator("body")).not.toContainText(/https?:\/\/|assets\/|TypeError/);
    await lookAt(page, testInfo, "connection-lost");

    await restart();
    await expect(banner).toHaveText("The connection is back.", { timeout: 40_000 });
    await screenshot(page, testInfo, "connection-back");
    await expect(banner).toBeEmpty({ timeout: 10_000 });
    // Nothing was re-sent by itself; what was typed is there to send.
    expect(await storedVariables(page, userId)).not.toHaveProperty(draft);
    await expect(name).toHaveValue(draft);
    await page.getByRole("button", { name: "Add variable" }).click();
    await expect(name).toHaveValue("");
    expect(await storedVariables(page, userId)).toHaveProperty(
      draft,
      "typed while the server was away",
    );
    expect(errors.filter((line) => line.startsWith("CSP"))).toEqual([]);
  });

  test("a page whose code could not be fetched loads by itself when the server is back", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, NO_ANSWER);
    await page.goto("/sign-in");
    await signIn(page, accounts.support);
    await expect(
      page.getByRole("heading", { level: 2, name: "Coffee Club (Telegram)" }),
    ).toBeVisible();

    // The bots page's code (and its stylesheet) has not been fetched yet.
    const restart = await stopServer(page);
    await page.getByRole("link", { name: "Bots", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "This page could not be loaded" }),
    ).toBeVisible();
    await expect(page.locator(".connection-banner")).toContainText("Connection lost — retrying.", {
      timeout: 15_000,
    });
    await expect(page.locator("body")).not.toContainText(
      /https?:\/\/|assets\/|Unable to preload|dynamically imported/,
    );
    await screenshot(page, testInfo, "page-code-missing");
    await expectNoAxeViolations(page);

    await restart();
    await expect(page.getByRole("heading", { level: 1, name: "Start or stop a bot" })).toBeVisible({
      timeout: 40_000,
    });
    await expect(page).toHaveURL(/\/c\/1001\/bots$/);
    expect(errors.filter((line) => line.startsWith("CSP"))).toEqual([]);
  });

  test("the session ends while a person types: sign in again in the dialog, then send", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK, /status of 401/]);
    await page.goto("/sign-in");
    await signIn(page, accounts.support);
    await expect(page).toHaveURL(/\/c\/1001$/);
    const userId = await somePerson(page, 4);
    // The navigation's pinned views are asked for with the page's data (its route's loader):
    // ended before they answer, the session would be found ended by them, before the send below.
    // (The channel page just left asks for them too: only the variables page's request counts.)
    const viewsAsked = page.waitForRequest(
      (request) =>
        request.url().includes("/views/1001") && request.frame().url().includes("/variables"),
    );
    await page.goto(`/c/1001/variables?user=${String(userId)}`);
    expect((await (await viewsAsked).response())?.ok()).toBe(true);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    const value = page.getByRole("textbox", { name: "Value", exact: true });
    const draft = perAttempt("session_draft", testInfo);
    await name.fill(draft);
    await value.fill("typed before the session ended");

    // The session ends on the server (signed out in another tab, or expired).
    const ended = await page.request.post("/auth/logout", { headers: { "X-Channel-Desk": "1" } });
    expect(ended.ok()).toBe(true);

    await page.getByRole("button", { name: "Add variable" }).click();
    const dialog = page.getByRole("dialog", { name: "Your session has ended" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "User name" })).toHaveValue(
      accounts.support.username,
    );
    await expect(dialog.getByLabel("Password")).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/c/1001/variables\\?user=${String(userId)}$`));
    await lookAt(page, testInfo, "sign-in-dialog");

    await dialog.getByLabel("Password").fill(accounts.support.password);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(name).toHaveValue(draft);
    await expect(value).toHaveValue("typed before the session ended");
    await page.getByRole("button", { name: "Add variable" }).click();
    await expect(name).toHaveValue("");
    expect(await storedVariables(page, userId)).toHaveProperty(
      draft,
      "typed before the session ended",
    );
    expect(errors).toEqual([]);
  });

  test("someone else signs in from the dialog through a fresh start of the app", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    await page.goto("/sign-in");
    // The channel page's calls after signing in (the channel, its count, its pinned views)
    // answered before the session ends: one answered 401 after it opens the dialog before the
    // link is clicked. (The load state "networkidle" was reached on /sign-in already, so waiting
    // for it again waits for nothing.)
    const answered = (path: string) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path);
    const pinnedViews = Promise.all([
      answered("/api/groups/get"),
      answered("/api/subscribers/subscribersCount"),
      answered("/views/1001"),
    ]);
    await signIn(page, accounts.support);
    await expect(page.getByText(`Signed in as ${accounts.support.username}`)).toBeVisible();
    await pinnedViews;
    const ended = await page.request.post("/auth/logout", { headers: { "X-Channel-Desk": "1" } });
    expect(ended.ok()).toBe(true);
    await page.getByRole("link", { name: "Count subscribers" }).click();
    const dialog = page.getByRole("dialog", { name: "Your session has ended" });
    await dialog.getByRole("button", { name: "Sign in as someone else" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, accounts.marketing);
    await expect(
      page.getByText(`Signed in as ${accounts.marketing.username}, role Marketing`),
    ).toBeVisible();
  });
});
