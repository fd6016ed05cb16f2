import { createContext, use, useSyncExternalStore, type ReactNode } from "react";
import { ONLINE, type ConnectionState } from "@/lib/connection";
import type { ConnectionMonitor } from "./connection-monitor";

/** Until an app provides its monitor: always online, nothing to report to. */
const idleMonitor: ConnectionMonitor = {
  getState: () => ONLINE,
  subscribe: () => () => undefined,
  noAnswer: () => undefined,
  answer: () => undefined,
  offline: () => undefined,
  probeNow: () => undefined,
  onRecovered: () => () => undefined,
  stop: () => undefined,
};

export const ConnectionContext = createContext<ConnectionMonitor>(idleMonitor);

export function ConnectionProvider({
  monitor,
  children,
}: {
  monitor: ConnectionMonitor;
  children: ReactNode;
}) {
  return <ConnectionContext value={monitor}>{children}</ConnectionContext>;
}

export function useConnectionMonitor(): ConnectionMonitor {
  return use(ConnectionContext);
}

/** The app's connection state, re-rendering on every change. */
export function useConnectionState(): ConnectionState {
  const monitor = use(ConnectionContext);
  return useSyncExternalStore(monitor.subscribe, monitor.getState, monitor.getState);
}
