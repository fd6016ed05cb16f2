import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import type { Variable } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
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
  const { t } = useLingui();
  const name = variable.name;
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
              <Trans>Value of {name}</Trans>
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
            <Trans>Saving…</Trans>
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
                aria-label={t`Save ${name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onSave();
                }}
              >
                <Trans>Save</Trans>
              </button>
              <button
                type="button"
                className="button"
                aria-label={t`Cancel editing ${name}`}
                onClick={onCancel}
              >
                <Trans context="dismiss a dialog or an edit, keeping things as they were">
                  Cancel
                </Trans>
              </button>
            </>
          ) : (
            <>
              <button
                ref={editButtonRef}
                type="button"
                className="button"
                aria-label={t`Edit ${name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onEdit();
                }}
              >
                <Trans>Edit</Trans>
              </button>
              <button
                type="button"
                className="button"
                aria-label={t`Delete ${name}`}
                aria-disabled={pending ? true : undefined}
                onClick={() => {
                  if (!pending) onDelete();
                }}
              >
                <Trans>Delete</Trans>
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
  const { t } = useLingui();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (value === "") {
    return (
      <span className="muted">
        <Trans context="variable value">empty</Trans>
      </span>
    );
  }
  const long = value.length > FOLD_CHARACTERS || value.split("\n").length > FOLD_LINES;
  if (!long) return <span className="variables-value-text">{value}</span>;
  const count = value.length;
  const shown = format.number(count);
  const showAll = t`Show all ${plural(count, { one: `${shown} character`, other: `${shown} characters` })}`;
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
        {open ? t`Show less` : showAll}
      </button>
    </>
  );
}
