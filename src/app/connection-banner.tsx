import { useConnectionMonitor, useConnectionState } from "@/api/connection-context";

const time = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit" });

/**
 * The one notice of the app's connection: shown while the server does not answer (with a way
 * to try at once) and briefly when it answers again. Always in the page, so that a screen
 * reader hears what appears in it, calmly (polite), and never one notice per failed call.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  const connection = useConnectionMonitor();
  return (
    <div role="status" aria-live="polite" className="connection-banner" data-status={state.status}>
      {state.status === "lost" && (
        <>
          <p>
            <strong>Connection lost — retrying.</strong> No answer from the server since{" "}
            {time.format(state.since)}. What you typed stays here.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              connection.probeNow();
            }}
          >
            Try now
          </button>
        </>
      )}
      {state.status === "back" && (
        <p>
          <strong>The connection is back.</strong>
        </p>
      )}
    </div>
  );
}
