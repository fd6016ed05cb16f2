import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { CsvExportButton } from "@/components/csv-export/csv-export-button";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { mayCall } from "@/contract/roles";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { exportFileName } from "@/lib/export-progress";
import { formatTimeZone } from "@/lib/format";
import { userIdField } from "@/lib/subscriber-format";
import { withCatalogs } from "@/i18n/with-catalogs";

/**
 * "Export CSV": every subscriber of the current channel (or of the segment `filters`, all its
 * pages) into a CSV file, with progress and a way to cancel (src/components/csv-export). The
 * CSV code is its own chunk, fetched on the first export.
 */
export function ExportButton({
  filters,
  size,
}: {
  filters?: SegmentFilters | undefined;
  /** The segment's size when counted: it sizes the progress bar. */
  size?: number | undefined;
} = {}) {
  const { t } = useLingui();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const groupId = channel.group_id;

  async function countSubscribers(): Promise<number | undefined> {
    // A segment's total is its count when one was made; the channel's total would mislead.
    if (filters !== undefined) return size;
    if (!mayCall(role, "subscribers/subscribersCount")) return undefined;
    try {
      const answer = await queryClient.query(
        apiQuery(groupId, "subscribers/subscribersCount", {}, call),
      );
      return answer.count;
    } catch {
      // The total only sizes the progress bar; the export does not need it.
      return undefined;
    }
  }

  return (
    <CsvExportButton
      failureTitle={t`Could not export the subscribers.`}
      fileName={() => exportFileName(groupId, new Date(), channel.time_zone)}
      run={async ({ sink, format, signal, onRows, onTotal }) => {
        onTotal(await countSubscribers());
        signal.throwIfAborted();
        const { exportSubscribers } = await withCatalogs(
          "csv",
          () => import("@/api/export-subscribers"),
        );
        const result = await exportSubscribers({
          call,
          groupId,
          sink,
          format,
          signal,
          filters,
          userIdField: userIdField(channel.type_name),
          zone: formatTimeZone(channel.time_zone, Date.now(), format.i18n.locale).label,
          onProgress: ({ rows }) => {
            onRows(rows);
          },
        });
        return { rows: result.rows };
      }}
    />
  );
}
