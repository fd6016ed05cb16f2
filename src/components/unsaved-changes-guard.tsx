import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { asksToSignOut } from "@/lib/sign-out-state";
import { ConfirmDialog } from "./confirm-dialog";

interface UnsavedChangesGuardProps {
  /** Something typed is not saved yet. */
  when: boolean;
  /** What would be lost, as "Your edit of “plan” is not saved." */
  description: string;
  /** The dialog's question; "Leave without saving?" unless something else is at stake. */
  title?: string | undefined;
}

/**
 * Asks before unsaved edits are lost: a move inside the app (a link, Back, another person in
 * the URL) waits for the answer in a dialog; closing or reloading the tab gets the browser's
 * own question (the only one a page may ask there).
 */
export function UnsavedChangesGuard({ when, description, title }: UnsavedChangesGuardProps) {
  const { t } = useLingui();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  // The dialog closes right after Leave: that close must not cancel the move it just allowed.
  const leaving = useRef(false);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [when]);

  // Saved meanwhile (or the edit cancelled): a waiting move may go on without asking.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.proceed();
  }, [blocker, when]);

  // "Sign out" in the header is a move too; the question then names it, not leaving the page.
  const signingOut = blocker.state === "blocked" && asksToSignOut(blocker.location.state);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked" && !leaving.current) blocker.reset();
        leaving.current = false;
      }}
      tone="danger"
      title={title ?? (signingOut ? t`Sign out without saving?` : t`Leave without saving?`)}
      description={description}
      confirmLabel={signingOut ? t`Sign out` : t`Leave`}
      cancelLabel={t`Stay`}
      onConfirm={() => {
        if (blocker.state !== "blocked") return;
        leaving.current = true;
        blocker.proceed();
      }}
    />
  );
}
