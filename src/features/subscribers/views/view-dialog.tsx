import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { describeApiError } from "@/api/error-text";
import { TextField } from "@/components/text-field";
import { viewName } from "@/contract/views";
import * as z from "@/contract/zod";
import { zodResolver } from "@/i18n/zod-resolver";
import "@/components/confirm-dialog.css";

// The form checks the name as the gateway will (src/contract/views.ts).
const viewForm = z.object({ name: viewName, shared: z.boolean(), pinned: z.boolean() });
export type ViewFormValues = z.output<typeof viewForm>;

interface ViewDialogProps {
  open: boolean;
  onClose: () => void;
  /** "new": name, share and pin; "rename": the name only. */
  kind: "new" | "rename";
  initial: ViewFormValues;
  /** Resolves when saved; a rejection is said under the name, in words. */
  onSubmit: (values: ViewFormValues) => Promise<unknown>;
}

/**
 * Saving the page as a view, or renaming one: a modal form on the platform's `<dialog>` (focus
 * kept inside, Escape closes, focus back where it was), checked by the contract before sending.
 */
export function ViewDialog({ open, onClose, kind, initial, onSubmit }: ViewDialogProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof viewForm>, unknown, ViewFormValues>({
    resolver: zodResolver(viewForm),
    defaultValues: initial,
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    reset(initial);
    // Feature check: a test DOM without modal dialogs still shows it, in place.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    // The name first (selected, for a rename); the form's own setFocus misses a field that
    // registered in this same commit.
    const input = dialog.querySelector<HTMLInputElement>("input[name='name']");
    input?.focus();
    input?.select();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [open, initial, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
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
            {kind === "new" ? <Trans>Save view</Trans> : <Trans>Rename view</Trans>}
          </h2>
          {kind === "new" && (
            <p className="muted view-dialog-note">
              <Trans>
                A view keeps the list's filters, columns and page size, so you can open it again in
                one click.
              </Trans>
            </p>
          )}
          <TextField
            label={t`View name`}
            autoComplete="off"
            error={errors.name?.message}
            {...register("name")}
          />
          {kind === "new" && (
            <div className="view-dialog-options">
              <label>
                <input type="checkbox" {...register("shared")} />
                <Trans>Share with the team</Trans>
              </label>
              <label>
                <input type="checkbox" {...register("pinned")} />
                <Trans>Pin to navigation</Trans>
              </label>
            </div>
          )}
          <div className="confirm-dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t({
                message: "Cancel",
                context: "dismiss a dialog or an edit, keeping things as they were",
              })}
            </button>
            <button type="submit" className="button button-primary" disabled={isSubmitting}>
              {isSubmitting ? t`Saving…` : kind === "new" ? t`Save view` : t`Rename`}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
