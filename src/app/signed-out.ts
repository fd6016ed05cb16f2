import { useMemo, useSyncExternalStore } from "react";

/**
 * The signed-out state: set when the gateway answers 401 (the session ended). The session
 * guard then sends the person to sign in, and back to the page afterwards.
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
