import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo, useRef, type BaseSyntheticEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { isApiError } from "@/api/api-error";
import { TextField } from "@/components/text-field";
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
}

const empty: AddVariableInput = { name: "", value: "" };
const numbers = new Intl.NumberFormat("en");

/**
 * A new variable: name and value, checked at the fields before anything is sent. What the
 * service refuses comes back to the field it concerns (error 11 to the name), the rest under
 * the form; the form keeps what was typed until the save succeeds.
 */
export function AddVariableForm({ existing, onAdd, onDirtyChange }: AddVariableFormProps) {
  const schema = useMemo(() => addVariableSchema(existing), [existing]);
  const valueId = useId();
  const hintId = `${valueId}-hint`;
  const valueErrorId = `${valueId}-error`;
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
    formState: { errors, isSubmitting },
  } = useForm<AddVariableInput, unknown, AddVariableValues>({
    resolver: zodResolver(schema),
    defaultValues: empty,
  });
  const name = useWatch({ control, name: "name" });
  const value = useWatch({ control, name: "value" });
  const dirty = name !== "" || value !== "";
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

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
      const message = isApiError(error) || error instanceof Error ? error.message : String(error);
      const field = isApiError(error) ? variableErrorField(error) : undefined;
      setError(
        field ?? "root",
        { type: "service", message: serviceWords(error, message) },
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
        Add a variable
      </h2>
      <div className="variables-add-fields">
        <TextField
          label="Name"
          autoComplete="off"
          spellCheck={false}
          className="variables-add-name"
          error={errors.name?.message}
          {...nameField}
        />
        <div className="field variables-add-value">
          <label htmlFor={valueId}>Value</label>
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
        Name: Latin letters, digits and _, up to {NAME_MAX}. Value: any text up to{" "}
        {numbers.format(VALUE_MAX)} characters ({numbers.format(value.length)} now). Enter saves,
        Shift+Enter starts a new line.
      </p>
      {errors.root?.message && (
        <p role="alert" className="notice notice-error variables-form-error">
          {errors.root.message}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add variable"}
        </button>
      </div>
    </form>
  );
}

/** The service's message, with its error code so support can quote it. */
export function serviceWords(error: unknown, message: string): string {
  if (isApiError(error) && error.kind === "service" && error.code !== undefined) {
    return `The service refused it (error ${String(error.code)}): ${message}`;
  }
  return message;
}
