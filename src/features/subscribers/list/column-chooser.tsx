import { useEffect, useRef } from "react";
import type { ColumnVisibility } from "@/lib/column-visibility";
import { HIDEABLE_COLUMNS } from "./subscriber-columns";

interface ColumnChooserProps {
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
}

/** A disclosure with one checkbox per column; the person's column always stays. */
export function ColumnChooser({ visibility, onChange }: ColumnChooserProps) {
  const shownCount = HIDEABLE_COLUMNS.filter((column) => visibility[column.id] !== false).length;
  const ref = useRef<HTMLDetailsElement>(null);

  // A menu closes on Escape (focus back on its button) and on a click anywhere else.
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape" || !details.contains(document.activeElement)) return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (event.target instanceof Node && !details.contains(event.target)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  return (
    <details ref={ref} className="subscribers-columns">
      <summary className="button">
        Columns <span className="muted">({shownCount + 1} shown)</span>
      </summary>
      <fieldset>
        <legend className="visually-hidden">Columns to show</legend>
        {HIDEABLE_COLUMNS.map((column) => (
          <label key={column.id}>
            <input
              type="checkbox"
              checked={visibility[column.id] !== false}
              onChange={(event) => {
                onChange({ ...visibility, [column.id]: event.target.checked });
              }}
            />
            {column.label}
          </label>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => {
            onChange({});
          }}
        >
          Show all columns
        </button>
      </fieldset>
    </details>
  );
}
