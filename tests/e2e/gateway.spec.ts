import { expect, test } from "@playwright/test";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// These run against `npm start` itself (tests/support/start-e2e.mjs): the gateway with the
// local Channel API on demo data, the admin account of the first start, and two staff accounts.

test.describe("the gateway", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
  });

  test("the admin signs in with the printed password and sees the channel", async ({
    page,
  }, testInfo) => {
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, accounts.admin);

    await expect(page).toHaveURL(/\/c\/1001$/);
    await expect(
      page.getByRole("heading", { level: 2, name: "Coffee Club (Telegram)" }),
    ).toBeVisible();
    await expect(page.getByText("Telegram", { exact: true }).first()).toBeVisible();
    await screenshot(page, testInfo, "channel-admin");
    await expectNoAxeViolations(page);

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, testInfo, "channel-admin-dark");
    await expectNoAxeViolations(page);

    // The other channel, through the switcher.
    await page.locator(".channel-switcher summary").click();
    await page.getByRole("link", { name: /Coffee Club \(VK\)/ }).click();
    await expect(page).toHaveURL(/\/c\/1002$/);
    await expect(page.getByRole("heading", { level: 2, name: "Coffee Club (VK)" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a wrong password is refused with a message, and nothing else happens", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/sign-in");
    await signIn(page, { username: accounts.support.username, password: "not-the-password" });
    await expect(page.getByRole("alert")).toContainText(/user name or password/i);
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a marketing account cannot call what its role does not allow, whatever it sends", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    await page.goto("/sign-in");
    await signIn(page, accounts.marketing);
    await expect(
      page.getByRole("heading", { level: 2, name: "Coffee Club (Telegram)" }),
    ).toBeVisible();
    await expect(page.getByText("Signed in as mia, role Marketing")).toBeVisible();

    const attempt = await page.evaluate(async () => {
      const send = async (headers: Record<string, string>) => {
        const response = await fetch("/api/vars/set", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify({ group_id: 1001, tg_user_id: 1, name: "x", value: "y" }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      return {
        withHeader: await send({ "X-Channel-Desk": "1" }),
        withoutHeader: await send({}),
      };
    });
    expect(attempt.withHeader.status).toBe(403);
    expect(attempt.withHeader.body).toMatchObject({ success: false });
    expect(attempt.withoutHeader.status).toBe(403);
    expect(attempt.withoutHeader.body).toMatchObject({ success: false });

    // What the role may call goes through.
    const allowed = await page.evaluate(async () => {
      const response = await fetch("/api/subscribers/subscribersCount", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Channel-Desk": "1" },
        body: JSON.stringify({ group_id: 1001 }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ success: true });
  });

  test("when the session ends, the next call asks to sign in again over the page it leads to", async ({
    page,
  }) => {
    const accounts = await readAccounts();
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK, /status of 401/]);
    // Nobody signed in: the sign-in page, and back to the page asked for.
    await page.goto("/c/1001");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fc%2F1001$/);
    // The navigation's pinned views are asked for with the page's data (its route's loader):
    // ended before they answer, the session would be found ended by them, before the switch
    // below.
    const viewsLoaded = page.waitForResponse((answer) => answer.url().includes("/views/1001"));
    await signIn(page, accounts.support);
    await expect(page).toHaveURL(/\/c\/1001$/);
    await expect(
      page.getByRole("heading", { level: 2, name: "Coffee Club (Telegram)" }),
    ).toBeVisible();
    await viewsLoaded;

    // The session ends elsewhere (signed out in another tab, or expired on the server).
    const ended = await page.request.post("/auth/logout", { headers: { "X-Channel-Desk": "1" } });
    expect(ended.ok()).toBe(true);

    await page.locator(".channel-switcher summary").click();
    await page.getByRole("link", { name: /Coffee Club \(VK\)/ }).click();
    const dialog = page.getByRole("dialog", { name: "Your session has ended" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/c\/1002$/);
    await dialog.getByLabel("Password").fill(accounts.support.password);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/c\/1002$/);
    await expect(page.getByRole("heading", { level: 2, name: "Coffee Club (VK)" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("signing out ends the session on the server", async ({ page }) => {
    const accounts = await readAccounts();
    await page.goto("/sign-in");
    await signIn(page, accounts.marketing);
    await expect(
      page.getByRole("heading", { level: 2, name: "Coffee Club (Telegram)" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    // The form shows once the session has ended.
    await expect(page.getByLabel("User name")).toBeVisible();
    const session = await page.request.get("/auth/session");
    expect(session.status()).toBe(401);
  });

  test("the built files hold no access token", async () => {
    const dist = join(import.meta.dirname, "../../dist");
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else files.push(path);
      }
    };
    await walk(dist);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      expect(text, file).not.toMatch(/demo-(tg|vk)-token|access_token=/);
    }
  });

  test("every answer carries the security headers", async ({ request }) => {
    for (const path of ["/", "/sign-in", "/auth/session"]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("default-src 'self'");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBeTruthy();
    }
  });
});
