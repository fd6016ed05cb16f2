import { i18n } from "@lingui/core";
import { act, fireEvent, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { options } from "preact";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../server/channel-api/store/database";
import { activateLocale } from "../../src/i18n/locale-runtime";
import { NOW, seedTestData, TG_PEOPLE, VK_PEOPLE } from "../support/seed";
import { plainSpaces } from "../support/i18n";
import { brief, directoryStatus } from "./directory-helpers";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const HOSTILE = "<img src=x onerror=alert(1)>";
// The page and its catalog are chunks transformed on first use: slow on a busy machine.
const WAIT = { timeout: 10_000 };

function disabled(name: string): boolean {
  // The pager marks its buttons aria-disabled, so keyboard focus stays on them.
  return screen.getByRole("button", { name }).getAttribute("aria-disabled") === "true";
}

function table() {
  return screen.getByRole<HTMLTableElement>("table", { name: "Subscribers" });
}

/** The names in the table's rows, top to bottom. */
function shownNames(): string[] {
  return [...table().querySelectorAll(".subscriber-person-name")].map((name) => name.textContent);
}

const tgNames = (from: number, to: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `Name${String(from + i)} Family${String(from + i)}`,
  );

async function waitForNames(expected: string[]) {
  await waitFor(() => {
    expect(shownNames()).toEqual(expected);
  }, WAIT);
}

/**
 * Holds back every fetch whose URL ends with `path` until `release` (the others go as they
 * are); `restore` puts fetch back.
 */
function holdFetch(path: string) {
  const send = globalThis.fetch;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetches = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith(path)) await held;
    return send(input, init);
  });
  return {
    release,
    restore: () => {
      fetches.mockRestore();
    },
  };
}

afterEach(() => {
  localStorage.clear();
});

describe("the subscribers list against the local Channel API", { timeout: 20_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("pages forward and back through the cursor and gets the same rows", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers", "support");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Subscribers" }, WAIT),
    ).toBeTruthy();
    await waitForNames(tgNames(1, 20));
    const previous = screen.getByRole<HTMLButtonElement>("button", { name: "Previous page" });
    const next = screen.getByRole<HTMLButtonElement>("button", { name: "Next page" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    expect(next.getAttribute("aria-disabled")).toBeNull();

    await user.click(next);
    await waitForNames(tgNames(21, TG_PEOPLE));
    expect(router.state.location.search).toBe("?after=20");
    expect(screen.getByText("Page 2")).toBeTruthy();
    // A short page is the last one.
    expect(disabled("Next page")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitForNames(tgNames(1, 20));
    expect(router.state.location.search).toBe("");
    expect(screen.getByText("Page 1")).toBeTruthy();
  });

  it("shows every column with names, the zone, the status in words and a link per person", async () => {
    await live.render("/c/1001/subscribers", "support");
    await waitForNames(tgNames(1, 20));
    const headers = within(table())
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual([
      "Person",
      "Telegram user id",
      "Record id",
      "Date, MSK (UTC+3)",
      "Status",
      "Subscriptions",
      "UTM",
      "Variables",
    ]);
    const cells = (n: number) =>
      [...(table().tBodies[0]?.rows[n - 1]?.cells ?? [])].map((cell) => cell.textContent);
    // Person 1: News and Offers, the Newsletter tag, two variables.
    await waitFor(() => {
      expect(cells(1)).toEqual([
        "Name1 Family1",
        "700000001",
        "1",
        "14 Mar 2026, 13:00:00",
        "Active",
        "News, Offers",
        "email",
        "2",
      ]);
    }, WAIT);
    expect(cells(5)[4]).toBe("Inactive");
    const link = screen.getByRole("link", { name: "Name1 Family1" });
    expect(link.getAttribute("href")).toBe("/c/1001/subscribers/1");
  });

  it("writes its dates again in the language switched to", async () => {
    await live.render("/c/1001/subscribers", "support");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Subscribers" }, WAIT),
    ).toBeTruthy();
    await waitForNames(tgNames(1, 20));
    const dateOf = (n: number) =>
      plainSpaces(
        document.querySelector<HTMLTableElement>("table.subscribers-table")?.tBodies[0]?.rows[n - 1]
          ?.cells[3]?.textContent ?? "",
      );
    await waitFor(() => {
      expect(dateOf(1)).toBe("14 Mar 2026, 13:00:00");
    }, WAIT);
    try {
      await act(() => activateLocale("ru"));
      await waitFor(() => {
        expect(dateOf(1)).toBe("14 мар. 2026, 13:00:00");
      }, WAIT);
      expect(screen.getByRole("link", { name: "Name1 Family1" })).toBeTruthy();
    } finally {
      await act(() => activateLocale("en"));
    }
    await waitFor(() => {
      expect(dateOf(1)).toBe("14 Mar 2026, 13:00:00");
    }, WAIT);
  });

  it("draws only the subscriptions column again when the names come after the rows", async () => {
    // The names held back until the rows are on screen.
    const { release, restore } = holdFetch("/subscriptions/get");
    try {
      await live.render("/c/1001/subscribers", "support");
      expect(
        await screen.findByRole("heading", { level: 1, name: "Subscribers" }, WAIT),
      ).toBeTruthy();
      await waitForNames(tgNames(1, 20));
      const row = () => table().tBodies[0]?.rows[0];
      // Person 1's subscriptions, by id while the names load.
      expect(row()?.cells[5]?.textContent).toMatch(/^#\d+, #\d+$/);
      const link = screen.getByRole("link", { name: "Name1 Family1" });
      const date = row()?.querySelector("time");
      release();
      await waitFor(() => {
        expect(row()?.cells[5]?.textContent).toBe("News, Offers");
      }, WAIT);
      // The same elements: the other cells were not taken down and made again.
      expect(screen.getByRole("link", { name: "Name1 Family1" })).toBe(link);
      expect(row()?.querySelector("time")).toBe(date);
    } finally {
      release();
      restore();
    }
  });

  it("draws only the page's head again when the channel's count comes after the rows", async () => {
    // The count held back until the rows are on screen; every component drawn after it
    // arrives is recorded (Preact's hook after each diff: a memo that skipped its render
    // never diffs the component inside it).
    const { release, restore } = holdFetch("/subscribers/subscribersCount");
    // Put back as it was after the test; Preact calls its hooks as plain functions.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const before = options.diffed;
    const drawn: string[] = [];
    try {
      await live.render("/c/1001/subscribers", "support");
      await waitForNames(tgNames(1, 20));
      expect(screen.queryByText(/subscribers in the channel$/u)).toBeNull();
      options.diffed = (vnode) => {
        if (typeof vnode.type === "function") drawn.push(vnode.type.name);
        before?.(vnode);
      };
      release();
      expect(
        await screen.findByText(`${String(TG_PEOPLE)} subscribers in the channel`, {}, WAIT),
      ).toBeTruthy();
      // The page and its head were drawn again for the count; the list and its rows were not.
      expect(drawn).toContain("SubscribersPage");
      expect(drawn).toContain("SegmentCount");
      for (const name of ["PagedView", "SubscribersTable", "PersonCell", "SegmentBuilder"]) {
        expect(drawn, name).not.toContain(name);
      }
    } finally {
      options.diffed = before;
      release();
      restore();
    }
  });

  it("changes the page size, from the first page", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?after=20", "support");
    await waitForNames(tgNames(21, TG_PEOPLE));
    await user.selectOptions(screen.getByLabelText("Rows per page"), "50");
    await waitForNames(tgNames(1, TG_PEOPLE));
    expect(router.state.location.search).toBe("?size=50");
    expect(disabled("Next page")).toBe(true);
    expect(disabled("Previous page")).toBe(true);
  });

  it("still shows a list for a hand-edited URL", async () => {
    const { router } = await live.render(
      "/c/1001/subscribers?size=37&after=abc&after=..%2Fx&mode=weird",
      "support",
    );
    await waitForNames(tgNames(1, 20));
    expect(screen.getByLabelText<HTMLSelectElement>("Rows per page").value).toBe("20");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Pages" }).checked).toBe(true);
    expect(router.state.location.pathname).toBe("/c/1001/subscribers");
  });

  it("says when the URL's filter by name is not applied, and clears it on request", async () => {
    // The filter is the directory's (its box shows only with its list): a segment, or the list
    // straight from the API (as here: no directory), shows every row. Never silently.
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?q=Anna", "support");
    await waitForNames(tgNames(1, 20));
    expect(
      screen.getByText(
        "The filter “Anna” works on the directory's list only: the list from the API shows everyone.",
        { exact: false },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove this filter" }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("");
    });
    expect(screen.queryByRole("button", { name: "Remove this filter" })).toBeNull();
    // The button went with its note: the focus is on the page, not lost.
    expect(document.activeElement?.id).toBe("main");

    await live.render("/c/1001/subscribers?q=Anna&subscription_id=1", "support");
    expect(
      await screen.findByText(
        "The filter “Anna” works on the directory's list only: this segment shows everyone in it.",
        { exact: false },
        WAIT,
      ),
    ).toBeTruthy();
  });

  it("says so when a cursor points past the end, and goes back from there", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001/subscribers?after=99999", "support");
    expect(
      await screen.findByText("No more subscribers after the previous page.", undefined, WAIT),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitForNames(tgNames(1, 20));
  });

  it("hides a column and remembers it in this browser", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001/subscribers", "support");
    await waitForNames(tgNames(1, 20));
    await user.click(screen.getByText("Columns", { exact: false, selector: "summary" }));
    // The menu lists every column its count counts: the person's too, which always stays.
    const menu = screen.getByRole("group", { name: "Columns to show" });
    const boxes = within(menu).getAllByRole("checkbox");
    expect(screen.getByText("(8 shown)")).toBeTruthy();
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(8);
    const person = within(menu).getByRole("checkbox", { name: "Person (always shown)" });
    expect((person as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "Status" }));
    expect(screen.getByText("(7 shown)")).toBeTruthy();
    expect(within(table()).queryByRole("columnheader", { name: "Status" })).toBeNull();
    expect(JSON.parse(localStorage.getItem("channel-desk:subscribers:columns") ?? "")).toEqual({
      status: false,
    });
    // Escape closes the menu and gives the focus back to its button.
    const summary = screen.getByText("Columns", { exact: false, selector: "summary" });
    expect(summary.closest("details")?.open).toBe(true);
    await user.keyboard("{Escape}");
    expect(summary.closest("details")?.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    await live.render("/c/1001/subscribers", "support");
    await waitFor(() => {
      expect(screen.getAllByRole("table", { name: "Subscribers" })).toHaveLength(2);
    }, WAIT);
    for (const shown of screen.getAllByRole("table", { name: "Subscribers" })) {
      expect(within(shown).queryByRole("columnheader", { name: "Status" })).toBeNull();
      expect(within(shown).getByRole("columnheader", { name: "Record id" })).toBeTruthy();
    }
  });

  it("names a VK channel's user id column after it", async () => {
    await live.render("/c/1002/subscribers", "support");
    expect(await screen.findByRole("columnheader", { name: "VK user id" }, WAIT)).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Date, UTC" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "500001" })).toBeTruthy();
    // The columns' menu names it as its header does (it said "User id").
    expect(screen.getByRole("checkbox", { name: "VK user id" })).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: "User id" })).toBeNull();
  });
});

/** `count` more people in the Telegram channel after the seed's, one a minute. */
function addPeople(db: Db, count: number, person?: (n: number) => [string, string, string]) {
  const insert = db.prepare(
    `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
     VALUES (1001, ?, ?, ?, ?, 1, 0, ?)`,
  );
  db.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const [first, last, photo] = person?.(n) ?? [`Bulk${String(n)}`, "Person", ""];
      insert.run(900_000_000 + n, first, last, photo, NOW - n * 60);
    }
  })();
}

describe("the subscribers list in Russian", { timeout: 30_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    // 31 people: "31 подписчик", the form of one that English does not have.
    live = await startLiveApp({
      seed: (db) => {
        seedTestData(db);
        addPeople(db, 1);
      },
    });
  });
  afterAll(() => live.close());

  it("names the columns, the zone, dates and counts as Russian does", async () => {
    const user = userEvent.setup();
    act(() => {
      i18n.activate("ru");
    });
    await live.render("/c/1001/subscribers", "support");
    expect(await screen.findByRole("heading", { level: 1, name: "Подписчики" }, WAIT)).toBeTruthy();
    const russianTable = () => screen.getByRole<HTMLTableElement>("table", { name: "Подписчики" });
    await waitFor(() => {
      expect(russianTable().tBodies[0]?.rows.length).toBe(20);
    }, WAIT);
    expect(
      within(russianTable())
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "Подписчик",
      "Telegram ID",
      "ID записи",
      "Дата, МСК (UTC+3)",
      "Статус",
      "Группы подписчиков",
      "UTM-метки",
      "Переменные",
    ]);
    expect(screen.getByText("Дата, МСК (UTC+3)").getAttribute("title")).toBe("Europe/Moscow");
    // Person 1 of the seed.
    const cells = [...(russianTable().tBodies[0]?.rows[0]?.cells ?? [])].map((cell) =>
      plainSpaces(cell.textContent),
    );
    expect(cells.slice(3, 5)).toEqual(["14 мар. 2026, 13:00:00", "Активен"]);
    expect(screen.getByText("Строки 1–20")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "Одним списком" }));
    expect(await screen.findByText("Загружено: 20", undefined, WAIT)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Загрузить ещё" }));
    expect(await screen.findByText("Загружены все: 31 подписчик", undefined, WAIT)).toBeTruthy();
  });
});

describe("the subscribers list with many people", { timeout: 20_000 }, () => {
  const EXTRA = 1990;
  const TOTAL = TG_PEOPLE + EXTRA;
  /** The seed's 40 records (30 Telegram, 10 VK), then the extra people. */
  const LAST_RECORD = TG_PEOPLE + VK_PEOPLE + EXTRA;
  const ROW = 49;
  const VIEW = 600;
  let live: LiveApp;
  const restore: (() => void)[] = [];

  /** jsdom lays nothing out: give the scroll region and the rows the sizes a browser would. */
  function fakeLayout(
    property: "clientHeight" | "offsetHeight",
    size: (el: HTMLElement) => number,
  ) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return size(this);
      },
    });
    restore.push(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, property, original);
    });
  }

  afterAll(() => {
    for (const undo of restore) undo();
  });

  beforeAll(async () => {
    fakeLayout("clientHeight", (el) => (el.classList.contains("subscribers-scroll") ? VIEW : 0));
    fakeLayout("offsetHeight", (el) => (el.tagName === "TR" ? ROW : 0));
    live = await startLiveApp({
      seed: (db) => {
        seedTestData(db);
        addPeople(db, EXTRA);
      },
    });
  });
  afterAll(() => live.close());

  it("appends pages in load-more mode and keeps the document small", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?size=100", "support");
    await waitForNames(
      tgNames(1, TG_PEOPLE).concat(
        Array.from({ length: 70 }, (_, i) => `Bulk${String(i + 1)} Person`),
      ),
    );
    await user.click(screen.getByRole("radio", { name: "Load more" }));
    expect(router.state.location.search).toBe("?size=100&mode=more");
    expect(await screen.findByText("100 loaded", undefined, WAIT)).toBeTruthy();

    for (let pages = 1; pages < TOTAL / 100; pages++) {
      const more = await screen.findByRole<HTMLButtonElement>(
        "button",
        { name: "Load more" },
        WAIT,
      );
      await waitFor(() => {
        expect(more.disabled).toBe(false);
      }, WAIT);
      await user.click(more);
    }
    // 2,000 is a whole number of pages: the last full page may have a successor, which is empty.
    expect(
      await screen.findByText(`All ${TOTAL.toLocaleString("en")} subscribers loaded`, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(table().getAttribute("aria-rowcount")).toBe(String(TOTAL + 1));
    const drawn = within(table()).getAllByRole("row").length - 1;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(60);
    expect(table().querySelectorAll("tr").length).toBeLessThan(65);
    expect(shownNames()[0]).toBe("Name1 Family1");

    // Scrolled to the end, the last rows are drawn instead of the first, and no more of them.
    const region = screen.getByRole("region", { name: "Subscribers, scrolls" });
    region.scrollTop = TOTAL * ROW - VIEW;
    fireEvent.scroll(region);
    await waitFor(() => {
      expect(shownNames().at(-1)).toBe(`Bulk${String(EXTRA)} Person`);
    });
    expect(shownNames()).not.toContain("Name1 Family1");
    expect(within(table()).getAllByRole("row").length - 1).toBeLessThan(60);
  }, 60_000);

  it("disables Next after a full last page once the next one comes back empty", async () => {
    const user = userEvent.setup();
    await live.render(`/c/1001/subscribers?size=100&after=${String(LAST_RECORD - 100)}`, "support");
    await waitFor(() => {
      expect(shownNames()).toHaveLength(100);
    }, WAIT);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(
      await screen.findByText("No more subscribers after the previous page.", undefined, WAIT),
    ).toBeTruthy();
    expect(disabled("Next page")).toBe(true);
  });
});

describe("hostile data in the subscribers list", { timeout: 20_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp({
      seed: (db) => {
        seedTestData(db);
        addPeople(db, 2, (n) =>
          n === 1
            ? [HOSTILE, "", "javascript:alert(1)"]
            : ['"><svg onload=alert(2)>', "<b>x</b>", "data:image/svg+xml,<svg onload=alert(3)>"],
        );
      },
    });
  });
  afterAll(() => live.close());

  it("renders names and photos as inert text and initials", async () => {
    await live.render("/c/1001/subscribers?size=50", "support");
    await waitFor(() => {
      expect(shownNames()).toHaveLength(TG_PEOPLE + 2);
    }, WAIT);
    const hostile = screen.getByRole("link", { name: HOSTILE });
    expect(hostile.querySelector(".subscriber-person-name")?.textContent).toBe(HOSTILE);
    expect(hostile.querySelector("img")).toBeNull();
    expect(hostile.querySelector(".subscriber-photo-placeholder")?.textContent).toBe("IS");
    const other = screen.getByRole("link", { name: '"><svg onload=alert(2)> <b>x</b>' });
    expect(other.querySelector("img")).toBeNull();
    const shown = table();
    expect(shown.querySelector("svg, b, script, img[src='x']")).toBeNull();
    expect(shown.querySelector("[onerror], [onload]")).toBeNull();
    for (const image of shown.querySelectorAll("img")) {
      expect(image.getAttribute("src")).toMatch(/^https:\/\//);
    }
  });
});

describe("a malformed answer to subscribers/get", { timeout: 20_000 }, () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());

  const session = {
    username: "sam",
    role: "support",
    channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "UTC" }],
  };
  const person = {
    id: "7",
    date: "01.02.2026 10:00:00",
    status: 9,
    tg_user_id: 42,
    first_name: "Ada",
    last_name: "",
    photo: "",
    subscriptions: [{ subscription_id: 5 }],
    utms: [],
    vars: [],
  };

  it("shows an error with a retry, then the rows", async () => {
    const user = userEvent.setup();
    let malformed = true;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/subscribers/get") {
        json(res, 200, {
          success: true,
          offset_id: "7",
          items: [malformed ? { ...person, status: "1" } : person],
        });
      } else if (request.url === "/api/subscriptions/get") {
        json(res, 200, { success: true, count: 0, items: [] });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001/subscribers", stub.baseUrl);

    const title = await screen.findByText("Could not load the subscribers.", undefined, WAIT);
    await waitFor(() => {
      expect(title.closest("[role=alert]")?.textContent).toContain("items[0].status");
    });
    expect(screen.getByRole("heading", { level: 1, name: "Subscribers" })).toBeTruthy();

    malformed = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitForNames(["Ada"]);
    // An unknown status is shown raw; a subscription without a known name by its id.
    expect(screen.getByRole("cell", { name: "Status 9" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "#5" })).toBeTruthy();
    expect(disabled("Next page")).toBe(true);
  });
  it("keeps the page on screen, marked as loading, while the next one comes", async () => {
    const user = userEvent.setup();
    const page = (first: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        ...person,
        id: String(first + i),
        status: 1,
        first_name: `P${String(first + i)}`,
      }));
    let answerSecond: () => void = () => undefined;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/subscribers/get") {
        const body = request.body as { offset_id?: string };
        if (body.offset_id === "20") {
          answerSecond = () => {
            json(res, 200, { success: true, offset_id: "40", items: page(21) });
          };
        } else json(res, 200, { success: true, offset_id: "20", items: page(1) });
      } else if (request.url === "/api/subscriptions/get") {
        json(res, 200, { success: true, count: 0, items: [] });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001/subscribers", stub.baseUrl);
    await waitFor(() => {
      expect(shownNames()).toHaveLength(20);
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Loading page 2…", undefined, WAIT)).toBeTruthy();
    expect(shownNames()[0]).toBe("P1");
    expect(table().getAttribute("aria-busy")).toBe("true");
    // The page on screen is not the one asked for: its cursor must not be followed again.
    expect(disabled("Next page")).toBe(true);

    answerSecond();
    await waitFor(() => {
      expect(shownNames()[0]).toBe("P21");
    }, WAIT);
    expect(table().getAttribute("aria-busy")).toBeNull();
    expect(screen.getByText("Rows 21–40")).toBeTruthy();
  });

  it("waits for the directory's status before choosing the list, never swapping one for another", async () => {
    // The page opened again (a reload, a link): until the status answers, "auto" does not
    // know its source. Drawing the API's rows meanwhile, then the directory's, changed the
    // first row under the pointer (the e2e test clicked someone else than it had read).
    let answerStatus: () => void = () => undefined;
    stub.requests.length = 0;
    stub.handle((request, res) => {
      const path = request.url.split("?")[0];
      if (path === "/auth/session") json(res, 200, session);
      else if (path === "/directory/1001/status") {
        answerStatus = () => {
          json(res, 200, { success: true, status: directoryStatus() });
        };
      } else if (path === "/directory/1001/people") {
        json(res, 200, {
          success: true,
          total: 1,
          total_exact: true,
          items: [brief(42, "From", "Directory")],
          next_cursor: null,
          directory: directoryStatus(),
        });
      } else if (path === "/api/subscribers/get") {
        json(res, 200, { success: true, offset_id: "7", items: [person] });
      } else if (path === "/api/subscriptions/get") {
        json(res, 200, { success: true, count: 0, items: [] });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001/subscribers", stub.baseUrl);
    expect(await screen.findByText("Loading the subscribers…", undefined, WAIT)).toBeTruthy();
    await waitFor(() => {
      expect(stub.requests.some((request) => request.url === "/directory/1001/status")).toBe(true);
    }, WAIT);
    // A moment for anything else the page would ask or draw before the status answers.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("table", { name: "Subscribers" })).toBeNull();

    answerStatus();
    await waitForNames(["From Directory"]);
    expect(stub.requests.map((request) => request.url)).not.toContain("/api/subscribers/get");
  });
});
