import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import {
  expectNoAxeViolations,
  readAccounts,
  screenshot,
  signIn,
  SIGNED_OUT_CHECK,
  stubRemoteImages,
  watchErrors,
} from "./helpers";

// The marketer's question of issue 17: "which campaign brought the most subscribers last month,
// and how does that compare with the month before?", answered from the UTM page and checked
// against the API itself (through the gateway, with the marketer's own session).

const GROUP = 1001;
const ZONE = "Europe/Moscow";

/** The calendar months before the one the demo data ends in, as days in the channel's zone. */
function lastMonths(): { last: [string, string]; before: [string, string] } {
  // The demo data ends at the gateway's start: today in the channel's zone is its last day.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const [year = 0, month = 0] = today.split("-").map(Number);
  const monthDays = (index: number): [string, string] => {
    // `index` counts months from year 0: 12 * year + (month - 1).
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const mm = String(m).padStart(2, "0");
    return [`${String(y)}-${mm}-01`, `${String(y)}-${mm}-${String(lastDay)}`];
  };
  const thisMonth = year * 12 + (month - 1);
  return { last: monthDays(thisMonth - 1), before: monthDays(thisMonth - 2) };
}

/** `2026-10-01` → `01.10.2026 00:00:00` (or the day's last second), the API's wall time. */
function apiDay(day: string, end: boolean): string {
  const [y, m, d] = day.split("-");
  return `${d ?? ""}.${m ?? ""}.${y ?? ""} ${end ? "23:59:59" : "00:00:00"}`;
}

async function api(request: APIRequestContext, method: string, body: Record<string, unknown>) {
  const answer = await request.post(`/api/${method}`, {
    headers: { "X-Channel-Desk": "1" },
    data: { group_id: GROUP, ...body },
  });
  expect(answer.ok()).toBe(true);
  const json = (await answer.json()) as { success: boolean } & Record<string, unknown>;
  expect(json.success).toBe(true);
  return json;
}

interface Count {
  utm_id: number;
  count_subscribe: number;
}

/** Subscribed per campaign: the part of each tag's name before " — ", added up. */
async function subscribedByCampaign(
  request: APIRequestContext,
  [from, to]: [string, string],
  names: Map<number, string>,
): Promise<Map<string, number>> {
  const { items } = (await api(request, "utms/statCount", {
    date_from: apiDay(from, false),
    date_to: apiDay(to, true),
  })) as unknown as { items: Count[] };
  const sums = new Map<string, number>();
  for (const item of items) {
    const name = names.get(item.utm_id) ?? `#${String(item.utm_id)}`;
    const campaign = name.split(" — ")[0] ?? name;
    sums.set(campaign, (sums.get(campaign) ?? 0) + item.count_subscribe);
  }
  return sums;
}

/** axe on the state shown, then pictures in both themes at 1280 px and at 390 px. */
async function checkAndPicture(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `en-${name}-${String(width)}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

const numberText = (value: number) => value.toLocaleString("en-US");

/** "−50%", "+12%", "new", as the page writes a change. */
function changeText(current: number, previous: number): string {
  if (previous === 0) return current > 0 ? "new" : "=";
  if (current === previous) return "=";
  const percent = Math.round(((current - previous) / previous) * 100);
  // Grouped as the page groups it: «+1,114%» (the demo data's growth depends on the day).
  return percent > 0 ? `+${numberText(percent)}%` : `−${numberText(-percent)}%`;
}

test.describe("UTM campaigns as marketing", () => {
  test.beforeEach(async ({ page }) => {
    await stubRemoteImages(page);
    // The download path for the CSV, not Chromium's save picker.
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  });

  test("names last month's leading campaign and its change against the month before, as the API counts", async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const { last, before } = lastMonths();
    const accounts = await readAccounts();
    await page.goto(`/c/${String(GROUP)}/utm?period=${last[0]}..${last[1]}`);
    await signIn(page, accounts.marketing);
    await expect(page.getByRole("heading", { level: 1, name: "UTM" })).toBeVisible();

    // What the API says, asked with the marketer's own session.
    const tags = (await api(page.request, "utms/get", { count: 100 })) as unknown as {
      items: { utm_id: number; name: string }[];
    };
    const names = new Map(tags.items.map((tag) => [tag.utm_id, tag.name]));
    const now = await subscribedByCampaign(page.request, last, names);
    const then = await subscribedByCampaign(page.request, before, names);
    const [leader, leaderCount] = [...now].sort(
      (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
    )[0] ?? ["", 0];
    expect(leaderCount).toBeGreaterThan(0);
    // The demo data makes campaigns worth grouping: several tags each.
    expect(tags.items.filter((tag) => tag.name.startsWith(`${leader} — `)).length).toBeGreaterThan(
      1,
    );
    const leaderBefore = then.get(leader) ?? 0;

    // The page's answer: the leader by subscribed, its figure, and its change.
    const summary = page.getByText(/^\d+ campaigns?, /);
    await expect(summary).toBeVisible({ timeout: 30_000 });
    await expect(summary).toContainText(`Most subscribed: ${leader} (${numberText(leaderCount)}, `);
    const change = changeText(leaderCount, leaderBefore);
    const table = page.getByRole("table", { name: /^Campaigns, .* compared with / });
    const first = table.locator("tbody tr").first();
    await expect(first.getByRole("rowheader")).toHaveText(leader);
    await expect(first.locator("td").nth(1)).toHaveText(numberText(leaderCount));
    await expect(first.locator("td").nth(2).locator("[aria-hidden=true]")).toHaveText(change);
    if (leaderBefore > 0 && leaderCount !== leaderBefore) {
      const percent = `${numberText(Math.abs(Math.round(((leaderCount - leaderBefore) / leaderBefore) * 100)))}%`;
      const words = leaderCount > leaderBefore ? "up" : "down";
      await expect(first.locator("td").nth(2)).toContainText(
        `${words} ${percent} from ${numberText(leaderBefore)}`,
      );
    }
    // The totals: every campaign's subscribed, against every campaign's the month before.
    const total = [...now.values()].reduce((sum, value) => sum + value, 0);
    const totalBefore = [...then.values()].reduce((sum, value) => sum + value, 0);
    const totals = page.getByRole("definition").first();
    await expect(totals.locator(".utm-total-value")).toHaveText(numberText(total));
    // The change, then "was N" beside it.
    await expect(totals.locator("[aria-hidden=true]").first()).toHaveText(
      changeText(total, totalBefore),
    );
    await checkAndPicture(page, testInfo, "utm-campaigns");

    // The CSV of the table as shown, with the comparison columns.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = await readFile(await (await download).path(), "utf8");
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      'Campaign,Tag ids,Subscribed,"Subscribed, previous period","Subscribed, change %",Unsubscribed,"Unsubscribed, previous period","Unsubscribed, change %",Net,"Net, previous period","Net, change %",Unsubscribe rate %,"Unsubscribe rate %, previous period","Unsubscribe rate, change in p.p."',
    );
    expect(lines[1]?.startsWith(`${leader},`)).toBe(true);
    expect(lines[1]?.split(",")[2]).toBe(String(leaderCount));
    expect(lines[1]?.split(",")[3]).toBe(String(leaderBefore));

    // By tag, ranked by unsubscribe rate: the leader is said by that measure.
    await page.getByRole("radio", { name: "By tag" }).click();
    await expect(page).toHaveURL(/by=tag/);
    await page.getByRole("combobox", { name: "Rank by" }).selectOption("rate");
    await expect(page).toHaveURL(/rank=rate/);
    await expect(
      page.getByText(/Highest unsubscribe rate: .+ \(\d+(\.\d)?% of [\d,]+ subscribed\)\./),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: /^UTM tags, / })).toBeVisible();
    await checkAndPicture(page, testInfo, "utm-tags-by-rate");

    // The events list: unsubscriptions only, through the API's filter, newest first.
    const unsubscribed = page.waitForRequest(
      (request) =>
        request.url().endsWith("/api/utms/statSubscribe") &&
        (request.postDataJSON() as { action?: number }).action === 2,
    );
    await page.getByRole("radio", { name: "Unsubscriptions" }).click();
    await unsubscribed;
    const events = page.getByRole("table", { name: "Tagged events" });
    // The rows of every action stay on screen, marked busy, until the filtered ones are drawn:
    // counted at once, the rows could be the old ones. Once it is not busy, every row says so.
    await expect
      .poll(async () => {
        if ((await events.getAttribute("aria-busy")) === "true") return "busy";
        const actions = await events.locator("tbody tr td:nth-child(3)").allTextContents();
        return actions.length > 0 && actions.every((action) => action === "Unsubscribed")
          ? "unsubscriptions only"
          : actions.join(", ");
      })
      .toBe("unsubscriptions only");
    expect(errors).toEqual([]);
  });

  test("makes, renames and deletes a tag, and files it under a campaign", async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const errors = await watchErrors(page, [SIGNED_OUT_CHECK]);
    const accounts = await readAccounts();
    const { last } = lastMonths();
    await page.goto(`/c/${String(GROUP)}/utm?period=${last[0]}..${last[1]}&by=tag`);
    await signIn(page, accounts.marketing);
    await expect(page.getByRole("heading", { level: 1, name: "UTM" })).toBeVisible();
    const name = `Winter sale — Test ${String(Date.now() % 100_000)}`;

    // From the link builder: a new tag, checked by the contract first, then chosen in the form.
    const builder = page.getByRole("region", { name: "Build a link" });
    await builder.getByRole("button", { name: "New tag…" }).click();
    const dialog = page.getByRole("dialog", { name: "New UTM tag" });
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await expect(dialog.getByText("Enter a name")).toBeVisible();
    await checkAndPicture(page, testInfo, "utm-new-tag");
    await dialog.getByRole("textbox", { name: "Tag name" }).fill(name);
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await expect(page.getByText(`Tag “${name}” created.`)).toBeVisible();
    const select = builder.getByRole("combobox", { name: "UTM tag" });
    await expect(select.locator("option:checked")).toHaveText(name);

    // The API has it; the table lists it (no events yet) with its buttons.
    const tags = (await api(page.request, "utms/get", { count: 100 })) as unknown as {
      items: { utm_id: number; name: string }[];
    };
    expect(tags.items.some((tag) => tag.name === name)).toBe(true);
    const table = page.getByRole("table", { name: /^UTM tags, / });
    const mine = table.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(mine.locator("td").first()).toContainText("Winter sale");

    // Renamed: checked by the contract first, then saved.
    const renamed = `${name} (renamed)`;
    await mine.getByRole("button", { name: `Rename ${name}` }).click();
    const rename = page.getByRole("dialog", { name: "Rename the tag" });
    await expect(rename.getByRole("textbox", { name: "Tag name" })).toHaveValue(name);
    await rename.getByRole("textbox", { name: "Tag name" }).fill(" ");
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect(rename.getByText("Enter a name")).toBeVisible();
    await rename.getByRole("textbox", { name: "Tag name" }).fill(renamed);
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText(`Tag renamed to “${renamed}”.`)).toBeVisible();
    const row = table
      .locator("tbody tr")
      .filter({ has: page.getByRole("rowheader", { name: renamed }) });
    await expect(row).toHaveCount(1);

    // Its campaign: stored, then back to the name's suggestion.
    await row.getByRole("button", { name: `Campaign of ${renamed}` }).click();
    const campaign = page.getByRole("dialog", { name: `Campaign of “${renamed}”` });
    await campaign.getByRole("textbox", { name: "Campaign" }).fill("Test campaign");
    await campaign.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Campaign saved.")).toBeVisible();
    await expect(row.locator("td").first()).toHaveText("Test campaign");
    await row.getByRole("button", { name: `Campaign of ${renamed}` }).click();
    await page
      .getByRole("dialog", { name: `Campaign of “${renamed}”` })
      .getByRole("button", { name: "Use the name’s suggestion" })
      .click();
    await expect(row.locator("td").first()).toContainText("(from the name)");

    // Deleted after a confirmation that names it.
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the tag “${renamed}”?` });
    await expect(confirm).toBeVisible();
    await checkAndPicture(page, testInfo, "utm-delete-tag");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`Tag “${renamed}” deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    const after = (await api(page.request, "utms/get", { count: 100 })) as unknown as {
      items: { name: string }[];
    };
    expect(after.items.some((tag) => tag.name === renamed)).toBe(false);
    expect(errors).toEqual([]);
  });
});
