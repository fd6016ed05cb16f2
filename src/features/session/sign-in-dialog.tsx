import { Trans } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { useSignInAgain } from "@/api/session-hooks";
import { ErrorText } from "@/components/error-text";
import { SIGN_IN_PATH } from "@/lib/safe-next";
import "@/components/confirm-dialog.css";
import "./session.css";

interface SignInDialogProps {
  /** The person whose session ended: they sign in again as themselves. */
  username: string;
}

/**
 * Over a page whose session ended: sign in again in place, on the platform's modal <dialog>
 * (the page behind is inert and hidden, and stays mounted with whatever was typed into it).
 * The same person goes on where they were; someone else starts afresh with a full page load,
 * so nothing of the first person's stays in memory (`Sign in as someone else`).
 */
export function SignInDialog({ username }: SignInDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const userId = useId();
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const startAfresh = () => {
    window.location.assign(SIGN_IN_PATH);
  };
  const signIn = useSignInAgain(username, { onOtherPerson: startAfresh });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Feature check: a browser (or test DOM) without modal dialogs still shows it, in place.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    passwordRef.current?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      // Back where the person was: the button they pressed, the field they were typing in.
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, []);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (password === "") {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    setMissing(false);
    signIn.mutate(password);
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog sign-in-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Nothing works without a session: Escape does not close it.
      onCancel={(event) => {
        event.preventDefault();
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        <Trans>Your session has ended</Trans>
      </h2>
      <p id={descriptionId} className="confirm-dialog-description">
        <Trans>
          Sign in again to go on. The page is hidden until then, and what you typed is kept: you can
          send it once you are signed in.
        </Trans>
      </p>
      <form className="sign-in-dialog-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={userId}>
            <Trans>User name</Trans>
          </label>
          <input
            id={userId}
            name="username"
            autoComplete="username"
            value={username}
            readOnly
            aria-readonly="true"
          />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>
            <Trans>Password</Trans>
          </label>
          <input
            id={passwordId}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${passwordId}-error` : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          {missing && (
            <p id={`${passwordId}-error`} className="field-error">
              <Trans>Enter your password.</Trans>
            </p>
          )}
        </div>
        {/* Always in the page, so a screen reader announces the message when it appears. */}
        <div
          role="alert"
          className={signIn.isError ? "sign-in-alert notice notice-error" : "sign-in-alert"}
        >
          {signIn.isError && <ErrorText error={signIn.error} />}
        </div>
        <div className="confirm-dialog-actions">
          <button type="button" className="button" onClick={startAfresh}>
            <Trans>Sign in as someone else</Trans>
          </button>
          <button type="submit" className="button button-primary" disabled={signIn.isPending}>
            {signIn.isPending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
          </button>
        </div>
      </form>
    </dialog>
  );
}
