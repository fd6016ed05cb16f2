import { stringify } from "csv-stringify/browser/esm/sync";
import type { CsvSeparator } from "./csv-options";

/** Spreadsheet programs read UTF-8 (Cyrillic names) only when the file starts with a BOM. */
export const UTF8_BOM = "\uFEFF";

const LINE_BREAK = /[\r\n]/;
/** What a spreadsheet would run as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-19,7", "-45", "12.5"): a spreadsheet reads it as one, and runs nothing. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** A cell a spreadsheet would run as a formula, with `'` before it; a plain number as it is. */
export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A cell: text, or a number, written as it is (a negative one is not taken for a formula). */
export type CsvCell = string | number;

/**
 * Rows as CSV text with the separator given and CRLF records, for one page of an export: the
 * first page starts with the BOM, so the pages concatenated in order are the whole file. Cells
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) are
 * prefixed with `'`, except plain numbers ("-19,7" stays a number: csv-stringify's own
 * `escape_formulas` would make it text); a cell holding the separator, a quote or any line
 * break is quoted.
 */
export function csvText(
  records: readonly (readonly CsvCell[])[],
  { separator, first }: { separator: CsvSeparator; first: boolean },
): string {
  const escaped = records.map((record) =>
    record.map((cell) => (typeof cell === "string" ? escapeFormula(cell) : cell)),
  );
  const text = stringify(escaped, {
    delimiter: separator,
    record_delimiter: "windows",
    // With CRLF records csv-stringify quotes only a whole CRLF; a lone CR or LF in a cell
    // would still split the row in a spreadsheet, so any line break is quoted.
    quoted_match: LINE_BREAK,
  });
  return first ? UTF8_BOM + text : text;
}
