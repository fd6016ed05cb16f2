import { ApiError } from "./api-error";
import type { Call } from "./client";
import type { CsvSink } from "@/components/csv-export/csv-sinks";
import type { CsvFormat } from "@/lib/csv-options";
import type { RequestOf } from "@/contract/operations";
import { PAGE_SIZE_MAX } from "@/contract/common";
import { collectOffsetPages } from "@/lib/offset-pages";
import type { UserIdField } from "@/lib/subscriber-format";
import { subscribersCsvPage } from "@/lib/subscribers-csv";

export type { CsvSink };

export interface ExportProgress {
  rows: number;
  pages: number;
}

export interface ExportOptions {
  call: Call;
  groupId: number;
  sink: CsvSink;
  /** The separator and the language of the file. */
  format: CsvFormat;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ExportProgress) => void) | undefined;
  userIdField?: UserIdField | undefined;
  /** The channel's zone as people say it ("МСК (UTC+3)"), for the date column's header. */
  zone?: string | undefined;
  /**
   * Filters of subscribers/get (the people who did not read a delivery, say); none: everyone.
   * They go with every page, so the cursor walks the filtered list.
   */
  filters?: Omit<RequestOf<"subscribers/get">, "count" | "offset_id"> | undefined;
  /** Rows per subscribers/get call; the largest the API takes unless a test says otherwise. */
  pageSize?: number;
}

/**
 * Every subscriber of a channel (or those `filters` choose) into `sink`, through the `offset_id` cursor. One call at a
 * time, so an export shares the channel's request queue fairly with the pages people look
 * at; each page is turned into text and dropped before the next is asked for, so memory
 * stays flat however long the list is. Ends at the first empty page (a short page is not
 * proof of the end). On failure or cancel the sink is aborted and the error thrown.
 */
export async function exportSubscribers({
  call,
  groupId,
  sink,
  format,
  signal,
  onProgress,
  userIdField,
  zone,
  filters,
  pageSize = PAGE_SIZE_MAX,
}: ExportOptions): Promise<ExportProgress> {
  const progress: ExportProgress = { rows: 0, pages: 0 };
  try {
    const subscriptions = await collectOffsetPages((offset, count) =>
      call("subscriptions/get", { offset, count }, { groupId, signal }),
    );
    const context = {
      subscriptionNames: new Map(subscriptions.map((item) => [item.subscription_id, item.name])),
      userIdField,
      zone,
      format,
    };
    let cursor = "";
    for (;;) {
      signal?.throwIfAborted();
      const page = await call(
        "subscribers/get",
        { ...filters, count: pageSize, ...(cursor ? { offset_id: cursor } : {}) },
        { groupId, signal },
      );
      const first = progress.pages === 0;
      if (page.items.length > 0 || first) {
        await sink.write(subscribersCsvPage(page.items, context, { first }));
      }
      if (page.items.length === 0) break;
      if (page.offset_id === cursor) {
        throw new ApiError({
          kind: "contract",
          operation: "subscribers/get",
          path: "offset_id",
          message: `The list did not move past record ${cursor}: the export stopped.`,
        });
      }
      cursor = page.offset_id;
      progress.rows += page.items.length;
      progress.pages += 1;
      onProgress?.({ ...progress });
    }
    await sink.close();
    return progress;
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
}
