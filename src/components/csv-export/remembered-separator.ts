import { CSV_SEPARATOR_STORAGE_KEY, type CsvSeparator } from "@/lib/csv-options";

/** The separator the person last chose in any export of this browser (not yet checked). */
export function readSeparator(): unknown {
  try {
    return window.localStorage.getItem(CSV_SEPARATOR_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberSeparator(separator: CsvSeparator): void {
  try {
    window.localStorage.setItem(CSV_SEPARATOR_STORAGE_KEY, separator);
  } catch {
    // Used for this export; the next visit starts from the language's default again.
  }
}
