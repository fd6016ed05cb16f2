/**
 * Whether the server answers, as one state for the whole app. Pure: the time comes in as
 * `now` (ms), so every step can be tested without a clock.
 * - `online`: calls get answers.
 * - `checking`: a call (or a page's code) got no answer; one probe decides before anyone is
 *   told, so a single slow call never raises the alarm.
 * - `lost`: no answer since `since`; probes follow with a growing pause (`attempt`).
 * - `back`: the server answered again after a loss; said briefly, until `until`.
 */
export type ConnectionState =
  | { status: "online" }
  | { status: "checking"; since: number }
  | { status: "lost"; since: number; attempt: number; nextProbeAt: number }
  | { status: "back"; since: number; until: number };

export type ConnectionEvent =
  /** A call or a chunk got no answer. */
  | { type: "no-answer" }
  /** The server answered (a probe, or any call, whatever it said). */
  | { type: "answer" }
  /** A probe got no answer. */
  | { type: "probe-failed" }
  /** The browser says it has no network. */
  | { type: "offline" }
  /** The browser says it has a network again, or the person asked to try now: probe at once. */
  | { type: "probe-now" }
  /** Time passes: ends the "back" notice. */
  | { type: "tick" };

export const ONLINE: ConnectionState = { status: "online" };

/** How long "connection is back" stays on screen. */
export const BACK_NOTICE_MS = 4000;
const FIRST_PROBE_MS = 1000;
const MAX_PROBE_MS = 30_000;

/**
 * The pause before probe number `attempt` (0, 1, 2…): 1 s, 2 s, 4 s… up to 30 s, spread by
 * `random` (0..1) over ±25 % so that many browsers do not all knock at the same moment.
 */
export function probeDelay(attempt: number, random = 0.5): number {
  const base = Math.min(FIRST_PROBE_MS * 2 ** Math.max(0, attempt), MAX_PROBE_MS);
  return Math.round(base * (0.75 + 0.5 * Math.min(1, Math.max(0, random))));
}

export function nextConnectionState(
  state: ConnectionState,
  event: ConnectionEvent,
  now: number,
  random = 0.5,
): ConnectionState {
  const lost = (since: number, attempt: number): ConnectionState => ({
    status: "lost",
    since,
    attempt,
    nextProbeAt: now + probeDelay(attempt, random),
  });
  switch (event.type) {
    case "no-answer":
      if (state.status === "online" || state.status === "back") {
        return { status: "checking", since: now };
      }
      return state;
    case "offline":
      if (state.status === "lost") return state;
      return lost(state.status === "checking" ? state.since : now, 0);
    case "probe-failed":
      if (state.status === "checking") return lost(state.since, 0);
      if (state.status === "lost") return lost(state.since, state.attempt + 1);
      return state;
    case "probe-now":
      if (state.status === "lost") return { ...state, nextProbeAt: now };
      return state;
    case "answer":
      if (state.status === "lost")
        return { status: "back", since: now, until: now + BACK_NOTICE_MS };
      if (state.status === "checking") return ONLINE;
      return state;
    case "tick":
      if (state.status === "back" && now >= state.until) return ONLINE;
      return state;
  }
}

/** When the next probe is due: at once while checking, on schedule while lost, else never. */
export function probeDueAt(state: ConnectionState): number | undefined {
  if (state.status === "checking") return state.since;
  if (state.status === "lost") return state.nextProbeAt;
  return undefined;
}

/** Calls may go out (TanStack Query's "online"): everything but a confirmed loss. */
export function callsMayGo(state: ConnectionState): boolean {
  return state.status !== "lost";
}
