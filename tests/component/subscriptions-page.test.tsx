import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { plainSpaces } from "../support/i18n";
import { startLiveApp, type LiveApp } from "./live-app";
import { formatSigned } from "../../src/lib/format";

const FIRST_LOAD = { timeout: 15_000 };
const WAIT = { timeout: 8000 };
/** The seed's events all fall in this range (tests/support/seed.ts, NOW is 15 March 2026). */
const PERIOD = "2025-12-01..2026-03-15";
const PAGE = `/c/1001/subscriptions?period=${PERIOD}`;

/** The events of the Telegram channel in the period, counted from the database itself. */
function seedCounts(live: LiveApp, subscription?: number) {
  const from = Date.UTC(2025, 10, 30, 21) / 1000;
  const to = Date.UTC(2026, 2, 15, 21) / 1000 - 1;
  const rows = live.db
    .prepare(
      `SELECT action, count(*) AS n FROM subscription_events
        WHERE channel_id = 1001 AND at BETWEEN ? AND ? ${subscription ? "AND subscription_id = ?" : ""}
        GROUP BY action`,
    )
    .all(...[from, to, ...(subscription ? [subscription] : [])]) as { action: number; n: number }[];
  const of = (action: number) => rows.find((row) => row.action === action)?.n ?? 0;
  return { subscribed: of(1), unsubscribed: of(2) };
}

function figure(label: string) {
  const term = screen.getAllByRole("term").find((element) => element.textContent === label);
  // The figure itself, without its change against the period before beside it.
  const value = term?.nextElementSibling?.querySelector(".subscriptions-figure-value");
  return value?.textContent ?? "";
}

describe("the subscriptions page against the local Channel API", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows totals, chart and events that agree, and filters them by subscription", async () => {
    const user = userEvent.setup();
    const { router } = await live.render(PAGE, "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Subscriptions" }, FIRST_LOAD),
    ).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Custom range" })).toHaveProperty("checked", true);
    const all = seedCounts(live);
    expect(all.subscribed).toBeGreaterThan(0);
    await waitFor(() => {
      expect(figure("Subscribed")).toBe(String(all.subscribed));
    }, WAIT);
    expect(figure("Unsubscribed")).toBe(String(all.unsubscribed));

    // The chart's table adds up to the same totals.
    const chart = screen.getByRole("region", { name: "Subscribed and unsubscribed" });
    await user.click(await within(chart).findByRole("switch", { name: "Show as table" }, WAIT));
    const total = within(chart).getByRole("row", { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      String(all.subscribed),
      String(all.unsubscribed),
      formatSigned(all.subscribed - all.unsubscribed, "en"),
    ]);

    // Every event is a row, 25 a page, with the person's name and id from statSubscribe itself.
    const events = await screen.findByRole("table", { name: "Subscription events, page 1" }, WAIT);
    const eventCount = all.subscribed + all.unsubscribed;
    expect(eventCount).toBeGreaterThan(25); // so that the table has a second page
    await waitFor(() => {
      expect(within(events).getAllByRole("row")).toHaveLength(1 + 25);
    }, WAIT);
    expect(screen.getByText(`Page 1 of ${String(Math.ceil(eventCount / 25))}`)).toBeTruthy();
    expect(within(events).getAllByText(/^ID 7000000\d\d$/).length).toBeGreaterThan(0);
    expect(within(events).getAllByText("Blocked")).toHaveLength(2); // header + person 7
    // The zone as people say it, its IANA name on hover; dates in the app's one format.
    const dateHeader = within(events).getByRole("columnheader", { name: "Date, MSK (UTC+3)" });
    expect(dateHeader.getAttribute("title")).toBe("Europe/Moscow");
    const firstDate = events.querySelector("tbody .col-date")?.textContent ?? "";
    expect(firstDate).toMatch(/^\d{1,2} [A-Z][a-z]{2} 202[56], \d\d:\d\d:\d\d$/);
    // The next page holds the next 25 of the same page of the API: none asked for again.
    const firstRows = within(events)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    const fetches = vi.spyOn(globalThis, "fetch");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    const second = await screen.findByRole("table", { name: "Subscription events, page 2" }, WAIT);
    const secondRows = within(second)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(secondRows).toHaveLength(Math.min(25, eventCount - 25));
    expect(secondRows.filter((row) => firstRows.includes(row))).toEqual([]);
    const asked = () =>
      fetches.mock.calls
        .map(([input]) => (input instanceof Request ? input.url : input.toString()))
        .filter((url) => url.includes("statSubscribe"));
    expect(asked()).toEqual([]);

    const offers = seedCounts(live, 2);
    await user.selectOptions(
      await screen.findByLabelText("Subscription"),
      await screen.findByRole("option", { name: "Offers" }, WAIT),
    );
    expect(router.state.location.search).toContain("sub=2");
    expect(router.state.location.search).toContain(`period=${PERIOD}`);
    await waitFor(() => {
      expect(figure("Subscribed")).toBe(String(offers.subscribed));
    }, WAIT);
    await waitFor(() => {
      const rows = within(
        screen.getByRole("table", { name: "Subscription events, page 1" }),
      ).getAllByRole("row");
      expect(rows).toHaveLength(1 + Math.min(25, offers.subscribed + offers.unsubscribed));
    }, WAIT);
    // The filter's events were asked for (the spy above sees the app's calls).
    expect(asked().length).toBeGreaterThan(0);
    fetches.mockRestore();
  });

  it("says so when a period has no events", async () => {
    await live.render("/c/1001/subscriptions?period=2024-01-01..2024-01-31", "marketing");
    expect(
      await screen.findByText("No one subscribed or unsubscribed in this period.", {}, FIRST_LOAD),
    ).toBeTruthy();
    expect(figure("Net")).toBe("0");
  });

  it("reads in Russian: totals, the chart, the events' headers and dates", async () => {
    act(() => {
      i18n.activate("ru");
    });
    await live.render(PAGE, "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Подписки" }, FIRST_LOAD),
    ).toBeTruthy();
    expect(document.title).toBe("Подписки · Test Telegram · Channel Desk");
    const all = seedCounts(live);
    await waitFor(() => {
      expect(figure("Подписались")).toBe(String(all.subscribed));
    }, WAIT);
    expect(figure("Прирост")).toMatch(/^[+−-]?\d+$/);
    expect(
      plainSpaces(screen.getByRole("heading", { level: 2, name: /^Итоги за / }).textContent),
    ).toBe(
      "Итоги за 1 декабря 2025 – 15 марта 2026 по сравнению с периодом 18 августа – 30 ноября 2025",
    );
    const chart = screen.getByRole("region", { name: "Подписки и отписки" });
    expect(await within(chart).findByText(/подписок — \d+, отписок — \d+/, {}, WAIT)).toBeTruthy();

    const events = await screen.findByRole("table", { name: "События, страница 1" }, WAIT);
    expect(
      within(events)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Дата, МСК (UTC+3)",
      "Подписчик",
      "Действие",
      "Группа подписчиков",
      "Источник",
      "UTM-метка",
      "Блокировка",
    ]);
    await waitFor(() => {
      expect(events.querySelector("tbody .col-date")?.textContent).toMatch(
        /^\d{1,2} [а-я]{3,4}\.? 202[56], \d\d:\d\d:\d\d$/u,
      );
    }, WAIT);
    expect(within(events).getAllByText("Заблокирован")).toHaveLength(1);
    expect(screen.getByRole("button", { name: /Выгрузить CSV/ })).toBeTruthy();
  });

  it("says in Russian that a period has no events", async () => {
    act(() => {
      i18n.activate("ru");
    });
    await live.render("/c/1001/subscriptions?period=2024-01-01..2024-01-31", "marketing");
    expect(
      await screen.findByText("За этот период никто не подписался и не отписался.", {}, FIRST_LOAD),
    ).toBeTruthy();
    expect(figure("Прирост")).toBe("0");
  });

  it("is not offered to support staff", async () => {
    await live.render("/c/1001", "support");
    await screen.findByRole("navigation", { name: "Pages" }, FIRST_LOAD);
    expect(screen.queryByRole("link", { name: "Subscriptions" })).toBeNull();
  });
});
