import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LoginRequest } from "@/contract/session";
import { useApi } from "./api-context";
import { sessionKeys } from "./query-keys";
import { sessionQuery } from "./session";

export interface SessionMutationOptions {
  /** Runs after the hook's own cache work, which a caller can therefore never skip. */
  onSuccess?: () => unknown;
}

/**
 * Signs in. Whatever the cache held is dropped first, so nothing one person saw is shown to
 * the next who signs in at the same browser; the new session is then put in its place.
 */
export function useLogin({ onSuccess }: SessionMutationOptions = {}) {
  const queryClient = useQueryClient();
  const { session } = useApi();
  return useMutation({
    mutationKey: sessionKeys.login,
    mutationFn: (credentials: LoginRequest) => session.login(credentials),
    onSuccess: (data) => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQuery(session).queryKey, data);
      return onSuccess?.();
    },
  });
}

/** Signs out and drops every cached answer of the person who leaves. */
export function useLogout({ onSuccess }: SessionMutationOptions = {}) {
  const queryClient = useQueryClient();
  const { session } = useApi();
  return useMutation({
    mutationKey: sessionKeys.logout,
    mutationFn: () => session.logout(),
    onSuccess: () => {
      // Removing (not resetting) the queries notifies no mounted page, so nothing refetches
      // with the ended session while the caller navigates away.
      queryClient.removeQueries();
      return onSuccess?.();
    },
  });
}

/**
 * For the sign-in page: while it shows, nobody is signed in here, so nothing loaded for the
 * last person may stay in memory for the next (a session that ended by itself included).
 */
export function useForgetCachedData() {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries();
  }, [queryClient]);
}
