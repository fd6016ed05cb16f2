import { Trans } from "@lingui/react/macro";
import { ErrorText } from "./error-text";

interface ErrorStateProps {
  /** What could not be done, as "Could not load the channel". */
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failure in words, with a way to try again: never a blank page. */
export function ErrorState({ title, error, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div role="alert" className="notice notice-error error-state">
      <p className="error-state-title">{title}</p>
      <p>
        <ErrorText error={error} />
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying}>
          {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
        </button>
      )}
    </div>
  );
}
