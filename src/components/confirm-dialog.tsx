import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef, type ReactNode } from "react";
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
  cancelLabel?: string;
  onConfirm: () => void;
  /** `danger` for what cannot be undone from here. */
  tone?: "danger" | "default";
  /** Opens the dialog when given; otherwise the caller sets `open` itself (after a form check). */
  trigger?: ReactNode;
}

/**
 * A question that must be answered before something happens. Focus starts on Cancel, so Enter
 * pressed out of habit never confirms; Escape cancels; on closing, focus returns to whatever
 * had it before the dialog opened (a submit button has no Radix trigger to return to).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  tone = "default",
  trigger,
}: ConfirmDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm-dialog-overlay" />
        <AlertDialog.Content
          className="confirm-dialog"
          onOpenAutoFocus={() => {
            // Still the element that opened the dialog: focus moves inside only after this.
            returnFocus.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (!trigger && target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <AlertDialog.Title className="confirm-dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="confirm-dialog-description">{description}</div>
          </AlertDialog.Description>
          <div className="confirm-dialog-actions">
            <AlertDialog.Cancel className="button">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={tone === "danger" ? "button button-danger" : "button button-primary"}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
