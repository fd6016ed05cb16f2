import { isApiError } from "@/api/api-error";

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
      <p>{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry"}
        </button>
      )}
    </div>
  );
}

function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return `Not allowed for your role or channel: ${error.message}`;
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong.";
}
