import type { ReactNode } from "react";

/** One titled card of the person view; its heading names the region. */
export function PersonSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card person-section" aria-labelledby={id}>
      <h2 id={id} className="person-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface PersonRow {
  key: string;
  cells: readonly ReactNode[];
}

/**
 * A table of the person view. On a narrow screen each row becomes a card of "column: value"
 * lines (the column's name from `data-label`), so nothing is cut off at the frame's edge; it
 * still scrolls sideways inside its frame should a value be wider than the screen.
 */
export function PersonTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly string[];
  rows: readonly PersonRow[];
}) {
  return (
    <div className="person-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="person-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={columns[index] ?? index} data-label={columns[index]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
