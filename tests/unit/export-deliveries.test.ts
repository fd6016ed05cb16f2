import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/client";
import type { CsvSink } from "../../src/components/csv-export/csv-sinks";
import type { OperationId, RequestOf, ResponseOf } from "../../src/contract/operations";
import { exportDeliveries } from "../../src/features/deliveries/export-deliveries";
import type { DeliveriesCsvContext } from "../../src/lib/deliveries-csv";
import { DELIVERY_PAGE_SIZE } from "../../src/lib/delivery-series";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const context: DeliveriesCsvContext = {
  names: { deliveries: new Map([[31, "March sale"]]), bots: new Map() },
  userIdField: "tg_user_id",
  zone: "MSK (UTC+3)",
  format: { separator: "," as const, i18n },
};
const params = { date_from: "01.03.2026 00:00:00", date_to: "15.03.2026 23:59:59" };

/** `total` records of one mass delivery, paged by cursor as the API does. */
function channelOf(total: number, failAt?: number) {
  const asked: Record<string, unknown>[] = [];
  const call = (async <Op extends OperationId>(
    _operation: Op,
    request: RequestOf<Op>,
  ): Promise<ResponseOf<Op>> => {
    await Promise.resolve();
    const body = request as Record<string, unknown>;
    asked.push(body);
    if (failAt !== undefined && asked.length === failAt) throw new Error("network down");
    const after = Number(body.offset_id ?? "0");
    const items = [];
    for (let n = after + 1; n <= Math.min(after + Number(body.count), total); n++) {
      items.push({
        first_name: `Name${String(n)}`,
        last_name: "Test",
        tg_user_id: 700_000_000 + n,
        date: "05.03.2026 13:00:00",
        delivery_id: 31,
        error: 0,
        error_code: 0,
        conversation_message_id: n,
      });
    }
    return { success: true, offset_id: String(after + items.length), items } as ResponseOf<Op>;
  }) as Call;
  return { call, asked };
}

function memorySink() {
  const writes: string[] = [];
  const state = { closed: false, aborted: false };
  const sink: CsvSink = {
    write: (chunk) => {
      writes.push(chunk);
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
  return { sink, writes, state };
}

describe("exportDeliveries", () => {
  it("writes each page into the sink as it arrives, the header once, and closes it", async () => {
    const total = DELIVERY_PAGE_SIZE * 2 + 5;
    const { call, asked } = channelOf(total);
    const { sink, writes, state } = memorySink();
    const rowsSeen: number[] = [];
    const result = await exportDeliveries({
      call,
      groupId: 1001,
      params,
      context,
      sink,
      onRows: (rows) => rowsSeen.push(rows),
    });
    expect(result).toEqual({ rows: total });
    expect(writes).toHaveLength(3);
    expect(writes[0]?.startsWith(UTF8_BOM)).toBe(true);
    expect(writes.slice(1).some((chunk) => chunk.startsWith(UTF8_BOM))).toBe(false);
    expect(writes.join("").split("\r\n").filter(Boolean)).toHaveLength(total + 1);
    expect(rowsSeen).toEqual([DELIVERY_PAGE_SIZE, DELIVERY_PAGE_SIZE * 2, total]);
    expect(asked.map((body) => body.offset_id)).toEqual([
      undefined,
      String(DELIVERY_PAGE_SIZE),
      String(DELIVERY_PAGE_SIZE * 2),
    ]);
    expect(state).toEqual({ closed: true, aborted: false });
  });

  it("aborts the sink and throws when a page fails", async () => {
    const { call } = channelOf(DELIVERY_PAGE_SIZE * 3, 2);
    const { sink, writes, state } = memorySink();
    await expect(exportDeliveries({ call, groupId: 1001, params, context, sink })).rejects.toThrow(
      "network down",
    );
    expect(writes).toHaveLength(1);
    expect(state).toEqual({ closed: false, aborted: true });
  });
});
