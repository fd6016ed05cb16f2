import { i18n as globalI18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { describeApiError } from "@/api/error-text";
import { TextField } from "@/components/text-field";
import type * as z from "@/contract/zod";
import { zodResolver } from "@/i18n/zod-resolver";
import "@/components/confirm-dialog.css";

type NameSchema = z.ZodMiniType<{ name: string }, { name: string }>;

interface NameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  label: string;
  /** The field's first value (the old name when renaming). */
  initial: string;
  /** The contract's schema of the request's name, so the form checks what the server will. */
  schema: NameSchema;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; a rejection is shown under the field, in words. */
  onSubmit: (name: string) => Promise<unknown>;
  /** A second way out, as "Use the name's suggestion". */
  extra?: { label: string; onClick: () => void } | undefined;
}

/**
 * One name in a modal form (a new tag, a tag's new name, a campaign's label): checked by the
 * contract's zod schema before it is sent, the refusal of the server said under the field.
 */
export function NameDialog({
  open,
  onClose,
  title,
  label,
  initial,
  schema,
  submitLabel,
  busyLabel,
  onSubmit,
  extra,
}: NameDialogProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(schema),
    defaultValues: { name: initial },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    reset({ name: initial });
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    setFocus("name", { shouldSelect: true });
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [open, initial, reset, setFocus]);

  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onClose();
    } catch (error) {
      setError("name", { message: describeApiError(error, globalI18n) });
    }
  });

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
    >
      {open && (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <h2 id={titleId} className="confirm-dialog-title">
            {title}
          </h2>
          <TextField label={label} error={errors.name?.message} {...register("name")} />
          <div className="confirm-dialog-actions">
            {extra && (
              <button
                type="button"
                className="button"
                onClick={extra.onClick}
                disabled={isSubmitting}
              >
                {extra.label}
              </button>
            )}
            <button type="button" className="button" onClick={onClose}>
              {t`Cancel`}
            </button>
            <button type="submit" className="button button-primary" disabled={isSubmitting}>
              {isSubmitting ? busyLabel : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
