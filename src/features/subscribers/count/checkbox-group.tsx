import { useId, type ReactNode } from "react";

export interface CheckboxOption<Value extends string | number> {
  value: Value;
  label: string;
  /** A quieter second part of the label, as the tags that carry a UTM source. */
  detail?: string | undefined;
}

interface CheckboxGroupProps<Value extends string | number> {
  legend: string;
  /** What no ticked box means, as "None ticked: any subscription". */
  hint: string;
  options: readonly CheckboxOption<Value>[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  /** Shown instead of the boxes while the names load or when they failed. */
  status?: ReactNode;
}

/** A multi-select as a fieldset of checkboxes: every option visible, each one tab stop. */
export function CheckboxGroup<Value extends string | number>({
  legend,
  hint,
  options,
  selected,
  onChange,
  status,
}: CheckboxGroupProps<Value>) {
  const hintId = useId();
  const toggle = (value: Value, checked: boolean) => {
    const rest = selected.filter((item) => item !== value);
    // Kept in the options' order, so the URL and the sentence do not depend on click order.
    const next = checked ? [...rest, value] : rest;
    onChange(options.map((option) => option.value).filter((item) => next.includes(item)));
  };
  return (
    <fieldset className="count-filter" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="count-filter-hint">
        {hint}
      </p>
      {status ?? (
        <ul className="count-checks">
          {options.map((option) => (
            <li key={option.value}>
              <label className="count-check">
                <input
                  type="checkbox"
                  checked={selected.includes(option.value)}
                  onChange={(event) => {
                    toggle(option.value, event.target.checked);
                  }}
                />
                <span>
                  {option.label}
                  {option.detail && <span className="count-check-detail">{option.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
