import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { notify } from "@/components/notify";
import { describeApiError } from "@/api/error-text";
import type { Variable } from "@/contract/entities";
import type { Person } from "./variables-queries";
import { withCatalogs } from "@/i18n/with-catalogs";

/**
 * The person's variables as a CSV file, as the table shows them now. The CSV code loads on the
 * first click, so the page does not carry it.
 */
export function ExportVariablesButton({
  person,
  items,
}: {
  person: Person;
  items: readonly Variable[];
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { variablesCsv, variablesCsvName } = await withCatalogs(
        "csv",
        () => import("@/lib/variables-csv"),
      );
      const { defaultCsvSeparator } = await import("@/lib/csv-options");
      const text = variablesCsv({ field: person.field, id: person.userId }, items, {
        separator: defaultCsvSeparator(i18n.locale),
        i18n,
      });
      download(
        new Blob([text], { type: "text/csv;charset=utf-8" }),
        variablesCsvName(person.groupId, person.userId),
      );
    } catch (error) {
      const reason = describeApiError(error, i18n);
      notify("error", t`Could not export the variables: ${reason}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void exportCsv()}>
      <Trans>Export CSV</Trans>
    </button>
  );
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the address can go.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
