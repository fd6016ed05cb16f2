import type { KeyboardEvent, Ref, TextareaHTMLAttributes } from "react";

interface ValueInputProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  /** Enter (without Shift) saves; Shift+Enter starts a new line. */
  onSave: () => void;
  /** Escape cancels, where there is something to cancel. */
  onCancel?: () => void;
  invalid: boolean;
}

/**
 * A value's text box. A textarea, because values may hold line breaks and run to 4,096
 * characters; Enter still saves, as in a one-line field, and Shift+Enter breaks the line.
 */
export function ValueInput({
  ref,
  onSave,
  onCancel,
  invalid,
  className,
  ...textarea
}: ValueInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes (Japanese, Chinese), Enter picks a word: not ours.
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      onSave();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <textarea
      {...textarea}
      ref={ref}
      rows={2}
      spellCheck="false"
      autoComplete="off"
      className={className ? `variables-textarea ${className}` : "variables-textarea"}
      aria-invalid={invalid ? true : undefined}
      onKeyDown={onKeyDown}
    />
  );
}
