import { screen } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isApiError } from "../../src/api/api-error";
import { createClient, type Call } from "../../src/api/client";
import type { Role } from "../../src/contract/roles";
import { exportSubscribers, type CsvSink } from "../../src/api/export-subscribers";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { parseCsv } from "../support/parse-csv";
import { seedChannels, TG_PEOPLE, tgUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const PASSWORD = "live-test-password";

/** A client signed in (as admin unless told), counting the subscribers/get calls it sends. */
async function signedInCall(
  base: string,
  username: Role = "admin",
): Promise<{ call: Call; pagesAsked: () => number }> {
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  let pages = 0;
  const call = createClient({
    baseUrl: base,
    timeoutMs: 5000,
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      if (url.endsWith("/api/subscribers/get")) pages += 1;
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    },
  });
  return { call, pagesAsked: () => pages };
}

/** Keeps what the export wrote, and whether it was finished or thrown away. */
function memorySink(): CsvSink & { chunks: string[]; state: "open" | "closed" | "aborted" } {
  const sink = {
    chunks: [] as string[],
    state: "open" as "open" | "closed" | "aborted",
    write: (chunk: string) => {
      sink.chunks.push(chunk);
      return Promise.resolve();
    },
    close: () => {
      sink.state = "closed";
      return Promise.resolve();
    },
    abort: () => {
      sink.state = "aborted";
      return Promise.resolve();
    },
  };
  return sink;
}

function csvRecords(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  expect(text.indexOf(UTF8_BOM, 1)).toBe(-1);
  return parseCsv(text.slice(UTF8_BOM.length));
}

// The list's chunk is compiled on first use, which can take seconds on a busy machine.
const UI_TIMEOUT = 30_000;

describe("exporting subscribers", () => {
  let live: LiveApp;
  /** The Telegram channel's rows as the database holds them: record id, user id, first name. */
  let expected: string[][];

  beforeAll(async () => {
    live = await startLiveApp();
    live.db
      .prepare(
        `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
         VALUES (1001, 700000999, '=HYPERLINK("https://evil.example")', '@SUM(A1)', '', 1, 0, 1773576000)`,
      )
      .run();
    expected = (
      live.db
        .prepare("SELECT id, user_id, first_name FROM subscribers WHERE channel_id = ? ORDER BY id")
        .all(seedChannels.tg.groupId) as { id: number; user_id: number; first_name: string }[]
    ).map((row) => [String(row.id), String(row.user_id), row.first_name]);
  });
  afterAll(async () => {
    await live.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes exactly the channel's rows through the cursor, page by page", async () => {
    const { call, pagesAsked } = await signedInCall(live.gateway.url);
    const sink = memorySink();
    const progress: number[] = [];
    const result = await exportSubscribers({
      call,
      groupId: seedChannels.tg.groupId,
      sink,
      format: { separator: "," as const, i18n },
      pageSize: 7,
      userIdField: "tg_user_id",
      zone: "MSK (UTC+3)",
      onProgress: ({ rows }) => progress.push(rows),
    });

    expect(expected).toHaveLength(TG_PEOPLE + 1);
    expect(result.rows).toBe(TG_PEOPLE + 1);
    expect(progress).toEqual([7, 14, 21, 28, 31]);
    // Five pages with rows, and the empty one that says the list has ended.
    expect(pagesAsked()).toBe(6);
    expect(sink.state).toBe("closed");
    expect(sink.chunks).toHaveLength(5);

    const [header, ...rows] = csvRecords(sink.chunks.join(""));
    expect(header?.[5]).toBe("Date, MSK (UTC+3)");
    expect(rows.map((row) => [row[0], row[1], row[2]?.replace(/^'/, "")])).toEqual(expected);
    const first = rows[0];
    expect(first?.slice(1, 5)).toEqual([String(tgUserId(1)), "Name1", "Family1", "Active"]);
    expect(first?.[6]).toBe("News; Offers");
    expect(first?.[7]).toContain("utm_source=email");
    expect(first?.[8]).toBe("city=Москва; plan=gold");
    expect(rows[4]?.[4]).toBe("Inactive");
    // The hostile person: both names neutralised, so a spreadsheet shows them as text.
    expect(rows.at(-1)?.slice(2, 4)).toEqual(['\'=HYPERLINK("https://evil.example")', "'@SUM(A1)"]);
  });

  it("stops calling and throws the file away when cancelled", async () => {
    const { call, pagesAsked } = await signedInCall(live.gateway.url);
    const sink = memorySink();
    const controller = new AbortController();
    const run = exportSubscribers({
      call,
      groupId: seedChannels.tg.groupId,
      sink,
      format: { separator: "," as const, i18n },
      pageSize: 5,
      signal: controller.signal,
      onProgress: ({ pages }) => {
        if (pages === 2) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(sink.state).toBe("aborted");
    expect(pagesAsked()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pagesAsked()).toBe(2);
  });

  it("throws the file away when a call is refused", async () => {
    // Marketing may not list subscribers: the gateway refuses, as it would mid-export.
    const { call } = await signedInCall(live.gateway.url, "marketing");
    const sink = memorySink();
    const error: unknown = await exportSubscribers({
      call,
      groupId: seedChannels.tg.groupId,
      sink,
      format: { separator: "," as const, i18n },
    }).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(403);
    expect(sink.state).toBe("aborted");
    expect(sink.chunks).toEqual([]);
  });

  it("downloads the CSV from the list's Export CSV button", { timeout: UI_TIMEOUT }, async () => {
    const user = userEvent.setup();
    const saved: { blob?: Blob; name?: string } = {};
    // jsdom has no object URLs or downloads: catch the file where the browser would get it.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.blob = blob;
      return "blob:test-export";
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.name = this.download;
    });

    await live.render("/c/1001/subscribers");
    await user.click(
      await screen.findByRole("button", { name: "Export CSV" }, { timeout: 20_000 }),
    );
    // The CSV code is its own chunk: the first export also compiles it.
    expect(
      await screen.findByText(`${String(TG_PEOPLE + 1)} rows exported.`, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(saved.name).toMatch(/^subscribers-1001-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved.blob?.type).toBe("text/csv;charset=utf-8");
    const { blob } = saved;
    if (!blob) throw new Error("no file was handed to the browser");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Blob.text() drops a BOM; decoding the bytes keeps it, to check there is exactly one.
    const [, ...rows] = csvRecords(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
    expect(rows.map((row) => [row[0], row[1], row[2]?.replace(/^'/, "")])).toEqual(expected);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it(
    "shows progress against the count, and Cancel stops the calls",
    { timeout: UI_TIMEOUT },
    async () => {
      const insert = live.db.prepare(
        `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
       VALUES (1001, ?, ?, '', '', 1, 0, 1773576000)`,
      );
      live.db.transaction(() => {
        for (let n = 1; n <= 1500; n++) insert.run(710_000_000 + n, `Bulk${String(n)}`);
      })();
      const total = TG_PEOPLE + 1 + 1500;
      expect(total).toBe(1531);
      const createObjectURL = vi.fn(() => "blob:test-export");
      URL.createObjectURL = createObjectURL;
      const isExportPage = (input: unknown, init: RequestInit | undefined) =>
        String(input).endsWith("/api/subscribers/get") &&
        typeof init?.body === "string" &&
        (JSON.parse(init.body) as { count?: number }).count === 100;
      // The real gateway answers; each export page only takes a little longer, as over a
      // network, so the test can see the export under way and cancel it.
      const realFetch = globalThis.fetch.bind(globalThis);
      const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        if (isExportPage(input, init)) await new Promise((resolve) => setTimeout(resolve, 150));
        return realFetch(input, init);
      });
      const exportPages = () =>
        fetchSpy.mock.calls.filter(([input, init]) => isExportPage(input, init)).length;
      const user = userEvent.setup();

      await live.render("/c/1001/subscribers");
      await user.click(
        await screen.findByRole("button", { name: "Export CSV" }, { timeout: 20_000 }),
      );
      const bar = await screen.findByRole("progressbar", { name: "Export progress" });
      expect(await screen.findByText("100 of ~1,531 rows")).toBeTruthy();
      expect(bar.getAttribute("aria-valuetext")).toBe("100 of ~1,531 rows");
      expect(bar.getAttribute("value")).toBe("100");
      expect(bar.getAttribute("max")).toBe(String(total));
      expect(screen.getByRole("button", { name: "Export CSV" }).hasAttribute("disabled")).toBe(
        true,
      );

      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(await screen.findByText("Export cancelled.")).toBeTruthy();
      expect(screen.queryByRole("progressbar")).toBeNull();
      const asked = exportPages();
      expect(asked).toBeLessThan(Math.ceil(total / 100));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(exportPages()).toBe(asked);
      expect(createObjectURL).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Export CSV" }).hasAttribute("disabled")).toBe(
        false,
      );
    },
  );
});
