import type { Call } from "@/api/client";
import { deliveriesCsvPage, type DeliveriesCsvContext } from "@/lib/deliveries-csv";
import { DELIVERY_PAGE_SIZE } from "@/lib/delivery-series";
import type { DeliveryParams } from "./delivery-params";

/**
 * Every record of the period and filters as CSV text, page by page of the cursor; each page is
 * turned into text at once, so no more than a page is held as objects. In its own chunk with
 * the CSV library, loaded on the first export.
 */
export async function exportDeliveries(options: {
  call: Call;
  groupId: number;
  params: DeliveryParams;
  context: DeliveriesCsvContext;
  signal: AbortSignal;
  onProgress: (rows: number) => void;
}): Promise<{ parts: string[]; rows: number }> {
  const { call, groupId, params, context, signal, onProgress } = options;
  const parts: string[] = [];
  let rows = 0;
  let cursor: string | undefined;
  for (;;) {
    signal.throwIfAborted();
    const page = await call(
      "deliveries/stat",
      { ...params, count: DELIVERY_PAGE_SIZE, ...(cursor ? { offset_id: cursor } : {}) },
      { groupId, signal },
    );
    parts.push(deliveriesCsvPage(page.items, context, { first: parts.length === 0 }));
    rows += page.items.length;
    onProgress(rows);
    const next = page.offset_id;
    if (page.items.length < DELIVERY_PAGE_SIZE || !next || next === cursor) break;
    cursor = next;
  }
  return { parts, rows };
}
