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

/**
 * Signs the same person in again after their session ended, without leaving the page: the
 * cache stays (it is theirs), the new session takes the old one's place, and the calls that
 * were refused run again. A sign-in that comes back as someone else is not continued here
 * (`onOtherPerson`): that person must not see what was loaded for the first.
 */
export function useSignInAgain(username: string, { onOtherPerson }: { onOtherPerson: () => void }) {
  const queryClient = useQueryClient();
  const { session } = useApi();
  return useMutation({
    // The login key: the app's mutation cache clears the ended-session state on success.
    mutationKey: sessionKeys.login,
    mutationFn: (password: string) => session.login({ username, password }),
    onSuccess: (data) => {
      if (data.username !== username) {
        onOtherPerson();
        return;
      }
      queryClient.setQueryData(sessionQuery(session).queryKey, data);
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === "error" });
    },
  });
}
