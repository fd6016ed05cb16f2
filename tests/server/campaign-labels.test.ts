import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CAMPAIGN_LABEL_MAX,
  CAMPAIGN_LABELS_MAX,
  campaignLabelResponse,
  campaignLabelsResponse,
} from "../../src/contract/campaigns";
import { failureBody } from "../../src/contract/errors";
import { openGatewayDb } from "../../server/gateway/store/database";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";

/**
 * The gateway's campaign labels: who reads and who changes them, what a bad request gets
 * (the failure body with a reason, never a 5xx), and that a label is kept per channel.
 */
const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
];

let gateway: RunningGateway;
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = new Browser(gateway.url);
    if (username !== "nobody") {
      expect((await browser.login(username, PASSWORD)).status).toBe(200);
    }
    browsers.set(username, browser);
  }
  return browser;
}

beforeAll(async () => {
  gateway = await startGateway({ accounts });
});

afterAll(async () => {
  await gateway.close();
});

function expectRefusal(
  answer: { status: number; body: Record<string, unknown>; text: string },
  status: number,
  reason: string,
) {
  expect(answer.status).toBe(status);
  expect(failureBody.safeParse(answer.body).success).toBe(true);
  expect(answer.body).toMatchObject({ success: false, reason });
  expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
}

describe("campaign labels", () => {
  it("marketing stores, reads, replaces and forgets a label; support reads it", async () => {
    const mark = await as("mark");
    const put = await mark.request("PUT", "/campaigns/1001/7", { label: "  Black Friday  " });
    expect(put.status).toBe(200);
    expect(campaignLabelResponse.parse(put.body).item).toEqual({
      utm_id: 7,
      label: "Black Friday",
    });
    await mark.request("PUT", "/campaigns/1001/3", { label: "Bring a friend" });
    await mark.request("PUT", "/campaigns/1001/7", { label: "Black Friday 2026" });

    const sam = await as("sam");
    const read = await sam.request("GET", "/campaigns/1001");
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    expect(campaignLabelsResponse.parse(read.body)).toEqual({
      success: true,
      count: 2,
      items: [
        { utm_id: 3, label: "Bring a friend" },
        { utm_id: 7, label: "Black Friday 2026" },
      ],
    });

    const forgotten = await mark.request("DELETE", "/campaigns/1001/3");
    expect(forgotten.status).toBe(200);
    expect(campaignLabelsResponse.parse(forgotten.body).items).toEqual([
      { utm_id: 7, label: "Black Friday 2026" },
    ]);
    // Forgetting a label that is not kept is no error: the tag simply has none.
    expect((await mark.request("DELETE", "/campaigns/1001/3")).status).toBe(200);
  });

  it("keeps labels per channel", async () => {
    const ada = await as("ada");
    await ada.request("PUT", "/campaigns/1002/7", { label: "Other channel" });
    const first = campaignLabelsResponse.parse((await ada.request("GET", "/campaigns/1001")).body);
    const second = campaignLabelsResponse.parse((await ada.request("GET", "/campaigns/1002")).body);
    expect(first.items.find((item) => item.utm_id === 7)?.label).toBe("Black Friday 2026");
    expect(second.items).toEqual([{ utm_id: 7, label: "Other channel" }]);
  });

  it("accepts a label of exactly the longest length and refuses one longer", async () => {
    const mark = await as("mark");
    const longest = "x".repeat(CAMPAIGN_LABEL_MAX);
    expect((await mark.request("PUT", "/campaigns/1001/9", { label: longest })).status).toBe(200);
    expectRefusal(
      await mark.request("PUT", "/campaigns/1001/9", { label: `${longest}y` }),
      400,
      "campaign-label-invalid",
    );
  });

  it.each([
    ["no body", undefined],
    ["no label", {}],
    ["an empty label", { label: "" }],
    ["a label of spaces", { label: "   " }],
    ["a number", { label: 5 }],
    ["null", { label: null }],
    ["an array body", [1, 2]],
  ])("refuses %s", async (_what, body) => {
    const mark = await as("mark");
    expectRefusal(
      await mark.request("PUT", "/campaigns/1001/9", body),
      400,
      "campaign-label-invalid",
    );
  });

  it.each(["abc", "0", "01", "-5", "1.5", "1e3", "12345678901234567"])(
    "refuses the tag id %s",
    async (utm) => {
      const mark = await as("mark");
      expectRefusal(
        await mark.request("PUT", `/campaigns/1001/${utm}`, { label: "A" }),
        400,
        "utm-id-invalid",
      );
      expectRefusal(await mark.request("DELETE", `/campaigns/1001/${utm}`), 400, "utm-id-invalid");
    },
  );

  it.each(["abc", "0", "-1", "1.5"])("refuses the channel %s", async (group) => {
    const ada = await as("ada");
    expectRefusal(await ada.request("GET", `/campaigns/${group}`), 400, "group-id-invalid");
    expectRefusal(
      await ada.request("PUT", `/campaigns/${group}/1`, { label: "A" }),
      400,
      "group-id-invalid",
    );
  });

  it("refuses a channel that does not exist, or is not the account's", async () => {
    const ada = await as("ada");
    expectRefusal(await ada.request("GET", "/campaigns/4242"), 403, "no-channel-access");
    const mark = await as("mark");
    expectRefusal(await mark.request("GET", "/campaigns/1002"), 403, "no-channel-access");
    expectRefusal(
      await mark.request("PUT", "/campaigns/1002/1", { label: "A" }),
      403,
      "no-channel-access",
    );
  });

  it("lets support read but not change", async () => {
    const sam = await as("sam");
    expectRefusal(
      await sam.request("PUT", "/campaigns/1001/1", { label: "A" }),
      403,
      "role-refused",
    );
    expectRefusal(await sam.request("DELETE", "/campaigns/1001/7"), 403, "role-refused");
  });

  it("needs a session, and the CSRF header to change", async () => {
    const nobody = await as("nobody");
    expectRefusal(await nobody.request("GET", "/campaigns/1001"), 401, "session-ended");
    expectRefusal(
      await nobody.request("PUT", "/campaigns/1001/1", { label: "A" }, {}),
      403,
      "csrf-header-missing",
    );
    const mark = await as("mark");
    expectRefusal(
      await mark.request("PUT", "/campaigns/1001/1", { label: "A" }, {}),
      403,
      "csrf-header-missing",
    );
  });

  it("refuses a new label once the channel keeps as many as it may, but still changes a kept one", async () => {
    gateway.db.prepare("DELETE FROM campaign_labels WHERE group_id = 1002").run();
    const insert = gateway.db.prepare(
      "INSERT INTO campaign_labels (group_id, utm_id, label, updated_at, updated_by) VALUES (1002, ?, 'L', 0, 'ada')",
    );
    gateway.db.transaction(() => {
      for (let i = 1; i <= CAMPAIGN_LABELS_MAX; i++) insert.run(i);
    })();
    const ada = await as("ada");
    expectRefusal(
      await ada.request("PUT", `/campaigns/1002/${String(CAMPAIGN_LABELS_MAX + 5)}`, {
        label: "A",
      }),
      409,
      "campaign-labels-full",
    );
    expect((await ada.request("PUT", "/campaigns/1002/1", { label: "Kept" })).status).toBe(200);
  });
});

describe("the campaign labels' migration", () => {
  it("adds the table to a gateway database of version 3, keeping its accounts", () => {
    const dir = mkdtempSync(join(tmpdir(), "campaign-migration-"));
    try {
      const path = join(dir, "gateway.db");
      const first = openGatewayDb(path);
      // Back to version 3: without the campaign labels (4), the directory's Russian name
      // order (5), which is read again after this migration, the saved views (6) and the
      // jobs (7).
      first.exec(`
        DROP TABLE job_people;
        DROP TABLE jobs;
        DROP TABLE saved_view_pins;
        DROP TABLE saved_views;
        DROP TABLE campaign_labels;
        DROP INDEX directory_people_by_name_ru;
        ALTER TABLE directory_people DROP COLUMN sort_name_ru;
        PRAGMA user_version = 3;
      `);
      first
        .prepare(
          "INSERT INTO accounts (username, role, channels, password_hash, created_at, password_changed_at) VALUES ('ann', 'admin', '[]', 'x', 1, 1)",
        )
        .run();
      first.close();
      const db = openGatewayDb(path);
      try {
        expect(db.pragma("user_version", { simple: true })).toBe(7);
        expect(db.prepare("SELECT count(*) AS n FROM campaign_labels").get()).toEqual({ n: 0 });
        expect(db.prepare("SELECT count(*) AS n FROM saved_views").get()).toEqual({ n: 0 });
        expect(db.prepare("SELECT username FROM accounts").all()).toEqual([{ username: "ann" }]);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
