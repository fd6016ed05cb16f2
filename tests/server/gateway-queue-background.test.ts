import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueueRegistry, RequestQueue } from "../../server/gateway/queue";

/**
 * The background lane of the per-token queue (the directory's sync), on a fake clock: people's
 * calls always go first, and background calls hold at most their share of the window.
 */
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Sends that answer after `latencyMs`, recording when each started. */
function recorder(latencyMs: number) {
  const started: { name: string; at: number }[] = [];
  const send = (name: string) => () => {
    started.push({ name, at: Date.now() });
    return new Promise<string>((resolve) => setTimeout(() => resolve(name), latencyMs));
  };
  return { started, send };
}

const background = { background: true };

describe("the background lane", () => {
  it("never takes more than its share of a second's calls", async () => {
    const queue = new RequestQueue({ perSecond: 20, backgroundShare: 0.5, now: () => Date.now() });
    expect(queue.backgroundLimit).toBe(10);
    const { started, send } = recorder(50);
    const calls = Array.from({ length: 40 }, (_, n) =>
      queue.run(send(`sync ${String(n)}`), undefined, undefined, background),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(calls);
    // A place is held from the start until 1 s after the answer: 10 places, 1.05 s a round.
    for (let at = 0; at < 4_000; at += 100) {
      const inWindow = started.filter((call) => call.at > at - 1000 && call.at <= at);
      expect(inWindow.length).toBeLessThanOrEqual(10);
    }
    expect(started.filter((call) => call.at < 1000)).toHaveLength(10);
  });

  it("lets a person's call past every waiting background call", async () => {
    const queue = new RequestQueue({ perSecond: 20, backgroundShare: 0.5, now: () => Date.now() });
    const { started, send } = recorder(50);
    const sync = Array.from({ length: 200 }, (_, n) =>
      queue.run(send(`sync ${String(n)}`), undefined, undefined, background),
    );
    await vi.advanceTimersByTimeAsync(2_500);
    const asked = Date.now();
    const person = queue.run(send("person"));
    expect(started.at(-1)).toEqual({ name: "person", at: asked });
    await vi.advanceTimersByTimeAsync(100);
    await expect(person).resolves.toBe("person");
    // Nine more people at once still all go out at once: the other half of the window (less
    // the place the first person's call holds) is theirs.
    const people = Array.from({ length: 9 }, (_, n) => queue.run(send(`person ${String(n)}`)));
    expect(
      started.filter((call) => call.name.startsWith("person ")).map((call) => call.at),
    ).toEqual(Array.from({ length: 9 }, () => Date.now()));
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(people);
    expect(queue.waitingInBackground).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(sync);
    expect(queue.waitingInBackground).toBe(0);
  });

  it("waits for people first when they fill the window", async () => {
    const queue = new RequestQueue({ perSecond: 4, backgroundShare: 0.5, now: () => Date.now() });
    const { started, send } = recorder(10);
    const people = Array.from({ length: 8 }, (_, n) => queue.run(send(`person ${String(n)}`)));
    const sync = queue.run(send("sync"), undefined, undefined, background);
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all([...people, sync]);
    expect(started.map((call) => call.name).at(-1)).toBe("sync");
  });

  it("is never refused for a full queue nor timed out, and leaves with its signal", async () => {
    const queue = new RequestQueue({
      perSecond: 1,
      maxQueued: 1,
      timeoutMs: 100,
      now: () => Date.now(),
    });
    const { send } = recorder(1);
    const controller = new AbortController();
    const calls = Array.from({ length: 5 }, (_, n) =>
      queue.run(send(`sync ${String(n)}`), undefined, controller.signal, background),
    );
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(calls[0]).resolves.toBe("sync 0");
    controller.abort();
    await expect(calls[4]).rejects.toMatchObject({ name: "AbortError" });
    expect(queue.waitingInBackground).toBe(0);
    for (const call of calls.slice(1)) await call.catch(() => undefined);
  });

  it("re-sends a rate-limited background call in the background lane", async () => {
    const queue = new RequestQueue({ perSecond: 2, retryBaseMs: 10, now: () => Date.now() });
    let answers = 0;
    const call = queue.run(
      () => Promise.resolve(++answers),
      (answer) => answer < 3,
      undefined,
      background,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(call).resolves.toBe(3);
  });

  it("takes its share from the registry and refuses shares outside 0..1", () => {
    expect(
      new QueueRegistry({ perSecond: 20, backgroundShare: 0.25 }).for("a").backgroundLimit,
    ).toBe(5);
    expect(new RequestQueue({ perSecond: 1, backgroundShare: 0.1 }).backgroundLimit).toBe(1);
    expect(() => new RequestQueue({ backgroundShare: 1.5 })).toThrow(RangeError);
    expect(() => new RequestQueue({ backgroundShare: -1 })).toThrow(RangeError);
  });
});

describe("a person's call being sent", () => {
  it("holds background calls until it is answered", async () => {
    const queue = new RequestQueue({ perSecond: 20, backgroundShare: 0.5, now: () => Date.now() });
    const { started, send } = recorder(300);
    const person = queue.run(send("person"));
    const sync = queue.run(send("sync"), undefined, undefined, background);
    await vi.advanceTimersByTimeAsync(299);
    expect(started.map((call) => call.name)).toEqual(["person"]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(person).resolves.toBe("person");
    expect(started).toEqual([
      { name: "person", at: 0 },
      { name: "sync", at: 300 },
    ]);
    await vi.advanceTimersByTimeAsync(300);
    await expect(sync).resolves.toBe("sync");
  });

  it("holds them no longer than a second when it is slow", async () => {
    const queue = new RequestQueue({ perSecond: 20, backgroundShare: 0.5, now: () => Date.now() });
    const { started, send } = recorder(5_000);
    const person = queue.run(send("person"));
    const sync = queue.run(send("sync"), undefined, undefined, background);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toEqual([
      { name: "person", at: 0 },
      { name: "sync", at: 1_000 },
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([person, sync]);
  });
});
