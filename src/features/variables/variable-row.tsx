import { useEffect, useId, useRef, useState } from "react";
import type { Variable } from "@/contract/entities";
import { ValueInput } from "./value-input";

/** A row's editor while open: the text being typed, and why the last save failed. */
export interface RowEdit {
  draft: string;
  error?: string | undefined;
}

interface VariableRowProps {
  variable: Variable;
  edit: RowEdit | undefined;
  /** A save or delete of this variable is on its way: its buttons wait. */
  pending: boolean;
  /** Why the last delete failed, shown in the row. */
  notice: string | undefined;
  canEdit: boolean;
  onEdit: () => void;
  onDraft: (draft: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

/** Values longer than this, or with more lines, start folded with a button to show them whole. */
const FOLD_CHARACTERS = 240;
const FOLD_LINES = 4;

export function VariableRow({
  variable,
  edit,
  pending,
  notice,
  canEdit,
  onEdit,
  onDraft,
  onSave,
  onCancel,
  onDelete,
}: VariableRowProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const editing = edit !== undefined;
  const wasEditing = useRef(editing);
  const rowRef = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    // Opening the editor puts the caret in it; closing it returns focus to Edit, so the
    // keyboard stays on this row.
    // (A failed save reopens it too: then only if the user is not typing elsewhere.)
    if (editing && !wasEditing.current && focusIsFree(rowRef.current)) inputRef.current?.focus();
    if (!editing && wasEditing.current && rowHasFocusOrNothing(inputRef.current)) {
      editButtonRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);

  useEffect(() => {
    // A failed save reopens the editor with its message: the caret goes back to the text.
    // Only if the user is not typing elsewhere meanwhile: focus is never taken from another field.
    if (edit?.error && focusIsFree(rowRef.current)) inputRef.current?.focus();
  }, [edit?.error]);

  return (
    <tr ref={rowRef} aria-busy={pending ? true : undefined}>
      <th scope="row" className="variables-name">
        {variable.name}
      </th>
      <td className="variables-value">
        {editing ? (
          <>
            <label htmlFor={inputId} className="visually-hidden">
              Value of {variable.name}
            </label>
            <ValueInput
              ref={inputRef}
              id={inputId}
              value={edit.draft}
              invalid={edit.error !== undefined}
              aria-describedby={edit.error ? errorId : undefined}
              onChange={(event) => {
                onDraft(event.target.value);
              }}
              onSave={onSave}
              onCancel={onCancel}
            />
            {edit.error && (
              <p id={errorId} className="field-error">
                {edit.error}
              </p>
            )}
          </>
        ) : (
          <ValueText value={variable.value} />
        )}
        {pending && (
          <span className="variables-saving" role="status">
            Saving…
          </span>
        )}
        {notice && <p className="field-error">{notice}</p>}
      </td>
      {canEdit && (
        <td className="variables-actions">
          {editing ? (
            <>
              <button
                type="button"
                className="button button-primary"
                aria-label={`Save ${variable.name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onSave();
                }}
              >
                Save
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Cancel editing ${variable.name}`}
                onClick={onCancel}
              >
                Cancel
              </button>
            </>
          ) : (
            <>
              <button
                ref={editButtonRef}
                type="button"
                className="button"
                aria-label={`Edit ${variable.name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onEdit();
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Delete ${variable.name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onDelete();
                }}
              >
                Delete
              </button>
            </>
          )}
        </td>
      )}
    </tr>
  );
}

function rowHasFocusOrNothing(input: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === input || input === null;
}

/** Nothing has focus, or what has it is in this row. */
function focusIsFree(row: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || row?.contains(active) === true;
}

/** The value as text, whatever it holds; a long one folded, with the whole text a click away. */
function ValueText({ value }: { value: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (value === "") return <span className="muted">empty</span>;
  const long = value.length > FOLD_CHARACTERS || value.split("\n").length > FOLD_LINES;
  if (!long) return <span className="variables-value-text">{value}</span>;
  return (
    <>
      <span
        id={id}
        className={open ? "variables-value-text" : "variables-value-text variables-folded"}
      >
        {value}
      </span>
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {open
          ? "Show less"
          : `Show all ${new Intl.NumberFormat("en").format(value.length)} characters`}
      </button>
    </>
  );
}
