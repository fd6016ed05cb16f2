import type { Call } from "@/api/client";
import type { CsvSink } from "@/components/csv-export/csv-sinks";
import {
  EVENT_PAGE_SIZE,
  EVENT_PAGES_MAX,
  eventPageRequest,
  type PeriodRequest,
} from "@/lib/chart-strategy";
import { eventsCsvPage, type EventsCsvContext } from "@/lib/subscription-events-csv";

export interface ExportEventsOptions {
  call: Call;
  groupId: number;
  /** The period and filters the page shows. */
  period: PeriodRequest;
  context: EventsCsvContext;
  sink: CsvSink;
  signal?: AbortSignal | undefined;
  onRows?: ((rows: number) => void) | undefined;
}

export interface ExportEventsResult {
  rows: number;
  /** The API's offset limit was reached: later events of the period are not in the file. */
  truncated: boolean;
}

/**
 * Every subscription event of the period into `sink`, one page of statSubscribe at a time (so
 * an export shares the channel's request queue fairly and memory stays flat), the same pages
 * the events table and the chart ask for. Ends at the first short page, or at the furthest
 * page `offset` can reach. On failure or cancel the sink is aborted and the error thrown.
 */
export async function exportEvents({
  call,
  groupId,
  period,
  context,
  sink,
  signal,
  onRows,
}: ExportEventsOptions): Promise<ExportEventsResult> {
  let rows = 0;
  try {
    for (let index = 0; ; index++) {
      signal?.throwIfAborted();
      const page = await call("subscribers/statSubscribe", eventPageRequest(period, index), {
        groupId,
        signal,
      });
      await sink.write(eventsCsvPage(page.items, context, { first: index === 0 }));
      rows += page.items.length;
      onRows?.(rows);
      if (page.items.length < EVENT_PAGE_SIZE) break;
      if (index + 1 >= EVENT_PAGES_MAX) {
        await sink.close();
        return { rows, truncated: true };
      }
    }
    await sink.close();
    return { rows, truncated: false };
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
}
