import { describe, expect, it } from "vitest";
import {
  BACK_NOTICE_MS,
  callsMayGo,
  nextConnectionState,
  ONLINE,
  probeDelay,
  probeDueAt,
  type ConnectionEvent,
  type ConnectionState,
} from "../../src/lib/connection";

const T = 1_795_000_000_000;

/** Runs `events`, each at its own time, from `state`. */
function run(state: ConnectionState, events: [number, ConnectionEvent["type"]][]) {
  return events.reduce((current, [at, type]) => nextConnectionState(current, { type }, at), state);
}

describe("the connection state", () => {
  it("checks once before saying the connection is lost", () => {
    const checking = nextConnectionState(ONLINE, { type: "no-answer" }, T);
    expect(checking).toEqual({ status: "checking", since: T });
    expect(probeDueAt(checking)).toBe(T);
    expect(callsMayGo(checking)).toBe(true);
    // The server answered the check: nothing to tell anyone.
    expect(nextConnectionState(checking, { type: "answer" }, T + 50)).toEqual(ONLINE);
  });

  it("is lost since the first failure, retrying 1 s, 2 s, 4 s… later, up to 30 s", () => {
    let state = run(ONLINE, [
      [T, "no-answer"],
      [T + 100, "probe-failed"],
    ]);
    expect(state).toEqual({ status: "lost", since: T, attempt: 0, nextProbeAt: T + 1100 });
    expect(callsMayGo(state)).toBe(false);
    state = nextConnectionState(state, { type: "probe-failed" }, T + 1100);
    expect(state).toMatchObject({ attempt: 1, nextProbeAt: T + 3100, since: T });
    // More failures of calls change nothing: one loss, one schedule.
    expect(nextConnectionState(state, { type: "no-answer" }, T + 2000)).toBe(state);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => probeDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    // Spread by ±25 % so that many browsers do not knock at once.
    expect(probeDelay(2, 0)).toBe(3000);
    expect(probeDelay(2, 1)).toBe(5000);
  });

  it("says the connection is back when the server answers, then goes quiet", () => {
    const lost = run(ONLINE, [
      [T, "no-answer"],
      [T + 100, "probe-failed"],
    ]);
    const back = nextConnectionState(lost, { type: "answer" }, T + 5000);
    expect(back).toEqual({ status: "back", since: T + 5000, until: T + 5000 + BACK_NOTICE_MS });
    expect(callsMayGo(back)).toBe(true);
    expect(nextConnectionState(back, { type: "tick" }, T + 5000 + BACK_NOTICE_MS - 1)).toBe(back);
    expect(nextConnectionState(back, { type: "tick" }, T + 5000 + BACK_NOTICE_MS)).toEqual(ONLINE);
    // A new failure while the notice shows is checked again.
    expect(nextConnectionState(back, { type: "no-answer" }, T + 6000)).toEqual({
      status: "checking",
      since: T + 6000,
    });
  });

  it("believes the browser's offline at once, and probes at once when it is online again", () => {
    const lost = nextConnectionState(ONLINE, { type: "offline" }, T);
    expect(lost).toEqual({ status: "lost", since: T, attempt: 0, nextProbeAt: T + 1000 });
    const now = nextConnectionState(lost, { type: "probe-now" }, T + 200);
    expect(probeDueAt(now)).toBe(T + 200);
    // Online from the browser proves nothing by itself: only an answer ends the loss.
    expect(now.status).toBe("lost");
    expect(nextConnectionState(ONLINE, { type: "probe-now" }, T)).toBe(ONLINE);
    expect(probeDueAt(ONLINE)).toBeUndefined();
  });
});
