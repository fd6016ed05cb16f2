import { msg } from "@lingui/core/macro";
import type { CsvFormat } from "./csv-options";
import { csvText } from "./csv-text";
import type { VariableEntry } from "./variables";

/**
 * One person's variables as a CSV file: a header, then one row per variable. Values are
 * written as text whatever they hold: a cell a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return first) is prefixed with `'`, and any line break is quoted.
 */
export function variablesCsv(
  person: { field: string; id: number },
  items: readonly VariableEntry[],
  { separator, i18n }: CsvFormat,
): string {
  const records = [
    [person.field, i18n._(msg`Name`), i18n._(msg`Value`)],
    ...items.map((item) => [String(person.id), item.name, item.value]),
  ];
  return csvText(records, { separator, first: true });
}

/** "variables-1001-700000001.csv": which channel and which person, in the file's name. */
export function variablesCsvName(groupId: number, userId: number): string {
  return `variables-${String(groupId)}-${String(userId)}.csv`;
}
