import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { ErrorState } from "@/components/error-state";
import { isChunkLoadError } from "@/lib/chunk-error";

/** The error boundary of each page: the shell stays, the page says what failed. */
export function PageError() {
  const { t } = useLingui();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { reset } = useQueryErrorResetBoundary();

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    // A navigation to the same address (a new location) makes the router's boundary render
    // the page again; failed queries start afresh.
    reset();
    void navigate(location, { replace: true, state: location.state as unknown });
  };

  return (
    <>
      <h1>
        <Trans>This page could not be shown</Trans>
      </h1>
      <ErrorState
        title={t`Something went wrong on this page.`}
        error={error}
        onRetry={retry}
        retrying={navigation.state !== "idle"}
      />
    </>
  );
}

/** The last resort, when the shell itself failed. */
export function RootError() {
  return (
    <main id="main" className="shell-main root-error">
      <PageError />
    </main>
  );
}
