import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/channel-api/store/database";
import { createApi } from "../../src/api/api-context";
import { createClient } from "../../src/api/client";
import { apiKeys } from "../../src/api/query-keys";
import { formatApiDateTime } from "../../src/contract/datetime";
import { recentDays } from "../../src/lib/recent-days";
import { pinDate, unpinDate } from "../support/clock";
import { plainSpaces } from "../support/i18n";
import { startGateway, type RunningGateway } from "../support/gateway";
import { seedTestData } from "../support/seed";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { renderApp } from "./render-app";

const TITLE = "Subscriptions in the last 30 days";
const ZONE = "Europe/Moscow";
const PASSWORD = "chart-test-password";
const HOUR = 3600;

/**
 * The small test data set plus `count` subscription events of channel 1001 spread over the
 * last 34 days (so some fall before the chart's 30), every third one an unsubscription.
 */
function seedWithRecentEvents(count: number) {
  return (db: Db) => {
    seedTestData(db);
    const now = Math.floor(Date.now() / 1000);
    const insert = db.prepare(
      `INSERT INTO subscription_events (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
       VALUES (1001, ?, 1, ?, 'widget', NULL, 0, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = now - Math.floor(((i + 0.5) / count) * 34 * 24 * HOUR);
        insert.run((i % 29) + 1, i % 3 === 2 ? 2 : 1, at);
      }
    })();
  };
}

interface Sent {
  operation: string;
  body: Record<string, unknown>;
}

/** The app against a real gateway, signed in as marketing; every call it sends is recorded. */
async function renderLive(gateway: RunningGateway, sent: Sent[]) {
  const login = await fetch(`${gateway.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
    body: JSON.stringify({ username: "mia", password: PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const withCookie: typeof fetch = (input, init) => {
    // The client always fetches by URL string.
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.includes("/api/") && typeof init?.body === "string") {
      sent.push({
        operation: url.slice(url.indexOf("/api/") + 5),
        body: JSON.parse(init.body) as Record<string, unknown>,
      });
    }
    const headers = new Headers(init?.headers);
    headers.set("cookie", cookie);
    return fetch(input, { ...init, headers });
  };
  const config = { baseUrl: gateway.url, timeoutMs: 10_000, fetch: withCookie };
  const { queryClient } = renderApp("/c/1001", createApi(config));
  return { call: createClient(config), queryClient };
}

/** The chart's table, switched on, as numbers: one row per day and the total row. */
async function readTable() {
  const user = userEvent.setup();
  // The first test also waits for the page's own chunk to load.
  const region = await screen.findByRole("region", { name: TITLE }, { timeout: 20_000 });
  await within(region).findByText(/subscribed, net/, undefined, { timeout: 15_000 });
  await user.click(within(region).getByRole("switch", { name: "Show as table" }));
  // The sentence comes with the period's count, before the buckets: the table once they are in.
  const table = await within(region).findByRole("table", undefined, { timeout: 15_000 });
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole("cell")
      .map((cell) => Number(cell.textContent.replaceAll(",", "")));
  const [head, ...rest] = within(table).getAllByRole("row");
  const total = rest.pop();
  if (!head || !total) throw new Error("the table has no header or no total row");
  expect(
    within(head)
      .getAllByRole("columnheader")
      .map((th) => th.textContent),
  ).toEqual(["Day, MSK (UTC+3)", "Subscribed", "Unsubscribed", "Net"]);
  expect(within(total).getByRole("rowheader").textContent).toBe("Total");
  return { days: rest.map(cells), total: cells(total), region };
}

describe("the channel page's 30-day chart, against the live gateway", () => {
  afterEach(() => {
    unpinDate();
  });

  it.each([
    // events in the data set, the way the chart should take, the (pinned) time of the test, and
    // how many of the 30 days are kept for good: a day closes an hour after its end, so from
    // 21:00 to 22:00 UTC (midnight to 1:00 in Moscow) yesterday is still open.
    [400, "page", "2026-11-23T12:00:00Z", 29],
    [3600, "per-bucket", "2026-11-23T12:00:00Z", 29],
    [3600, "per-bucket", "2026-11-23T21:30:00Z", 28],
  ] as const)(
    "with %d recent events, pages or counts per day at %s, and its table adds up to statCount",
    async (events, way, at, closedDays) => {
      pinDate(at);
      const gateway = await startGateway({
        seed: seedWithRecentEvents(events),
        rateLimit: 1000,
        accounts: [{ username: "mia", role: "marketing", channels: [1001], password: PASSWORD }],
      });
      try {
        const sent: Sent[] = [];
        const { call, queryClient } = await renderLive(gateway, sent);
        const { days, total } = await readTable();

        const period = recentDays(30, Date.now(), ZONE);
        const counts = await call(
          "subscribers/statCount",
          { date_from: period.date_from, date_to: period.date_to },
          { groupId: 1001 },
        );
        expect(counts.count_subscribe).toBeGreaterThan(0);
        expect(days).toHaveLength(30);
        const sum = (k: number) => days.reduce((acc, row) => acc + (row[k] ?? 0), 0);
        expect([sum(0), sum(1), sum(2)]).toEqual([
          counts.count_subscribe,
          counts.count_unsubscribe,
          counts.count_subscribe - counts.count_unsubscribe,
        ]);
        expect(total).toEqual([sum(0), sum(1), sum(2)]);
        for (const row of days) expect(row[2]).toBe((row[0] ?? 0) - (row[1] ?? 0));

        // The cheaper way, and no more calls than it needs.
        const pages = Math.ceil((counts.count_subscribe + counts.count_unsubscribe) / 100);
        const eventPages = sent.filter((s) => s.operation === "subscribers/statSubscribe");
        const dayCounts = sent.filter(
          (s) =>
            s.operation === "subscribers/statCount" &&
            String(s.body.date_from).slice(0, 10) === String(s.body.date_to).slice(0, 10),
        );
        if (way === "page") {
          expect(pages).toBeLessThan(30);
          expect(eventPages).toHaveLength(pages);
          expect(dayCounts).toHaveLength(0);
        } else {
          expect(pages).toBeGreaterThanOrEqual(30);
          expect(eventPages).toHaveLength(0);
          expect(dayCounts).toHaveLength(30);
          // The days that closed are kept for good; today's count (and yesterday's, in its
          // first hour) may still grow.
          const kept = queryClient
            .getQueryCache()
            .findAll({ queryKey: apiKeys.operation(1001, "subscribers/statCount") })
            .filter((query) => query.options.gcTime === Infinity);
          expect(kept).toHaveLength(closedDays);
        }
      } finally {
        await gateway.close();
      }
    },
    60_000,
  );
});

describe("the channel page's 30-day chart, when an answer is malformed", () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(async () => {
    await stub.close();
  });
  afterEach(() => {
    stub.requests.length = 0;
    unpinDate();
  });

  it("shows the error with a retry, then the chart's numbers", async () => {
    pinDate("2026-11-23T21:30:00Z");
    const user = userEvent.setup();
    const session = {
      username: "mia",
      role: "marketing",
      channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: ZONE }],
    };
    const recent = formatApiDateTime(Date.now() - 2 * 86_400_000, ZONE);
    const event = (action: number) => ({
      date: recent,
      tg_user_id: 700000001,
      first_name: "A",
      last_name: "B",
      photo: "",
      subscription_id: 1,
      action,
      ignore: 0,
      source: "widget",
      utm_id: 0,
      utm_source: "",
    });
    let malformed = true;
    stub.handle((request, res) => {
      switch (request.url) {
        case "/auth/session":
          return json(res, 200, session);
        case "/api/subscribers/statCount":
          return json(res, 200, { success: true, count_subscribe: 2, count_unsubscribe: 1 });
        case "/api/subscribers/statSubscribe":
          return json(res, 200, {
            success: true,
            items: malformed
              ? [{ ...event(1), date: "yesterday" }]
              : [event(1), event(2), event(1)],
          });
        default:
          return refuse(res, 404, "not in this test");
      }
    });
    renderApp("/c/1001", stub.baseUrl);

    const region = await screen.findByRole("region", { name: TITLE }, { timeout: 20_000 });
    const alert = await within(region).findByRole("alert", undefined, { timeout: 5000 });
    expect(alert.textContent).toContain(`Could not load “${TITLE}”.`);
    expect(alert.textContent).toContain("items[0].date");

    malformed = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await within(region).findByText(/2 subscribed, 1 unsubscribed, net \+1\./);
    expect(within(region).queryByRole("alert")).toBeNull();
    await user.click(within(region).getByRole("switch", { name: "Show as table" }));
    const rows = within(within(region).getByRole("table")).getAllByRole("row");
    expect(rows.at(-1)?.textContent).toBe("Total21+1");
    await waitFor(() => {
      expect(stub.requests.filter((r) => r.url === "/api/subscribers/statSubscribe")).toHaveLength(
        2,
      );
    });
    // Its waits above reach 20 s: the chart's chunk loads first, slow on a busy machine.
  }, 40_000);

  it("says its summary and its table in Russian", async () => {
    pinDate("2026-11-23T21:30:00Z");
    const user = userEvent.setup();
    const session = {
      username: "mia",
      role: "marketing",
      channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: ZONE }],
    };
    // Two days ago in Moscow (22 November), 13:00 there.
    const event = (action: number) => ({
      date: "22.11.2026 13:00:00",
      tg_user_id: 700000001,
      first_name: "A",
      last_name: "B",
      photo: "",
      subscription_id: 1,
      action,
      ignore: 0,
      source: "widget",
      utm_id: 0,
      utm_source: "",
    });
    stub.handle((request, res) => {
      switch (request.url) {
        case "/auth/session":
          return json(res, 200, session);
        case "/api/subscribers/statCount":
          return json(res, 200, { success: true, count_subscribe: 2, count_unsubscribe: 1 });
        case "/api/subscribers/statSubscribe":
          return json(res, 200, { success: true, items: [event(1), event(2), event(1)] });
        default:
          return refuse(res, 404, "not in this test");
      }
    });
    act(() => {
      i18n.activate("ru");
    });
    renderApp("/c/1001", stub.baseUrl);

    const title = "Подписки и отписки за 30 дней";
    const region = await screen.findByRole("region", { name: title }, { timeout: 20_000 });
    // The period's count says the first sentence at once; the busiest day follows the buckets.
    const summary = await within(region).findByText(/Больше всего подписок/, undefined, {
      timeout: 10_000,
    });
    // 30 days to today (24 November in Moscow), written as every period of the product (months
    // in full), the zone as people say it, then the busiest day.
    expect(plainSpaces(summary.textContent)).toBe(
      "26 октября – 24 ноября 2026, МСК (UTC+3): подписок — 2, отписок — 1, прирост — +1. " +
        "Больше всего подписок за день: 2 (22 нояб. 2026).",
    );
    await user.click(within(region).getByRole("switch", { name: "Показать таблицей" }));
    const table = within(region).getByRole("table");
    expect(plainSpaces(table.querySelector("caption")?.textContent ?? "")).toBe(
      `${title} по дням, МСК (UTC+3)`,
    );
    const [head, ...rows] = within(table).getAllByRole("row");
    expect(
      within(head ?? table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["День, МСК (UTC+3)", "Подписались", "Отписались", "Прирост"]);
    expect(rows.at(-1)?.textContent).toBe("Всего21+1");
  }, 40_000);
});
