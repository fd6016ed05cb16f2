import { useId, type Ref, type TextareaHTMLAttributes } from "react";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** A line under the label saying what the field is for. */
  hint?: string | undefined;
  /** The message of a failed check; tied to the field so a screen reader reads it with it. */
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with its hint and error; takes react-hook-form's `register()`. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  ref,
  className,
  ...input
}: TextAreaFieldProps) {
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
      <textarea
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
