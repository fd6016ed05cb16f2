import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConnectionMonitor } from "../../src/api/connection-monitor";
import { BACK_NOTICE_MS } from "../../src/lib/connection";

describe("the connection monitor", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-23T21:30:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function monitorWith(answers: () => boolean) {
    const probes: number[] = [];
    const monitor = createConnectionMonitor({
      probe: () => {
        probes.push(Date.now());
        return Promise.resolve(answers());
      },
      random: () => 0.5,
    });
    const seen: string[] = [];
    monitor.subscribe(() => seen.push(monitor.getState().status));
    let recovered = 0;
    monitor.onRecovered(() => (recovered += 1));
    return { monitor, probes, seen, recovered: () => recovered };
  }

  it("probes with backoff while the server is away and recovers once when it answers", async () => {
    let up = false;
    const { monitor, probes, seen, recovered } = monitorWith(() => up);
    const start = Date.now();
    monitor.noAnswer();
    monitor.noAnswer();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(probes.map((at) => at - start)).toEqual([0, 1000, 3000, 7000]);
    expect(monitor.getState().status).toBe("lost");
    up = true;
    await vi.advanceTimersByTimeAsync(8000);
    expect(monitor.getState().status).toBe("back");
    expect(recovered()).toBe(1);
    await vi.advanceTimersByTimeAsync(BACK_NOTICE_MS);
    expect(seen).toEqual(["checking", "lost", "lost", "lost", "lost", "back", "online"]);
    // Quiet again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(5);
  });

  it("ends the notice that the connection is back even when its timer fires a moment early", () => {
    let clock = 0;
    const timers: { run: () => void; at: number }[] = [];
    const monitor = createConnectionMonitor({
      probe: () => Promise.resolve(true),
      now: () => clock,
      random: () => 0.5,
      // Each timer fires 1 ms before the clock reads its end, as timers and Date.now() may.
      setTimer: (run, ms) => {
        timers.push({ run, at: clock + ms });
        return timers.length as unknown as ReturnType<typeof setTimeout>;
      },
      clearTimer: () => undefined,
    });
    monitor.offline();
    monitor.answer();
    expect(monitor.getState().status).toBe("back");
    for (let fired = 0; fired < 5 && monitor.getState().status === "back"; fired++) {
      const next = timers.shift();
      if (!next) break;
      clock = Math.max(clock, next.at - 1);
      next.run();
      clock += 1;
    }
    expect(monitor.getState().status).toBe("online");
  });

  it("ends a loss as soon as any call gets an answer, without waiting for the probe", async () => {
    const { monitor, probes, recovered } = monitorWith(() => false);
    monitor.offline();
    expect(monitor.getState().status).toBe("lost");
    monitor.answer();
    expect(monitor.getState().status).toBe("back");
    expect(recovered()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probes).toHaveLength(0);
  });

  it("sends one probe at a time, however often it is asked", async () => {
    let release: (answered: boolean) => void = () => undefined;
    let calls = 0;
    const monitor = createConnectionMonitor({
      probe: () => {
        calls += 1;
        return new Promise<boolean>((resolve) => (release = resolve));
      },
    });
    monitor.offline();
    for (let i = 0; i < 5; i++) {
      monitor.probeNow();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(calls).toBe(1);
    release(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.getState().status).toBe("back");
  });
});
