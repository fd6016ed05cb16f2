import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/client";
import type { Subscriber } from "../../src/contract/entities";
import type { OperationId, RequestOf, ResponseOf } from "../../src/contract/operations";
import { exportSubscribers, type CsvSink } from "../../src/api/export-subscribers";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const TOTAL = 100_000;

/**
 * A channel of 100,000 people that exists only as a rule: each page is made when asked for,
 * as a service would read it from its store, so nothing here holds the whole list either.
 */
function generatedChannel() {
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;
  const person = (n: number): Subscriber => ({
    id: String(n),
    date: "01.03.2026 10:00:00",
    status: 1,
    tg_user_id: 700_000_000 + n,
    first_name: `Имя${String(n)}`,
    last_name: n % 1000 === 0 ? "=1+1" : "Test",
    photo: "",
    subscriptions: [{ subscription_id: 1 }],
    utms: [],
    vars: [{ n: "i", v: String(n) }],
  });
  async function answer(operation: OperationId, params: Record<string, unknown>) {
    await Promise.resolve();
    if (operation === "subscriptions/get") {
      return { success: true, count: 1, items: [{ subscription_id: 1, name: "News" }] };
    }
    const after = Number(params.offset_id ?? "0");
    const count = Number(params.count ?? 20);
    const items = [];
    for (let n = after + 1; n <= Math.min(after + count, TOTAL); n++) items.push(person(n));
    return { success: true, offset_id: items.at(-1)?.id ?? String(after), items };
  }
  const call = async <Op extends OperationId>(
    operation: Op,
    params: RequestOf<Op>,
  ): Promise<ResponseOf<Op>> => {
    calls += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return (await answer(operation, params)) as ResponseOf<Op>;
    } finally {
      inFlight -= 1;
    }
  };
  return { call: call as Call, stats: () => ({ calls, maxInFlight }) };
}

describe("exportSubscribers over 100,000 rows", () => {
  it("streams every row page by page, one call at a time", async () => {
    const channel = generatedChannel();
    let rows = 0;
    let chunks = 0;
    let boms = 0;
    let neutralised = 0;
    let largest = 0;
    let tail = "";
    // Counts and forgets, as a file on disk would.
    const sink: CsvSink = {
      write: (chunk) => {
        chunks += 1;
        rows += chunk.split("\r\n").length - 1;
        if (chunk.includes(UTF8_BOM)) boms += 1;
        neutralised += chunk.split(",'=1+1,").length - 1;
        largest = Math.max(largest, chunk.length);
        tail = chunk.slice(-80);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
      abort: () => Promise.resolve(),
    };
    const result = await exportSubscribers({
      call: channel.call,
      groupId: 1001,
      sink,
      format: { separator: "," as const, i18n },
    });

    expect(result).toEqual({ rows: TOTAL, pages: TOTAL / 100 });
    expect(rows).toBe(TOTAL + 1);
    expect(chunks).toBe(TOTAL / 100);
    expect(boms).toBe(1);
    expect(neutralised).toBe(TOTAL / 1000);
    expect(tail).toContain("100000,700100000,Имя100000,'=1+1,Active");
    // The names, 1,000 pages, and the empty page that ends the list; never two at once.
    expect(channel.stats()).toEqual({ calls: 1 + TOTAL / 100 + 1, maxInFlight: 1 });
    // Each chunk is one page: nothing accumulates from page to page.
    expect(largest).toBeLessThan(20_000);
  });
});

describe("exportSubscribers with filters", () => {
  it("sends the filters with every page, so the cursor walks the filtered list", async () => {
    const seen: Record<string, unknown>[] = [];
    const pages = [
      { success: true, offset_id: "7", items: [{ id: "7" }] },
      { success: true, offset_id: "7", items: [] },
    ];
    const call = (async (operation: OperationId, params: Record<string, unknown>) => {
      await Promise.resolve();
      if (operation === "subscriptions/get") return { success: true, count: 0, items: [] };
      seen.push(params);
      const page = pages[seen.length - 1];
      return {
        ...page,
        items: (page?.items ?? []).map((item) => ({
          ...item,
          date: "01.03.2026 10:00:00",
          status: 1,
          tg_user_id: 7,
          first_name: "A",
          last_name: "B",
          photo: "",
          subscriptions: [],
          utms: [],
          vars: [],
        })),
      };
    }) as Call;
    const written: string[] = [];
    const sink: CsvSink = {
      write: (chunk) => {
        written.push(chunk);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
      abort: () => Promise.resolve(),
    };
    const result = await exportSubscribers({
      call,
      groupId: 1001,
      sink,
      format: { separator: ",", i18n },
      filters: { ignore_read_delivery_id: [4] },
      pageSize: 50,
    });
    expect(result.rows).toBe(1);
    expect(seen).toEqual([
      { ignore_read_delivery_id: [4], count: 50 },
      { ignore_read_delivery_id: [4], count: 50, offset_id: "7" },
    ]);
  });
});
