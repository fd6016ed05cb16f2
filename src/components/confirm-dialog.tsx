import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, type ReactNode } from "react";
import "./confirm-dialog.css";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, as "Remove 3 people from News?". */
  title: string;
  /** What will happen, in plain words; read out with the title. */
  description: ReactNode;
  /** The verb of the action, as "Remove": never a bare "OK". */
  confirmLabel: string;
  /** "Cancel" unless told. */
  cancelLabel?: string | undefined;
  onConfirm: () => void;
  /** `danger` for what cannot be undone from here. */
  tone?: "danger" | "default";
}

/**
 * A question that must be answered before something happens, on the platform's modal
 * `<dialog>`: the browser keeps focus inside, makes the page behind inert and closes on
 * Escape — with no injected <style>, which the gateway's CSP (`style-src 'self'`) would refuse.
 * Focus starts on Cancel, so Enter pressed out of habit never confirms; on closing, focus
 * returns to whatever had it before (the form's submit button).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = "default",
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Feature check: a browser (or test DOM) without modal dialogs still shows it, in place.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [open]);

  const close = () => {
    onOpenChange(false);
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; React's state decides instead.
        event.preventDefault();
        close();
      }}
      // Closed by the browser itself (a platform back gesture): the state follows.
      onClose={() => {
        if (open) close();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          close();
        }
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="confirm-dialog-title">
            {title}
          </h2>
          <div id={descriptionId} className="confirm-dialog-description">
            {description}
          </div>
          <div className="confirm-dialog-actions">
            <button ref={cancelRef} type="button" className="button" onClick={close}>
              {cancelLabel ??
                t({
                  message: "Cancel",
                  context: "dismiss a dialog or an edit, keeping things as they were",
                })}
            </button>
            <button
              type="button"
              className={tone === "danger" ? "button button-danger" : "button button-primary"}
              onClick={() => {
                onConfirm();
                close();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
