import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { describeApiError } from "@/api/error-text";
import { CopyButton } from "@/components/copy-button";
import { channelValueProblem, placeholderOf } from "./channel-variable-schema";

interface ChannelVariableRowProps {
  name: string;
  value: string;
  /** The value being edited here, or undefined when the row only shows it. */
  editing: string | undefined;
  onEdit: (value: string | undefined) => void;
  /** Resolves when saved; a rejection is said under the box, the text kept. */
  onSave: (value: string) => Promise<void>;
  onDelete: () => void;
}

/** One channel-wide variable: its placeholder with Copy, its value edited in place, Delete. */
export function ChannelVariableRow({
  name,
  value,
  editing,
  onEdit,
  onSave,
  onDelete,
}: ChannelVariableRowProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const placeholder = placeholderOf(name);
  const editor = useRef<HTMLTextAreaElement>(null);
  const isEditing = editing !== undefined;
  // The box opens on a person's click on Edit, which leaves with the button: focus follows
  // them into the box (the `autofocus` attribute alone focuses nothing inserted after a load).
  useLayoutEffect(() => {
    if (isEditing) editor.current?.focus();
  }, [isEditing]);

  const save = async (text: string) => {
    const invalid = channelValueProblem(text, i18n);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setSaving(true);
    try {
      await onSave(text);
      setProblem(undefined);
    } catch (error) {
      setProblem(describeApiError(error, i18n));
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        <code>{name}</code>
      </th>
      <td>
        <span className="settings-placeholder">
          <code>{placeholder}</code>
          <CopyButton
            text={placeholder}
            label={t`Copy ${placeholder}`}
            refused={t`The browser did not allow copying: select the text and copy it.`}
            small
          />
        </span>
      </td>
      <td className="settings-value">
        {editing === undefined ? (
          <span className="settings-value-text">{value}</span>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save(editing);
            }}
          >
            <label htmlFor={id} className="visually-hidden">
              <Trans>Value of {name}</Trans>
            </label>
            <textarea
              ref={editor}
              id={id}
              className="settings-value-input"
              rows={2}
              spellCheck="false"
              value={editing}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => {
                onEdit(event.target.value);
              }}
              onKeyDown={(event) => {
                if (event.nativeEvent.isComposing) return;
                if (event.key === "Escape") {
                  event.preventDefault();
                  setProblem(undefined);
                  onEdit(undefined);
                }
              }}
            />
            {problem && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {problem}
              </p>
            )}
            <span className="settings-row-buttons">
              <button
                type="submit"
                className="button button-primary settings-small"
                disabled={saving}
              >
                {saving ? t`Saving…` : t`Save`}
              </button>
              <button
                type="button"
                className="button settings-small"
                onClick={() => {
                  setProblem(undefined);
                  onEdit(undefined);
                }}
              >
                <Trans>Cancel</Trans>
              </button>
            </span>
          </form>
        )}
      </td>
      <td>
        {editing === undefined && (
          <span className="settings-row-buttons">
            <button
              type="button"
              className="button settings-small"
              aria-label={t`Edit ${name}`}
              onClick={() => {
                onEdit(value);
              }}
            >
              <Trans>Edit</Trans>
            </button>
            <button
              type="button"
              className="button settings-small"
              aria-label={t`Delete ${name}`}
              onClick={onDelete}
            >
              <Trans>Delete</Trans>
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
