import { i18n } from "@lingui/core";
import { act, render, renderHook, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import QrCode from "../../src/features/utm/qr-code";
import { useRecentLinks } from "../../src/features/utm/use-recent-links";
import { recentLinksKey, type RecentLink } from "../../src/lib/recent-links";
import { plainSpaces } from "../support/i18n";
import { startLiveApp, type LiveApp } from "./live-app";

const FIRST_LOAD = { timeout: 15_000 };
// Seed: "Spring ads" (11) tagged 9 subscriptions to News, "Newsletter" (12) one to Offers.
const PERIOD = "period=2026-02-01..2026-03-15";

describe("the UTM page against the local Channel API", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());
  beforeEach(() => {
    localStorage.clear();
  });

  async function openPage(groupId = 1001) {
    const view = await live.render(`/c/${String(groupId)}/utm?${PERIOD}`, "marketing");
    expect(await screen.findByRole("heading", { level: 1, name: "UTM" }, FIRST_LOAD)).toBeTruthy();
    return view;
  }

  it("shows counts per campaign and per tag against the period before, and the tagged events with a filter", async () => {
    const user = userEvent.setup();
    await openPage();
    // The seed's events all fall in the period: the 43 days before it had none.
    expect(
      await screen.findByText(
        /^2 campaigns, .*: 10 subscribed \(new: none in the previous period in 20 December 2025 – 31 January 2026\), 0 unsubscribed\. Most subscribed: Spring ads \(9, new: none in the previous period\)\.$/,
        { normalizer: (text) => plainSpaces(text) },
        FIRST_LOAD,
      ),
    ).toBeTruthy();
    const compared = screen.getByRole("table", { name: /^Campaigns, .* compared with/ });
    expect(
      within(compared)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      "Spring ads19newnew: none in the previous period0+9newnew: none in the previous period0%—nothing to compare",
      "Newsletter11newnew: none in the previous period0+1newnew: none in the previous period0%—nothing to compare",
      "Total10newnew: none in the previous period0+10newnew: none in the previous period0%—nothing to compare",
    ]);

    await user.click(screen.getByRole("radio", { name: "By tag" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Rank by" }), "Net growth");
    await user.click(screen.getByRole("switch", { name: "Show as table" }));
    const table = screen.getByRole("table", { name: /Subscriptions per UTM tag/ });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    // Each tag beside itself in the period before (none there), unsubscribed unchanged at 0.
    expect(rows).toEqual([
      "Spring ads (#11)90newnew: none in the previous period00=no change from 0",
      "Newsletter (#12)10newnew: none in the previous period00=no change from 0",
      "Total100newnew: none in the previous period00=no change from 0",
    ]);
    expect(screen.getByText(/Highest net growth: Spring ads \(\+9, new/)).toBeTruthy();

    const events = screen.getByRole("table", { name: "Tagged events" });
    await waitFor(() => {
      expect(within(events).getAllByRole("row")).toHaveLength(11);
    });
    expect(screen.getByText("Events 1–10 of 10")).toBeTruthy();
    expect(within(events).getAllByText("Subscribed")).toHaveLength(10);
    expect(within(events).getAllByText("News").length).toBe(9);

    // The API filters by action: no unsubscriptions at all, not a page of others thinned out.
    await user.click(screen.getByRole("radio", { name: "Unsubscriptions" }));
    expect(await screen.findByText("No tagged events in this period.")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Tagged events" })).toBeNull();

    await user.click(screen.getByRole("radio", { name: "All events" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Tag" }), "Newsletter");
    expect(await screen.findByText("Events 1–1 of 1")).toBeTruthy();
  });

  it("reads in Russian: the chart's summary with plural forms, its table, events and the form", async () => {
    act(() => {
      i18n.activate("ru");
    });
    const user = userEvent.setup();
    await live.render(`/c/1001/utm?${PERIOD}&by=tag`, "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "UTM-метки" }, FIRST_LOAD),
    ).toBeTruthy();
    // "2 метки" (few), the period as one range, the zone as people say it.
    const summary = await screen.findByText(/^2 метки, /, undefined, FIRST_LOAD);
    expect(plainSpaces(summary.textContent)).toMatch(
      /^2 метки, 1 февраля – 15 марта 2026, МСК \(UTC\+3\): подписок — 10 \(новое: в прошлом периоде не было; прошлый период — 20 декабря 2025 – 31 января 2026\), отписок — 0\. Больше всего подписок: Spring ads \(9, новое: в прошлом периоде не было\)\.$/,
    );
    await user.click(screen.getByRole("switch", { name: "Показать таблицей" }));
    const table = screen.getByRole("table", { name: /^Подписки по UTM-меткам, / });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "UTM-метка",
      "Подписались",
      "Подписались, для сравнения",
      "Подписались, изменение",
      "Отписались",
      "Отписались, для сравнения",
      "Отписались, изменение",
    ]);
    expect(within(table).getByRole("row", { name: /^Всего/ })).toBeTruthy();

    const events = await screen.findByRole("table", { name: "События по UTM-меткам" });
    await waitFor(() => {
      expect(within(events).getAllByRole("row")).toHaveLength(11);
    });
    expect(screen.getByText("События 1–10 из 10")).toBeTruthy();
    expect(within(events).getAllByText("Подписка")).toHaveLength(10);
    await user.click(screen.getByRole("radio", { name: "Отписки" }));
    expect(await screen.findByText("За этот период событий по UTM-меткам нет.")).toBeTruthy();
    expect(screen.getByText("Сначала новые, по 25 событий на странице.")).toBeTruthy();

    // The builder comes after the page.
    await user.click(await screen.findByRole("button", { name: "Создать ссылку" }));
    expect(await screen.findByText("Выберите UTM-метку.")).toBeTruthy();
    expect(screen.getByText("Выберите группу подписчиков.")).toBeTruthy();
    const recent = screen.getByRole("region", { name: "Последние ссылки" });
    expect(
      within(recent).getByText(
        "Последние 10 ссылок этого канала; хранятся только в этом браузере.",
      ),
    ).toBeTruthy();
  });

  it("checks the form, makes a link, copies it, draws its QR code and keeps it per channel", async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    const make = await screen.findByRole("button", { name: "Make link" });
    await user.click(make);
    expect(await screen.findByText("Choose a UTM tag.")).toBeTruthy();
    expect(screen.getByText("Choose a subscription.")).toBeTruthy();

    // Choosing a tag offers its own subscription.
    await user.selectOptions(screen.getByRole("combobox", { name: "UTM tag" }), "Spring ads");
    const subscription = screen.getByRole("combobox", { name: "Subscription" });
    expect((subscription as HTMLSelectElement).value).toBe("1");
    await user.click(screen.getByRole("checkbox", { name: /Subscribe on click/ }));
    await user.click(make);

    const expected = "https://t.me/test_bot?start=s1_u11_f";
    const field = await screen.findByRole("textbox", { name: "Link" });
    expect((field as HTMLInputElement).value).toBe(expected);
    // The QR code is its own chunk, fetched with the first link.
    expect(
      await screen.findByRole("img", { name: `QR code of the link ${expected}` }, FIRST_LOAD),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Copy the link" }));
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(screen.getByText("Copied.")).toBeTruthy();

    const recent = screen.getByRole("region", { name: "Recent links" });
    expect(within(recent).getByText(expected)).toBeTruthy();
    expect(within(recent).getByText(/Spring ads → News, subscribes on click/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(recentLinksKey(1001)) ?? "[]")).toHaveLength(1);

    // Another channel has its own list.
    await router.navigate(`/c/1002/utm?${PERIOD}`);
    await screen.findByRole("heading", { level: 1, name: "UTM" });
    await waitFor(() => {
      expect(screen.queryByText(expected)).toBeNull();
    });
    const other = await screen.findByRole("region", { name: "Recent links" });
    expect(within(other).getByText("No links made yet.")).toBeTruthy();

    // Back on the first channel the link is still there, until cleared.
    await router.navigate(`/c/1001/utm?${PERIOD}`);
    await waitFor(() => {
      expect(screen.getAllByText(expected).length).toBeGreaterThan(0);
    });
    const again = await screen.findByRole("region", { name: "Recent links" });
    expect(within(again).getByText(expected)).toBeTruthy();
    await user.click(within(again).getByRole("button", { name: "Clear recent links" }));
    expect(within(again).getByText("No links made yet.")).toBeTruthy();
    expect(localStorage.getItem(recentLinksKey(1001))).toBeNull();
  });

  it("shows the service's refusal at the field it is about", async () => {
    const user = userEvent.setup();
    live.db
      .prepare(
        `INSERT INTO utm_tags (id, channel_id, subscription_id, name, utm_source, utm_medium, created_at)
         VALUES (19, 1001, 2, 'Short-lived tag', 'flyer', 'print', 0)`,
      )
      .run();
    await openPage();
    const tags = await screen.findByRole("combobox", { name: "UTM tag" }, FIRST_LOAD);
    await within(tags).findByRole("option", { name: "Short-lived tag" });
    // The tag goes away after the form has listed it.
    live.db.prepare("DELETE FROM utm_tags WHERE id = 19").run();
    await user.selectOptions(screen.getByRole("combobox", { name: "UTM tag" }), "Short-lived tag");
    await user.click(screen.getByRole("button", { name: "Make link" }));
    const tag = screen.getByRole("combobox", { name: "UTM tag" });
    await waitFor(() => {
      expect(tag.getAttribute("aria-invalid")).toBe("true");
    });
    // The service's code in plain words (never its English message), then what to do.
    expect(screen.getByText("No such UTM tag (error 8). Choose another tag.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Link" })).toBeNull();
  });
});

describe("recent links when the browser will not store them", () => {
  const made = (n: number): RecentLink => ({
    link: `https://t.me/test_bot?start=s1_u${String(n)}`,
    utmId: n,
    tagName: `Tag ${String(n)}`,
    subscriptionId: 1,
    subscriptionName: "News",
    force: false,
    at: 1_700_000_000_000 + n,
  });
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("keeps every link made on the page, with what another tab stored", () => {
    localStorage.setItem(recentLinksKey(1001), JSON.stringify([made(1)]));
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const { result } = renderHook(() => useRecentLinks(1001));
    act(() => {
      result.current.add(made(2));
    });
    act(() => {
      result.current.add(made(3));
    });
    expect(result.current.kept).toBe(false);
    expect(result.current.links.map((item) => item.utmId)).toEqual([3, 2, 1]);
  });
});

describe("the QR code of a link", () => {
  it("says a link too long for a QR code is too long, instead of breaking", () => {
    const long = `https://t.me/test_bot?start=${"a".repeat(2400)}`;
    render(<QrCode text={long} fileName="link.svg" />);
    expect(screen.getByText(/This link is too long for a QR code/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
