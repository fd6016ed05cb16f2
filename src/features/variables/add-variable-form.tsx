import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, type BaseSyntheticEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { isApiError } from "@/api/api-error";
import { useConnectionMonitor } from "@/api/connection-context";
import { describeApiError } from "@/api/error-text";
import { TextField } from "@/components/text-field";
import { useFormat } from "@/i18n/use-format";
import { zodResolver } from "@/i18n/zod-resolver";
import { readDraft, sessionDrafts, writeDraft } from "@/lib/drafts";
import { NAME_MAX, VALUE_MAX, variableErrorField } from "@/lib/variables";
import {
  addVariableSchema,
  type AddVariableInput,
  type AddVariableValues,
} from "./variable-schema";
import { ValueInput } from "./value-input";

interface AddVariableFormProps {
  existing: ReadonlySet<string>;
  /** Sends the new variable; resolves when it is saved, rejects with the failure. */
  onAdd: (values: AddVariableValues) => Promise<void>;
  /** Says whether the form holds something not yet saved (the leave-the-page guard). */
  onDirtyChange: (dirty: boolean) => void;
  /** Where what is typed is kept while the person is on another page (src/lib/drafts.ts). */
  draftKey: string;
}

const empty: AddVariableInput = { name: "", value: "" };
const FIELDS = ["name", "value"] as const;

/**
 * A new variable: name and value, checked at the fields before anything is sent. What the
 * service refuses comes back to the field it concerns (error 11 to the name), the rest under
 * the form; the form keeps what was typed until the save succeeds.
 */
export function AddVariableForm({
  existing,
  onAdd,
  onDirtyChange,
  draftKey,
}: AddVariableFormProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const schema = useMemo(
    () => addVariableSchema(existing, i18n),
    // `i18n` is one object in every language: its messages are written again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [existing, i18n, i18n.locale],
  );
  const valueId = useId();
  const hintId = `${valueId}-hint`;
  const valueErrorId = `${valueId}-error`;
  const [initial] = useState(() => readDraft(sessionDrafts(), draftKey, FIELDS) ?? empty);
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    getValues,
    getFieldState,
    trigger,
    setFocus,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AddVariableInput, unknown, AddVariableValues>({
    resolver: zodResolver(schema),
    // What was typed before the person went to another page comes back.
    defaultValues: initial,
  });
  const name = useWatch({ control, name: "name" });
  const value = useWatch({ control, name: "value" });
  const dirty = name !== "" || value !== "";
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => {
    writeDraft(sessionDrafts(), draftKey, { name, value });
  }, [draftKey, name, value]);

  // "Could not reach the server" under the form is old news once the banner says the
  // connection is back: it goes then (what was typed stays, ready to send again).
  const [unreachable, setUnreachable] = useState(false);
  const connection = useConnectionMonitor();
  useEffect(() => {
    if (!unreachable) return undefined;
    return connection.onRecovered(() => {
      setUnreachable(false);
      clearErrors("root");
    });
  }, [unreachable, connection, clearErrors]);

  // The list changed (an add landed, a row was deleted): a name the form refused is checked
  // again against the list as it is now, so "already has" never outlives the variable. The
  // service's own refusals (type "service") stay until the next send.
  useEffect(() => {
    if (getFieldState("name").error?.type === "custom") void trigger("name");
  }, [schema, getFieldState, trigger]);

  // One save at a time: Enter while a save is on its way is ignored, not sent again.
  const inFlight = useRef(false);
  const send = handleSubmit(async (values) => {
    try {
      await onAdd(values);
      // Cleared only if it still holds what was sent: text typed meanwhile stays.
      const now = getValues();
      if (now.name.trim() === values.name && now.value === values.value) {
        // keepFieldsRef: the inputs are emptied here and now, not later when they register
        // again, so the form never shows the added variable after it was saved.
        reset(empty, { keepFieldsRef: true });
        setFocus("name");
      }
    } catch (error) {
      const field = isApiError(error) ? variableErrorField(error) : undefined;
      setUnreachable(isApiError(error) && error.kind === "network");
      setError(
        field ?? "root",
        { type: "service", message: describeApiError(error, i18n) },
        { shouldFocus: field !== undefined },
      );
    }
  });
  const submit = async (event?: BaseSyntheticEvent) => {
    if (inFlight.current) {
      event?.preventDefault();
      return;
    }
    inFlight.current = true;
    try {
      await send(event);
    } finally {
      inFlight.current = false;
    }
  };
  const nameMax = format.number(NAME_MAX);
  const valueMax = format.number(VALUE_MAX);
  const valueLength = format.number(value.length);
  const nameField = register("name");
  const valueField = register("value");

  return (
    <form
      className="card variables-add"
      noValidate
      aria-labelledby={`${valueId}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={`${valueId}-title`} className="variables-section-title">
        <Trans>Add a variable</Trans>
      </h2>
      <div className="variables-add-fields">
        <TextField
          label={t`Name`}
          autoComplete="off"
          spellCheck="false"
          className="variables-add-name"
          error={errors.name?.message}
          {...nameField}
        />
        <div className="field variables-add-value">
          <label htmlFor={valueId}>
            <Trans>Value</Trans>
          </label>
          <ValueInput
            id={valueId}
            invalid={errors.value !== undefined}
            aria-describedby={[hintId, errors.value ? valueErrorId : ""].filter(Boolean).join(" ")}
            onSave={() => void submit()}
            {...valueField}
          />
          {errors.value?.message && (
            <p id={valueErrorId} className="field-error">
              {errors.value.message}
            </p>
          )}
        </div>
      </div>
      <p id={hintId} className="variables-hint">
        <Trans>
          Name: Latin letters, digits and _, up to {nameMax}. Value: any text up to {valueMax}{" "}
          characters ({valueLength} now). Enter saves, Shift+Enter starts a new line.
        </Trans>
      </p>
      {errors.root?.message && (
        <p role="alert" className="notice notice-error variables-form-error">
          {errors.root.message}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? t`Adding…` : t`Add variable`}
        </button>
      </div>
    </form>
  );
}
