import { useTable, type ColumnDef } from "@tanstack/react-table";
import type { Subscriber } from "@/contract/entities";
import type { ColumnVisibility } from "@/lib/column-visibility";
import { subscriberTableFeatures } from "./subscriber-columns";

type Features = typeof subscriberTableFeatures;

export interface SubscribersTableOptions {
  columns: ColumnDef<Features, Subscriber>[];
  visibility: ColumnVisibility;
  onVisibilityChange: (visibility: ColumnVisibility) => void;
}

/** The table model of the rows on hand; paging and loading are the server's, not the table's. */
export function useSubscribersTable(
  data: Subscriber[],
  { columns, visibility, onVisibilityChange }: SubscribersTableOptions,
) {
  return useTable({
    features: subscriberTableFeatures,
    columns,
    data,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (updater) => {
      onVisibilityChange(typeof updater === "function" ? updater(visibility) : updater);
    },
  });
}

export type SubscribersTableModel = ReturnType<typeof useSubscribersTable>;
