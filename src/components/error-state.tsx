import { errorSupportDetail, errorText } from "./error-text";

interface ErrorStateProps {
  /** What could not be done, as "Could not load the channel". */
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * A failure in words, with a way to try again: never a blank page, an address or a stack.
 * The technical words of an unexpected fault wait in a collapsed "details" for support.
 */
export function ErrorState({ title, error, onRetry, retrying = false }: ErrorStateProps) {
  const detail = errorSupportDetail(error);
  return (
    <div role="alert" className="notice notice-error error-state">
      <p className="error-state-title">{title}</p>
      <p>{errorText(error)}</p>
      {detail !== undefined && (
        <details className="error-state-details">
          <summary>Details for support</summary>
          <p>{detail}</p>
        </details>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry"}
        </button>
      )}
    </div>
  );
}
