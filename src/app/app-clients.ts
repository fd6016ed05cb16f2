import { onlineManager, type QueryClient } from "@tanstack/react-query";
import type { Api } from "@/api/api-context";
import { createConnectionMonitor, type ConnectionMonitor } from "@/api/connection-monitor";
import { createQueryClient } from "@/api/query-client";
import { callsMayGo } from "@/lib/connection";
import { isChunkLoadError } from "@/lib/chunk-error";
import { watchFailedStylesheets } from "./failed-stylesheets";

export interface AppClients {
  queryClient: QueryClient;
  connection: ConnectionMonitor;
  /** Connects them to the window (network events, failed chunks); returns the undo. */
  start: () => () => void;
}

interface SignedOutSignals {
  signal: () => void;
  reset: () => void;
}

/**
 * The QueryClient and the connection monitor of one app, wired together: calls that get no
 * answer start the monitor's probes; while the connection is lost, TanStack Query holds its
 * queries (its onlineManager follows the monitor) instead of failing them one by one; when
 * the server answers again, paused and failed queries run again and failed stylesheets are
 * fetched again. Mutations are never re-sent by this: a write that got no answer may have
 * landed, so its form keeps what was typed and the person sends it again.
 */
export function createAppClients(api: Api, signedOut: SignedOutSignals): AppClients {
  const connection = createConnectionMonitor({ probe: () => api.session.reachable() });
  const queryClient = createQueryClient({
    onSignedOut: signedOut.signal,
    onSignedIn: signedOut.reset,
    onNoAnswer: connection.noAnswer,
    onAnswer: connection.answer,
  });

  const start = () => {
    onlineManager.setEventListener((setOnline) => {
      setOnline(callsMayGo(connection.getState()));
      return connection.subscribe(() => {
        setOnline(callsMayGo(connection.getState()));
      });
    });
    const stopRefetch = connection.onRecovered(() => {
      // Paused queries resume by themselves; those that failed meanwhile run again here.
      void queryClient.refetchQueries({
        type: "active",
        predicate: (query) => query.state.status === "error",
      });
    });

    const stylesheets = watchFailedStylesheets(document);
    const stopStyles = connection.subscribe(() => {
      const { status } = connection.getState();
      if (status === "online" || status === "back") stylesheets.retry();
    });

    const onOffline = () => {
      connection.offline();
    };
    const onOnline = () => {
      connection.probeNow();
    };
    // Vite's loader of a page's code: a stylesheet that failed no longer stops the page (it
    // is fetched again with the connection); code that failed goes on to the page's error
    // boundary, which waits for the connection and loads the page again.
    const onPreloadError = (event: Event) => {
      const error = (event as Event & { payload?: unknown }).payload;
      if (!isChunkLoadError(error)) return;
      connection.noAnswer();
      if (error instanceof Error && /Unable to preload CSS/i.test(error.message)) {
        event.preventDefault();
      }
    };
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    window.addEventListener("vite:preloadError", onPreloadError);
    if (!navigator.onLine) connection.offline();

    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("vite:preloadError", onPreloadError);
      stopStyles();
      stylesheets.stop();
      stopRefetch();
      // The monitor itself stays: React's strict mode starts an app twice.
      onlineManager.setEventListener(() => undefined);
      onlineManager.setOnline(true);
    };
  };

  return { queryClient, connection, start };
}
