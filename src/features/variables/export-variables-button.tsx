import { useState } from "react";
import { toast } from "sonner";
import { errorText } from "@/components/error-text";
import type { Variable } from "@/contract/entities";
import type { Person } from "./variables-queries";

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
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { variablesCsv, variablesCsvName } = await import("@/lib/variables-csv");
      const text = variablesCsv({ field: person.field, id: person.userId }, items);
      download(
        new Blob([text], { type: "text/csv;charset=utf-8" }),
        variablesCsvName(person.groupId, person.userId),
      );
    } catch (error) {
      toast.error(`Could not export: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void exportCsv()}>
      Export CSV
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
