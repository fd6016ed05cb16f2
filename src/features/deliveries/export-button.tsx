import { useLingui } from "@lingui/react/macro";
import { useApi } from "@/api/api-context";
import { CsvExportButton } from "@/components/csv-export/csv-export-button";
import type { DeliveryNames } from "@/lib/delivery-format";
import type { UserIdField } from "@/lib/subscriber-format";
import type { DeliveryParams } from "./delivery-params";
import { withCatalogs } from "@/i18n/with-catalogs";

interface ExportButtonProps {
  groupId: number;
  params: DeliveryParams;
  /** The period's count, to size the progress bar. */
  total: number | undefined;
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  /** The zone as people say it, for the date column's header. */
  zoneLabel: string;
  fileName: string;
}

/**
 * "Export CSV": the records of the period and filters, written page by page to the file the
 * person picks or to a download (src/components/csv-export), with progress and Cancel.
 */
export function ExportButton({
  groupId,
  params,
  total,
  names,
  userIdField,
  zoneLabel,
  fileName,
}: ExportButtonProps) {
  const { t } = useLingui();
  const { call } = useApi();
  return (
    <CsvExportButton
      failureTitle={t`Could not export the delivery records.`}
      fileName={() => fileName}
      total={total}
      run={async ({ sink, format, signal, onRows }) => {
        const { exportDeliveries } = await withCatalogs("csv", () => import("./export-deliveries"));
        return exportDeliveries({
          call,
          groupId,
          params,
          context: { names, userIdField, zone: zoneLabel, format },
          sink,
          signal,
          onRows,
        });
      }}
    />
  );
}
