import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useFormat } from "@/i18n/use-format";
import type { ColumnVisibility } from "@/lib/column-visibility";
import { HIDEABLE_COLUMNS } from "./subscriber-columns";

interface ColumnChooserProps {
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
  /** Columns the list's source cannot fill (the directory has no UTM tags or variables). */
  unavailable?: readonly string[];
  /** The user id column's name, as its header says it ("Telegram user id"). */
  userIdLabel: string;
}

/** A disclosure with one checkbox per column; the person's column always stays. */
export function ColumnChooser({
  visibility,
  onChange,
  unavailable = [],
  userIdLabel,
}: ColumnChooserProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  // The person's column is always shown, and counts.
  const shown = format.number(
    HIDEABLE_COLUMNS.filter(
      (column) => visibility[column.id] !== false && !unavailable.includes(column.id),
    ).length + 1,
  );
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
        <Trans>
          Columns <span className="muted">({shown} shown)</span>
        </Trans>
      </summary>
      <fieldset>
        <legend className="visually-hidden">
          <Trans>Columns to show</Trans>
        </legend>
        {/* Listed too, since the count above counts it: ticked, and not to be unticked. */}
        <label>
          <input type="checkbox" checked disabled />
          <span>
            <Trans>Person</Trans>{" "}
            <span className="muted">
              <Trans>(always shown)</Trans>
            </span>
          </span>
        </label>
        {HIDEABLE_COLUMNS.map((column) => {
          const missing = unavailable.includes(column.id);
          return (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={visibility[column.id] !== false && !missing}
                disabled={missing}
                onChange={(event) => {
                  onChange({ ...visibility, [column.id]: event.target.checked });
                }}
              />
              {/* One line of text beside the box, which wraps as one on a phone. */}
              <span>
                {column.id === "userId" ? userIdLabel : i18n._(column.label)}
                {missing && (
                  <span className="muted">
                    {" "}
                    <Trans>(live from the API only)</Trans>
                  </span>
                )}
              </span>
            </label>
          );
        })}
        <button
          type="button"
          className="button"
          onClick={() => {
            onChange({});
          }}
        >
          <Trans>Show all columns</Trans>
        </button>
      </fieldset>
    </details>
  );
}
