import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type * as z from "@/contract/zod";
import { isApiError } from "@/api/api-error";
import { describeApiError, secondsToWait } from "@/api/error-text";
import { useForgetCachedData, useLogin, useLogout } from "@/api/session-hooks";
import { ErrorText } from "@/components/error-text";
import { TextField } from "@/components/text-field";
import { useDocumentTitle } from "@/components/use-document-title";
import { loginRequest, type LoginRequest } from "@/contract/session";
import { zodResolver } from "@/i18n/zod-resolver";
import { SIGNED_OUT_ATTRIBUTE } from "@/lib/page-preferences";
import { safeNext } from "@/lib/safe-next";
import { asksToSignOut } from "@/lib/sign-out-state";
import "./session.css";

type LoginInput = z.input<typeof loginRequest>;

export function SignInPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Sign in`);
  useForgetCachedData();
  // The gateway said "no session" for the HTML shell's placeholders; from here on, the frames
  // that wait for a page are the dashboard's again (after signing in).
  useEffect(() => {
    document.documentElement.removeAttribute(SIGNED_OUT_ATTRIBUTE);
  }, []);
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const navigate = useNavigate();
  const signingOut = useSignOutOnArrival();
  const login = useLogin({ onSuccess: () => navigate(next, { replace: true }) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: "", password: "" },
  });
  const submit = handleSubmit((credentials) => {
    login.mutate(credentials);
  });
  const elapsedMs = useLockoutClock(login.error, login.submittedAt);

  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">
        <Trans>Sign in to Channel Desk</Trans>
      </h1>
      <p className="sign-in-intro">
        <Trans>Use the account your channel administrator gave you.</Trans>
      </p>
      {signingOut.isPending && (
        <p role="status" className="sign-in-status">
          <Trans>Signing out…</Trans>
        </p>
      )}
      {signingOut.isError && (
        <div role="alert" className="sign-in-alert notice notice-error">
          <p>
            <Trans>
              Could not sign out: <ErrorText error={signingOut.error} />
            </Trans>
          </p>
          <button type="button" className="button" onClick={signingOut.retry}>
            <Trans>Retry</Trans>
          </button>
        </div>
      )}
      <form
        className="sign-in-form"
        noValidate
        hidden={signingOut.isPending || signingOut.isError}
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label={t`User name`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck="false"
          error={errors.username?.message}
          {...register("username")}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        {/* Always in the page, so a screen reader announces the message when it appears. */}
        <div
          role="alert"
          className={login.isError ? "sign-in-alert notice notice-error" : "sign-in-alert"}
        >
          {login.isError && describeApiError(login.error, i18n, { elapsedMs })}
        </div>
        <button type="submit" className="button button-primary" disabled={login.isPending}>
          {login.isPending ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
    </section>
  );
}

/**
 * How long ago a refusal that asks to wait (too many sign-ins) came, ticking while it lasts so
 * its message says the minutes left and then that the wait is over. 0 for any other failure.
 * Counted from the attempt's start: the gateway's wait starts a moment later, so the minutes
 * said are never fewer than the truth.
 */
function useLockoutClock(error: unknown, submittedAt: number): number {
  const [now, setNow] = useState(Date.now);
  const waits = isApiError(error) && secondsToWait(error.details) !== undefined;
  useEffect(() => {
    if (!waits) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [waits, submittedAt]);
  return waits ? Math.max(0, now - submittedAt) : 0;
}

/** Often enough that the minutes left change within a few seconds of the truth. */
const TICK_MS = 5000;

/**
 * Ends the session when the page was reached by "Sign out" (the user menu navigates here
 * first, see sign-out-state.ts). Meanwhile, or if it fails, the form waits: signing in over a
 * session still open would be refused.
 */
function useSignOutOnArrival() {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = asksToSignOut(location.state);
  const logout = useLogout({
    // Done: the history entry forgets the request, so a reload does not sign out again.
    onSuccess: () => navigate(location.pathname + location.search, { replace: true, state: null }),
  });
  const { isIdle, mutate } = logout;
  useEffect(() => {
    if (asked && isIdle) mutate();
  }, [asked, isIdle, mutate]);
  return {
    isPending: asked && !logout.isError,
    isError: asked && logout.isError,
    error: logout.error,
    retry: () => {
      logout.reset();
    },
  };
}
