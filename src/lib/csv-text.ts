import { stringify } from "csv-stringify/browser/esm/sync";
import type { CsvSeparator } from "./csv-options";

/** Spreadsheet programs read UTF-8 (Cyrillic names) only when the file starts with a BOM. */
export const UTF8_BOM = "\uFEFF";

const LINE_BREAK = /[\r\n]/;

/** A cell: text, or a number, written as it is (a negative one is not taken for a formula). */
export type CsvCell = string | number;

/**
 * Rows as CSV text with the separator given and CRLF records, for one page of an export: the
 * first page starts with the BOM, so the pages concatenated in order are the whole file. Cells
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) are
 * prefixed with `'` by csv-stringify's `escape_formulas`; a cell holding the separator, a quote
 * or any line break is quoted.
 */
export function csvText(
  records: readonly (readonly CsvCell[])[],
  { separator, first }: { separator: CsvSeparator; first: boolean },
): string {
  const text = stringify(records as CsvCell[][], {
    delimiter: separator,
    escape_formulas: true,
    record_delimiter: "windows",
    // With CRLF records csv-stringify quotes only a whole CRLF; a lone CR or LF in a cell
    // would still split the row in a spreadsheet, so any line break is quoted.
    quoted_match: LINE_BREAK,
  });
  return first ? UTF8_BOM + text : text;
}
