import {
  nextConnectionState,
  ONLINE,
  probeDueAt,
  type ConnectionEvent,
  type ConnectionState,
} from "@/lib/connection";

export interface ConnectionMonitorOptions {
  /** Asks the server something cheap; resolves true when it answered. */
  probe: () => Promise<boolean>;
  now?: () => number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The app's one connection state (src/lib/connection.ts) with its probes and listeners. */
export interface ConnectionMonitor {
  getState: () => ConnectionState;
  subscribe: (listener: () => void) => () => void;
  /** A call or a page's code got no answer. */
  noAnswer: () => void;
  /** The server answered a call, whatever it said. */
  answer: () => void;
  /** The browser says it has no network. */
  offline: () => void;
  /** The browser has a network again, or the person asked: probe now instead of waiting. */
  probeNow: () => void;
  /** `listener` runs each time the server answers again after a loss. */
  onRecovered: (listener: () => void) => () => void;
  /** Stops the timers (the app is going away). */
  stop: () => void;
}

export function createConnectionMonitor({
  probe,
  now = Date.now,
  random = Math.random,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => {
    clearTimeout(timer);
  },
}: ConnectionMonitorOptions): ConnectionMonitor {
  let state: ConnectionState = ONLINE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;
  let stopped = false;
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();

  function dispatch(event: ConnectionEvent) {
    if (stopped) return;
    const previous = state;
    state = nextConnectionState(state, event, now(), random());
    if (state === previous) return;
    schedule();
    for (const listener of [...listeners]) listener();
    if (previous.status === "lost" && state.status === "back") {
      for (const listener of [...recoveredListeners]) listener();
    }
  }

  function schedule() {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (stopped) return;
    if (state.status === "back") {
      timer = setTimer(
        () => {
          const before = state;
          dispatch({ type: "tick" });
          // A timer may fire a moment before the clock reads its end (timers and Date.now()
          // keep different clocks): the state is then unchanged, and the rest is waited out.
          if (state === before && state.status === "back") schedule();
        },
        Math.max(0, state.until - now()),
      );
      return;
    }
    const due = probeDueAt(state);
    if (due === undefined) return;
    timer = setTimer(runProbe, Math.max(0, due - now()));
  }

  function runProbe() {
    timer = undefined;
    // One probe at a time; the one under way reports for all.
    if (probing || stopped) return;
    probing = true;
    void probe()
      .catch(() => false)
      .then((answered) => {
        probing = false;
        dispatch({ type: answered ? "answer" : "probe-failed" });
        // The state did not change (it moved on while the probe was out): keep to its plan.
        if (timer === undefined) schedule();
      });
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    noAnswer: () => {
      dispatch({ type: "no-answer" });
    },
    answer: () => {
      dispatch({ type: "answer" });
    },
    offline: () => {
      dispatch({ type: "offline" });
    },
    probeNow: () => {
      dispatch({ type: "probe-now" });
    },
    onRecovered: (listener) => {
      recoveredListeners.add(listener);
      return () => {
        recoveredListeners.delete(listener);
      };
    },
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
    },
  };
}
