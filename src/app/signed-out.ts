import { useMemo, useSyncExternalStore } from "react";

/**
 * The session-ended state: set when the gateway answers 401 to a signed-in person's call.
 * The session guard (require-session.tsx) then opens the sign-in dialog over the page, which
 * stays as it is; a successful sign-in resets it.
 */
function createSignedOutStore() {
  let signedOut = false;
  const listeners = new Set<() => void>();
  return {
    signal: () => {
      if (signedOut) return;
      signedOut = true;
      for (const listener of listeners) listener();
    },
    reset: () => {
      signedOut = false;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => signedOut,
  };
}

const store = createSignedOutStore();

export function useSignedOut() {
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  return useMemo(() => ({ value, signal: store.signal, reset: store.reset }), [value]);
}

/** The same store's setters, for what is made before React renders (the app's clients). */
export const signedOutSignals = { signal: store.signal, reset: store.reset };
