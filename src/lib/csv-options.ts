import type { I18n } from "@lingui/core";

/**
 * How a CSV export is written: its separator and its language. Russian spreadsheets (Excel
 * with Russian settings) split rows at `;`, since the comma is their decimal mark; English ones
 * at `,`. The person may pick another in the export menu, and the choice is remembered.
 * Every file starts with a BOM, which tells spreadsheets it is UTF-8 (Cyrillic names).
 */
export const csvSeparators = [",", ";", "\t"] as const;
export type CsvSeparator = (typeof csvSeparators)[number];

export const CSV_SEPARATOR_STORAGE_KEY = "channel-desk.csv-separator";

export interface CsvFormat {
  separator: CsvSeparator;
  /** Headers and words in the rows (statuses, yes/no) in this language. */
  i18n: I18n;
}

export function isCsvSeparator(value: unknown): value is CsvSeparator {
  return typeof value === "string" && (csvSeparators as readonly string[]).includes(value);
}

/** What spreadsheets of the language expect: `;` for Russian, `,` otherwise. */
export function defaultCsvSeparator(locale: string): CsvSeparator {
  return locale.toLowerCase().startsWith("ru") ? ";" : ",";
}

/** The remembered choice if it is one, else the language's own. */
export function csvSeparatorFor(stored: unknown, locale: string): CsvSeparator {
  return isCsvSeparator(stored) ? stored : defaultCsvSeparator(locale);
}
