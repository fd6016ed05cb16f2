import { Trans } from "@lingui/react/macro";
import type { ColumnDefTemplate, Row } from "@tanstack/react-table";
import type { ReactNode, Ref } from "react";
import type { Subscriber } from "@/contract/entities";
import type { subscriberTableFeatures } from "./subscriber-columns";
import type { SubscribersTableModel } from "./use-subscribers-table";

type SubscriberRow = Row<typeof subscriberTableFeatures, Subscriber>;

/**
 * A header's or a cell's content: its column's template called as the function it is.
 * TanStack's `FlexRender` draws two components a cell (itself, and the column's function as
 * one): 240 for twenty rows of the directory's six columns, 320 for the API's eight, on the
 * subscribers page's first load. So no column's template may be a component or call a hook
 * (nothing checks it: Preact does not complain when the hooks of a render change in number);
 * one that needs a hook or a context draws a component of its own, as the Subscriptions
 * column draws the names' consumer (subscriber-columns.tsx).
 */
const content = <P extends object>(
  template: ColumnDefTemplate<P> | undefined,
  props: P,
): ReactNode => (typeof template === "function" ? (template(props) as ReactNode) : template);

interface SubscribersTableProps {
  table: SubscribersTableModel;
  /** The rows to draw: all of them, or the window a virtualizer picked (with their indexes). */
  rows: readonly { row: SubscriberRow; index: number }[];
  /** How many rows there are in all; a virtualized table draws only some. */
  rowCount: number;
  /** A newer set of rows is on its way: the ones shown are stale. */
  busy?: boolean;
  /** What stands in for the rows left out above and below the window (virtualized only). */
  before?: ReactNode;
  after?: ReactNode;
  /** Lets a virtualizer measure each drawn row. */
  rowRef?: Ref<HTMLTableRowElement>;
}

/** The subscribers as a real <table>: a caption, column headers, one row per person. */
export function SubscribersTable({
  table,
  rows,
  rowCount,
  busy = false,
  before,
  after,
  rowRef,
}: SubscribersTableProps) {
  return (
    <table
      className="subscribers-table"
      aria-busy={busy || undefined}
      // Rows left out by the virtualizer still count: "row 5,001 of 10,001" for a screen reader.
      aria-rowcount={rowCount + 1}
    >
      <caption className="visually-hidden">
        <Trans>Subscribers</Trans>
      </caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} aria-rowindex={1}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={`col-${header.column.id}`}>
                {/* One row of headers, no groups: none is a placeholder. */}
                {content(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {before}
        {rows.map(({ row, index }) => (
          <tr key={row.id} ref={rowRef} data-index={index} aria-rowindex={index + 2}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={`col-${cell.column.id}`}>
                {content(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))}
        {after}
      </tbody>
    </table>
  );
}
