import type { ColumnVisibility } from "./column-visibility";
import { searchFieldOf } from "./url-state";

/**
 * The columns of a table in its URL (`cols`), so that a shared link and a saved view show the
 * columns they were made with. The value lists the hidden columns, comma-separated, as the
 * browser's own choice is stored (column-visibility.ts): a column added later starts visible.
 * `cols=` (empty) means every column shown; no `cols` at all leaves the browser's own choice.
 */

const COLS = /^[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*$/;
/** Far more than any table has columns: a longer value is not ours. */
const COLS_MAX = 400;

/**
 * The `cols` field of a search schema: the value as written, or `undefined` when absent or
 * malformed (the browser's own choice then stands, as for any bad value of a link).
 */
export const colsField = () =>
  searchFieldOf((values): string | undefined => {
    const last = values.at(-1);
    if (last === undefined || last.length > COLS_MAX) return undefined;
    return last === "" || COLS.test(last) ? last : undefined;
  });

/** The visibility a `cols` value says, for the table's hideable `columnIds` (others ignored). */
export function decodeCols(
  value: string | undefined,
  columnIds: readonly string[],
): ColumnVisibility | undefined {
  if (value === undefined) return undefined;
  const hidden = new Set(value.split(","));
  const visibility: ColumnVisibility = {};
  for (const id of columnIds) if (hidden.has(id)) visibility[id] = false;
  return visibility;
}

/** The `cols` value of a visibility: its hidden known columns, in the table's order. */
export function encodeCols(visibility: ColumnVisibility, columnIds: readonly string[]): string {
  return columnIds.filter((id) => visibility[id] === false).join(",");
}
