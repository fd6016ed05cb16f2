import { Trans, useLingui } from "@lingui/react/macro";
import { useConnectionMonitor, useConnectionState } from "@/api/connection-context";
import { formatTime } from "@/lib/format";

/**
 * The one notice of the app's connection: shown while the server does not answer (with a way
 * to try at once) and briefly when it answers again. Always in the page, so that a screen
 * reader hears what appears in it, calmly (polite), and never one notice per failed call.
 */
export function ConnectionBanner() {
  const { i18n } = useLingui();
  const state = useConnectionState();
  const connection = useConnectionMonitor();
  // On the person's own clock: the moment is theirs, not a channel's.
  const since =
    state.status === "lost"
      ? formatTime(state.since, Intl.DateTimeFormat().resolvedOptions().timeZone, i18n.locale)
      : "";
  return (
    <div role="status" aria-live="polite" className="connection-banner" data-status={state.status}>
      {state.status === "lost" && (
        <>
          <p>
            <Trans>
              <strong>Connection lost — retrying.</strong> No answer from the server since {since}.
              What you typed stays here.
            </Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              connection.probeNow();
            }}
          >
            <Trans>Try now</Trans>
          </button>
        </>
      )}
      {state.status === "back" && (
        <p>
          <strong>
            <Trans>The connection is back.</Trans>
          </strong>
        </p>
      )}
    </div>
  );
}
