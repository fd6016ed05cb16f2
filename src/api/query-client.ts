import { matchMutation, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isRetryableError, isSignedOutError } from "./api-error";
import { sessionKeys } from "./query-keys";

export const MAX_RETRIES = 3;

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s…, capped at 10 s. */
export function retryDelay(attempt: number): number {
  const base = Math.min(500 * 2 ** attempt, 10_000);
  return base / 2 + Math.random() * (base / 2);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryableError(error);
}

export interface QueryClientOptions {
  onSignedOut?: () => void;
  /** A sign-in succeeded: whatever `onSignedOut` set up no longer holds. */
  onSignedIn?: () => void;
}

/**
 * Retries only what may succeed next time (no answer, 5xx, the rate limit), never a mutation:
 * a write that timed out may have landed, and sending it again would repeat it.
 */
export function createQueryClient({
  onSignedOut,
  onSignedIn,
}: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isSignedOutError(error)) onSignedOut?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      // Runs before the mutation's own onSuccess, so the signed-out state is cleared before
      // the sign-in page navigates on.
      onSuccess: (_data, _variables, _result, mutation) => {
        if (matchMutation({ mutationKey: sessionKeys.login, exact: true }, mutation)) {
          onSignedIn?.();
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
