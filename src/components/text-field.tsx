import { useId, type InputHTMLAttributes, type Ref } from "react";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A line under the label saying what the field takes; read out with the field. */
  hint?: string | undefined;
  /** The message of a failed check; tied to the input so a screen reader reads it with it. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error message; takes react-hook-form's `register()` props. */
export function TextField({ label, hint, error, id, ref, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={hintId} className="muted field-hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
