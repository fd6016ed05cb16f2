import { useCallback, useMemo } from "react";
import { decodeCols, encodeCols } from "@/lib/cols-param";
import type { ColumnVisibility } from "@/lib/column-visibility";
import { useColumnVisibility } from "./use-column-visibility";

/**
 * The columns the list shows: the URL's `cols` when it has them (a shared link, a saved view),
 * else this browser's choice. A change is remembered by the browser and written to the URL, so
 * the link copied next shows the same columns.
 */
export function useShownColumns(
  columnIds: readonly string[],
  cols: string | undefined,
  setCols: (cols: string) => void,
) {
  const [stored, setStored] = useColumnVisibility(columnIds);
  const fromUrl = useMemo(() => decodeCols(cols, columnIds), [cols, columnIds]);
  const visibility = fromUrl ?? stored;
  const update = useCallback(
    (next: ColumnVisibility) => {
      setStored(next);
      setCols(encodeCols(next, columnIds));
    },
    [setStored, setCols, columnIds],
  );
  return [visibility, update, encodeCols(visibility, columnIds)] as const;
}
