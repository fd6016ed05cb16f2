import { i18n } from "@lingui/core";
import { focusManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pinDate, unpinDate } from "../support/clock";
import { plainSpaces } from "../support/i18n";
import type { Db } from "../../server/channel-api/store/database";
import { seedTestData, tgUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";

const FIRST_LOAD = { timeout: 15_000 };
// The seed's records: 10 of the mass delivery "March sale" on 5 March 2026, 4 bot steps on 10 March.
const PERIOD = "period=2026-03-01..2026-03-15";

/** The records table's rows as their cells' text. */
function recordRows(name = "Delivery records"): string[][] {
  const table = screen.getByRole("table", { name });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

describe("the deliveries page against the local Channel API", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());
  // Long after the period: it has closed, whatever the machine's clock says.
  beforeEach(() => {
    pinDate("2026-11-23T21:30:00Z");
  });
  afterEach(() => {
    unpinDate();
  });

  async function openPage(search = PERIOD) {
    const view = await live.render(`/c/1001/deliveries?${search}`, "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Deliveries" }, FIRST_LOAD),
    ).toBeTruthy();
    await screen.findByRole("table", { name: "Delivery records" }, FIRST_LOAD);
    return view;
  }

  it("shows the count, both shapes of record with their statuses, and the chart's split", async () => {
    await openPage();
    await waitFor(() => {
      expect(screen.getByTestId("deliveries-count").textContent).toBe("14");
    });
    // Names arrive after the records; wait for them.
    await waitFor(() => {
      expect(recordRows()[0]?.[2]).toContain("March sale");
    });
    const rows = recordRows();
    expect(rows).toHaveLength(14);
    // Mass delivery: by its name (deliveries/get), statuses from error/error_code.
    expect(rows[0]).toEqual([
      // The API's "05.03.2026 15:01:00" (Moscow) in the product's date-time format.
      "5 Mar 2026, 15:01:00",
      `Name1 Family1${String(tgUserId(1))}`,
      "March saleMass delivery",
      "Sent",
      "101",
    ]);
    expect(rows[3]?.[3]).toBe("Failed (code 400)");
    expect(rows[3]?.[4]).toBe("none");
    expect(rows[4]?.[3]).toBe("Not allowed");
    // A message in two parts lists both part ids.
    expect(rows[5]?.[4]).toBe("1062 parts: 201, 202");
    // Bot steps: by bot and step title, a badge for the one test run.
    expect(rows[10]?.[2]).toBe("Welcome bot — HelloBot step");
    expect(rows[11]?.[2]).toBe("Welcome bot — OfferBot step");
    expect(rows[13]?.[2]).toBe("Welcome bot — OfferBot stepTest run");
    expect(screen.getAllByText("Test run")).toHaveLength(1);

    // The chart reads every record (one page) and says what it counted.
    expect(
      await screen.findByText(/14 messages in the period: 12 sent, 2 failed \(1 of them/),
    ).toBeTruthy();
    const user = userEvent.setup();
    // The records' chart's switch (the funnel's read-rate chart has one too).
    const sentChart = screen.getByRole("region", { name: "Sent and failed messages" });
    await user.click(within(sentChart).getByRole("switch", { name: "Show as table" }));
    const table = screen.getByRole("table", { name: /Sent and failed messages by day, / });
    const total = within(table).getByRole("row", { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["12", "2", "1"]);
    const fifth = within(table).getByRole("row", { name: /^5 Mar 2026/ });
    expect(
      within(fifth)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["8", "2", "1"]);
  });

  it("reads in Russian: plural forms, the chart's summary and table, the zone as people say it", async () => {
    act(() => {
      i18n.activate("ru");
    });
    await live.render(`/c/1001/deliveries?${PERIOD}`, "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Рассылки" }, FIRST_LOAD),
    ).toBeTruthy();
    expect(document.title).toBe("Рассылки · Test Telegram · Channel Desk");
    const table = await screen.findByRole("table", { name: "Сообщения рассылок" }, FIRST_LOAD);
    await waitFor(() => {
      expect(recordRows("Сообщения рассылок")[0]?.[2]).toContain("March sale");
    });
    const rows = recordRows("Сообщения рассылок");
    expect(rows[0]?.[0]).toBe("5 мар. 2026, 15:01:00");
    expect(rows[0]?.[2]).toBe("March saleМассовая рассылка");
    expect(rows[0]?.[3]).toBe("Отправлено");
    expect(rows[3]?.[3]).toBe("Не доставлено (код 400)");
    expect(rows[3]?.[4]).toBe("нет");
    // "2 части": the few form of a part.
    expect(rows[5]?.[4]).toBe("1062 части: 201, 202");
    expect(rows[13]?.[2]).toBe("Welcome bot — OfferШаг ботаТестовый запуск");
    const date = within(table).getByTitle("Europe/Moscow");
    expect(date.textContent).toBe("Дата, МСК (UTC+3)");

    // The chart's sentence: "14 сообщений" (many), "1 страница" (one), numbers as Russian writes them.
    const summary = await screen.findByText(/^14 сообщений за период:/, undefined, FIRST_LOAD);
    expect(plainSpaces(summary.textContent)).toBe(
      "14 сообщений за период: отправлено — 12, не доставлено — 2 (из них 1 — тем, кто " +
        "запретил сообщения). Посчитано по всем сообщениям: 1 страница по 100.",
    );
    const user = userEvent.setup();
    const sentChart = screen.getByRole("region", {
      name: "Отправленные и недоставленные сообщения",
    });
    await user.click(within(sentChart).getByRole("switch", { name: "Показать таблицей" }));
    const chart = screen.getByRole("table", {
      name: "Отправленные и недоставленные сообщения по дням, МСК (UTC+3)",
    });
    expect(
      within(chart)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["День, МСК (UTC+3)", "Отправлено", "Не доставлено", "Из них: запрет сообщений"]);
    expect(within(chart).getByRole("row", { name: /^5 мар\. 2026/ })).toBeTruthy();
    expect(within(chart).getByRole("row", { name: /^Всего/ })).toBeTruthy();

    // The field's own check, in Russian (the filters' form comes after the page).
    await user.type(
      await screen.findByRole("textbox", { name: "Получатель (Telegram ID)" }),
      "12ab",
    );
    await user.click(screen.getByRole("button", { name: "Применить фильтры" }));
    expect(await screen.findByText("Введите ID пользователя только цифрами.")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Delivery|Records|Sent|Failed/);
  });

  it("filters by recipient, checking the id at the field, and by mass delivery", async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    const recipient = await screen.findByRole("textbox", { name: "Recipient (Telegram user id)" });
    await user.type(recipient, "12ab");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("Enter the user id in digits only.")).toBeTruthy();
    expect(recipient.getAttribute("aria-invalid")).toBe("true");

    await user.clear(recipient);
    await user.type(recipient, String(tgUserId(4)));
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => {
      expect(recordRows()).toHaveLength(2);
    }, FIRST_LOAD);
    expect(router.state.location.search).toContain(`user=${String(tgUserId(4))}`);
    expect(recordRows().map((row) => row[3])).toEqual(["Failed (code 400)", "Sent"]);
    await waitFor(() => {
      expect(screen.getByTestId("deliveries-count").textContent).toBe("2");
    });
    expect(screen.getByText("Messages matching the filters")).toBeTruthy();

    await user.clear(recipient);
    await user.selectOptions(screen.getByRole("combobox", { name: "Mass delivery" }), "March sale");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => {
      expect(recordRows()).toHaveLength(10);
    });
    expect(recordRows().every((row) => row[2] === "March saleMass delivery")).toBe(true);
    await waitFor(() => {
      expect(screen.getByTestId("deliveries-count").textContent).toBe("10");
    });

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => {
      expect(recordRows()).toHaveLength(14);
    });
  });

  it("does not read a closed period's records again when the window regains focus", async () => {
    const { queryClient } = await openPage();
    expect(
      await screen.findByText(/14 messages in the period/, undefined, FIRST_LOAD),
    ).toBeTruthy();
    // The chart's query of every record, by cursor (the records table has its own).
    const seriesQueries = () =>
      queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.queryKey.includes("series") });
    // The count's sentence is said while the records still load: wait for the records.
    await waitFor(() => {
      expect(
        seriesQueries().map((query) => `${query.state.status} ${query.state.fetchStatus}`),
      ).toEqual(["success idle"]);
    }, FIRST_LOAD);
    const before = seriesQueries().map((query) => query.state.dataUpdateCount);
    expect(before).toHaveLength(1);
    // A minute on: past the usual 30 s of freshness.
    vi.setSystemTime(Date.now() + 60_000);
    try {
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seriesQueries().map((query) => query.state.fetchStatus)).toEqual(["idle"]);
      expect(seriesQueries().map((query) => query.state.dataUpdateCount)).toEqual(before);
    } finally {
      focusManager.setFocused(undefined);
    }
  });

  it("exports the records of the period as a CSV download", async () => {
    const user = userEvent.setup();
    const saved: { blob?: Blob; name?: string } = {};
    // jsdom has no object URLs or downloads: catch the file where the browser would get it.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.blob = blob;
      return "blob:test-export";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.name = this.download;
    });
    try {
      await openPage();
      await user.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(
        await screen.findByText("14 rows exported.", undefined, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(saved.name).toBe("deliveries-1001-2026-03-01-2026-03-15.csv");
      const text = new TextDecoder().decode(await saved.blob?.arrayBuffer());
      expect(text.split("\r\n").filter(Boolean)).toHaveLength(15);
      expect(text).toContain("March sale");
    } finally {
      click.mockRestore();
    }
  });

  it("keeps a mass delivery from the URL selected when the names arrive", async () => {
    const user = userEvent.setup();
    const { router } = await openPage(`${PERIOD}&delivery=31`);
    const select = screen.getByRole("combobox", { name: "Mass delivery" });
    await screen.findByRole("option", { name: "March sale" }, FIRST_LOAD);
    expect(screen.queryByRole("option", { name: "Delivery #31" })).toBeNull();
    expect((select as HTMLSelectElement).value).toBe("31");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(router.state.location.search).toContain("delivery=31");
    await waitFor(() => {
      expect(recordRows()).toHaveLength(10);
    });
  });
});

/**
 * The seed's data and `count` more records of the mass delivery "March sale" to subscriber 7,
 * a minute apart from 12 March 2026 09:00 UTC, with VK ids and message ids counted up from the
 * given ones.
 */
function withMarchSaleRecords(count: number, firstVkId: number, firstMessageId: number) {
  return (db: Db) => {
    seedTestData(db);
    const insert = db.prepare(
      `INSERT INTO delivery_records (channel_id, subscriber_id, delivery_id, bot_id, step_id, part_id, bot_test, error, error_code, vk_id, conversation_message_id, part_ids, at)
       VALUES (1001, 7, 31, NULL, NULL, NULL, 0, 0, 0, ?, ?, NULL, ?)`,
    );
    const base = Date.UTC(2026, 2, 12, 9, 0, 0) / 1000;
    for (let n = 0; n < count; n++) insert.run(firstVkId + n, firstMessageId + n, base + n * 60);
  };
}

describe("paging delivery records by the cursor", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    // 20 a page is the smallest size, so 16 more records are added: 30 in all.
    live = await startLiveApp({ seed: withMarchSaleRecords(16, 9500, 500) });
  });
  afterAll(() => live.close());

  it("pages forward and back, keeping the cursor in the URL", async () => {
    const user = userEvent.setup();
    const { router } = await live.render(`/c/1001/deliveries?${PERIOD}`, "marketing");
    await screen.findByRole("table", { name: "Delivery records" }, FIRST_LOAD);
    await waitFor(() => {
      expect(recordRows()).toHaveLength(20);
    });
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => {
      expect(recordRows()).toHaveLength(10);
    });
    expect(router.state.location.search).toMatch(/after=\d+/);
    expect(screen.getByText("Records 21–30")).toBeTruthy();
    expect(screen.getByText("Page 2")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitFor(() => {
      expect(recordRows()).toHaveLength(20);
    });
    expect(router.state.location.search).not.toMatch(/after=/);
  });
});

describe("reading a period's records for the chart", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    // 340 records more in the period: the chart reads them by cursor, 100 a call.
    live = await startLiveApp({ seed: withMarchSaleRecords(340, 20_000, 2000) });
  });
  afterAll(() => live.close());
  beforeEach(() => {
    pinDate("2026-11-23T21:30:00Z");
  });
  afterEach(() => {
    unpinDate();
    vi.restoreAllMocks();
  });

  it("asks for each page once, one after another, none cancelled and asked again", async () => {
    const fetches = vi.spyOn(globalThis, "fetch");
    await live.render(`/c/1001/deliveries?${PERIOD}`, "marketing");
    expect(
      await screen.findByText(/354 messages in the period/, undefined, FIRST_LOAD),
    ).toBeTruthy();
    const seriesCalls = () =>
      fetches.mock.calls
        .filter(([input]) =>
          (input instanceof Request ? input.url : input.toString()).endsWith("/deliveries/stat"),
        )
        .map(
          ([, init]) =>
            JSON.parse(typeof init?.body === "string" ? init.body : "{}") as {
              count?: number;
              offset_id?: string;
            },
        )
        .filter((body) => body.count === 100);
    // 354 records: four pages of 100, each cursor asked for once.
    await waitFor(() => {
      expect(seriesCalls()).toHaveLength(4);
    }, FIRST_LOAD);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cursors = seriesCalls().map((body) => body.offset_id ?? "");
    expect(cursors).toHaveLength(4);
    expect(new Set(cursors).size).toBe(4);
  });
});
