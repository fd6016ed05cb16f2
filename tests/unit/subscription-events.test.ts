import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/client";
import type { CsvSink } from "../../src/components/csv-export/csv-sinks";
import type { SubscriptionEvent } from "../../src/contract/entities";
import { exportEvents } from "../../src/features/subscriptions/export-events";
import { actionLabel, nameOf, sourceLabel, utmOfEvent } from "../../src/lib/subscription-events";
import { eventsCsvPage } from "../../src/lib/subscription-events-csv";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { parseCsv } from "../support/parse-csv";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const subscriptionNames = new Map([[1, "News"]]);
const utmNames = new Map([[11, "Spring ads"]]);
const context = {
  subscriptionNames,
  utmNames,
  userIdField: "tg_user_id" as const,
  zone: "MSK (UTC+3)",
  format: { separator: "," as const, i18n },
};

function event(n: number, patch: Partial<SubscriptionEvent> = {}): SubscriptionEvent {
  return {
    date: "01.03.2026 10:00:00",
    tg_user_id: 700_000_000 + n,
    first_name: `Имя${String(n)}`,
    last_name: "Test",
    photo: "",
    subscription_id: 1,
    action: 1,
    ignore: 0,
    source: "widget",
    utm_id: 0,
    utm_source: "",
    ...patch,
  };
}

describe("event labels", () => {
  it("say what the values mean and show unknown ones raw", () => {
    expect([1, 2, 7].map((action) => actionLabel(action, i18n))).toEqual([
      "Subscribed",
      "Unsubscribed",
      "Action 7",
    ]);
    expect(sourceLabel("widget", i18n)).toBe("Widget");
    expect(sourceLabel("hand", i18n)).toBe("By hand");
    expect(sourceLabel("telepathy", i18n)).toBe("telepathy");
    expect(sourceLabel("", i18n)).toBe("—");
    expect(nameOf(1, subscriptionNames)).toBe("News");
    expect(nameOf(9, subscriptionNames)).toBe("#9");
    expect(nameOf(0, subscriptionNames)).toBe("");
    expect(utmOfEvent({ utm_id: 11, utm_source: "instagram" }, utmNames)).toBe("Spring ads");
    expect(utmOfEvent({ utm_id: 12, utm_source: "instagram" }, utmNames)).toBe("instagram");
    expect(utmOfEvent({ utm_id: 12, utm_source: "" }, utmNames)).toBe("#12");
    expect(utmOfEvent({ utm_id: 0, utm_source: "" }, utmNames)).toBe("");
  });
});

describe("the events CSV", () => {
  it("starts with the BOM and a header naming the zone, and escapes formulas", () => {
    const text = eventsCsvPage(
      [
        event(1, { ignore: 1, utm_id: 11, utm_source: "instagram", action: 2 }),
        event(2, { first_name: '=HYPERLINK("x")', last_name: "a\nb", subscription_id: 5 }),
      ],
      context,
      { first: true },
    );
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]?.[0]).toBe("Date, MSK (UTC+3)");
    expect(rows[1]).toEqual([
      "2026-03-01 10:00:00",
      "700000001",
      "Имя1",
      "Test",
      "Unsubscribed",
      "1",
      "News",
      // In words, as on the screen (the API's code when the source is not one we know).
      "Widget",
      "11",
      "Spring ads",
      "instagram",
      "yes",
    ]);
    expect(rows[2]?.[2]).toBe('\'=HYPERLINK("x")');
    expect(rows[2]?.[3]).toBe("a\nb");
    expect(rows[2]?.[6]).toBe("#5");
    expect(eventsCsvPage([event(3)], context, { first: false }).startsWith(UTF8_BOM)).toBe(false);
  });
});

function memorySink() {
  const chunks: string[] = [];
  const state = { closed: false, aborted: false };
  const sink: CsvSink = {
    write: (chunk) => {
      chunks.push(chunk);
      return Promise.resolve();
    },
    close: () => {
      state.closed = true;
      return Promise.resolve();
    },
    abort: () => {
      state.aborted = true;
      return Promise.resolve();
    },
  };
  return { sink, chunks, state };
}

/** A period of `total` events, served 100 a page by offset; fails at `failAt` if given. */
function service(total: number, failAt?: number) {
  const offsets: number[] = [];
  const call = ((_operation: string, params: { offset: number; count: number }) => {
    offsets.push(params.offset);
    if (failAt !== undefined && params.offset >= failAt) {
      return Promise.reject(new Error("the service failed"));
    }
    const length = Math.max(0, Math.min(params.count, total - params.offset));
    return Promise.resolve({
      success: true,
      items: Array.from({ length }, (_v, i) => event(params.offset + i)),
    });
  }) as unknown as Call;
  return { call, offsets };
}

const period = { date_from: "01.03.2026 00:00:00", date_to: "31.03.2026 23:59:59" };

describe("exportEvents", () => {
  it("reads page after page until a short one, writing each as it comes", async () => {
    const { call, offsets } = service(250);
    const { sink, chunks, state } = memorySink();
    const rows: number[] = [];
    const result = await exportEvents({
      call,
      groupId: 1001,
      period,
      context,
      sink,
      onRows: (n) => rows.push(n),
    });
    expect(result).toEqual({ rows: 250, truncated: false });
    expect(offsets).toEqual([0, 100, 200]);
    expect(rows).toEqual([100, 200, 250]);
    expect(state.closed).toBe(true);
    const parsed = parseCsv(chunks.join("").slice(1));
    expect(parsed).toHaveLength(251);
    expect(parsed[250]?.[1]).toBe("700000249");
  });

  it("asks once more after a full last page, and an empty period still gets a header", async () => {
    const full = service(200);
    await exportEvents({
      call: full.call,
      groupId: 1001,
      period,
      context,
      sink: memorySink().sink,
    });
    expect(full.offsets).toEqual([0, 100, 200]);
    const empty = service(0);
    const { sink, chunks } = memorySink();
    await exportEvents({ call: empty.call, groupId: 1001, period, context, sink });
    expect(parseCsv(chunks.join("").slice(1))).toHaveLength(1);
  });

  it("throws the file away when a page fails or the person cancels", async () => {
    const failing = service(1000, 300);
    const { sink, state } = memorySink();
    await expect(
      exportEvents({ call: failing.call, groupId: 1001, period, context, sink }),
    ).rejects.toThrow("the service failed");
    expect(state).toEqual({ closed: false, aborted: true });

    const controller = new AbortController();
    const cancelled = memorySink();
    await expect(
      exportEvents({
        call: service(1000).call,
        groupId: 1001,
        period,
        context,
        sink: cancelled.sink,
        signal: controller.signal,
        onRows: (n) => {
          if (n >= 200) controller.abort();
        },
      }),
    ).rejects.toThrow();
    expect(cancelled.state.aborted).toBe(true);
  });

  it("stops at the furthest offset the API allows, and says so", async () => {
    const { call, offsets } = service(200_000);
    const result = await exportEvents({
      call,
      groupId: 1001,
      period,
      context,
      sink: memorySink().sink,
    });
    expect(result).toEqual({ rows: 100_100, truncated: true });
    expect(offsets.at(-1)).toBe(100_000);
  });
});
