import type { Call } from "@/api/client";
import type { CsvSink } from "@/components/csv-export/csv-sinks";
import { deliveriesCsvPage, type DeliveriesCsvContext } from "@/lib/deliveries-csv";
import { DELIVERY_PAGE_SIZE } from "@/lib/delivery-series";
import type { DeliveryParams } from "./delivery-params";

export interface ExportDeliveriesOptions {
  call: Call;
  groupId: number;
  params: DeliveryParams;
  context: DeliveriesCsvContext;
  sink: CsvSink;
  signal?: AbortSignal | undefined;
  onRows?: ((rows: number) => void) | undefined;
}

/**
 * Every record of the period and filters into `sink`, page by page of the cursor: each page is
 * turned into text and written at once, so no more than a page is held in memory. Ends at the
 * first short page or when the cursor stops moving. On failure or cancel the sink is aborted
 * and the error thrown. In its own chunk with the CSV library, loaded on the first export.
 */
export async function exportDeliveries({
  call,
  groupId,
  params,
  context,
  sink,
  signal,
  onRows,
}: ExportDeliveriesOptions): Promise<{ rows: number }> {
  let rows = 0;
  let cursor: string | undefined;
  try {
    for (let first = true; ; first = false) {
      signal?.throwIfAborted();
      const page = await call(
        "deliveries/stat",
        { ...params, count: DELIVERY_PAGE_SIZE, ...(cursor ? { offset_id: cursor } : {}) },
        { groupId, signal },
      );
      await sink.write(deliveriesCsvPage(page.items, context, { first }));
      rows += page.items.length;
      onRows?.(rows);
      const next = page.offset_id;
      if (page.items.length < DELIVERY_PAGE_SIZE || !next || next === cursor) break;
      cursor = next;
    }
    await sink.close();
    return { rows };
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
}
