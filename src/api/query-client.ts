import { matchMutation, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isRetryableError, isSignedOutError } from "./api-error";
import { isAnswer, isNoAnswer } from "./connection-failure";
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
  /** A query or a mutation got no answer from the server (the connection state). */
  onNoAnswer?: () => void;
  /** The server answered one, whatever it said. */
  onAnswer?: () => void;
}

/**
 * Retries only what may succeed next time (no answer, 5xx, the rate limit), never a mutation:
 * a write that timed out may have landed, and sending it again would repeat it.
 */
export function createQueryClient({
  onSignedOut,
  onSignedIn,
  onNoAnswer,
  onAnswer,
}: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isSignedOutError(error)) onSignedOut?.();
    if (isNoAnswer(error)) onNoAnswer?.();
    else if (isAnswer(error)) onAnswer?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError,
      onSuccess: () => {
        onAnswer?.();
      },
    }),
    mutationCache: new MutationCache({
      onError,
      // Runs before the mutation's own onSuccess, so the signed-out state is cleared before
      // the sign-in page navigates on.
      onSuccess: (_data, _variables, _result, mutation) => {
        onAnswer?.();
        if (matchMutation({ mutationKey: sessionKeys.login, exact: true }, mutation)) {
          onSignedIn?.();
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
      // A write goes out when it is pressed, or fails at once and its form keeps what was
      // typed: never held while the connection is lost and sent later by itself.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
