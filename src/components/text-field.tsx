import { useId, type InputHTMLAttributes, type Ref } from "react";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The message of a failed check; tied to the input so a screen reader reads it with it. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message; takes react-hook-form's `register()` props. */
export function TextField({ label, error, id, ref, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
