import { stringify } from "csv-stringify/browser/esm/sync";
import { UTF8_BOM } from "./subscribers-csv";
import type { VariableEntry } from "./variables";

/**
 * One person's variables as a CSV file: a header, then one row per variable. Values are
 * written as text whatever they hold: a cell a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return first) is prefixed with `'`, and any line break is quoted.
 */
export function variablesCsv(
  person: { field: string; id: number },
  items: readonly VariableEntry[],
): string {
  const records = [
    [person.field, "Name", "Value"],
    ...items.map((item) => [String(person.id), item.name, item.value]),
  ];
  return (
    UTF8_BOM +
    stringify(records, {
      escape_formulas: true,
      record_delimiter: "windows",
      quoted_match: /[\r\n]/,
    })
  );
}

/** "variables-1001-700000001.csv": which channel and which person, in the file's name. */
export function variablesCsvName(groupId: number, userId: number): string {
  return `variables-${String(groupId)}-${String(userId)}.csv`;
}
