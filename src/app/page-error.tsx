import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { useConnectionMonitor } from "@/api/connection-context";
import { ErrorState } from "@/components/error-state";
import { isChunkLoadError } from "@/lib/chunk-error";
import { reloadForCode } from "./reload-page";

/** The error boundary of each page: the shell stays, the page says what failed. */
export function PageError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <PageCodeMissing />;
  return <PageFault error={error} />;
}

function PageFault({ error }: { error: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { reset } = useQueryErrorResetBoundary();

  // A navigation to the same address (a new location) makes the router's boundary render
  // the page again; failed queries start afresh.
  const retry = () => {
    reset();
    void navigate(location, { replace: true, state: location.state as unknown });
  };

  return (
    <>
      <h1>This page could not be shown</h1>
      <ErrorState
        title="Something went wrong on this page."
        error={error}
        onRetry={retry}
        retrying={navigation.state !== "idle"}
      />
    </>
  );
}

/**
 * The page's code could not be fetched: the connection dropped, or a new version replaced the
 * file. The browser keeps a failed module for the life of the page, so only a reload can try
 * again; the page never rendered, so nothing typed on it can be lost. It reloads by itself as
 * soon as the server answers (once: a file that is really gone leaves the button to the person).
 */
function PageCodeMissing() {
  const connection = useConnectionMonitor();
  const [reloading, setReloading] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    const stop = connection.subscribe(() => {
      const { status } = connection.getState();
      if (status !== "online" && status !== "back") return;
      if (reloadForCode()) setReloading(true);
      else setGaveUp(true);
    });
    // Checks whether the server answers (at once if it seemed to), or joins the probes.
    connection.noAnswer();
    return stop;
  }, [connection]);

  return (
    <>
      <h1>This page could not be loaded</h1>
      <div role="status" className="notice notice-warning error-state">
        {gaveUp ? (
          <p>
            The server answers again, but this page still could not be loaded. Reload the page to
            try once more.
          </p>
        ) : (
          <p>
            The page could not be fetched from the server, most likely because the connection
            dropped. It loads by itself as soon as the server answers again.
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            window.location.reload();
          }}
        >
          {reloading ? "Reloading…" : "Reload now"}
        </button>
      </div>
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
