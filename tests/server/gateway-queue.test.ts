import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  QueueOverloadedError,
  QueueRegistry,
  QueueTimeoutError,
  RequestQueue,
} from "../../server/gateway/queue";

interface Backend {
  url: string;
  close(): Promise<void>;
}

const backends: Backend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((backend) => backend.close()));
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A tiny HTTP backend in this process; `answer` gets each POST body as parsed JSON and the time
 * the request arrived (before its body was read).
 */
async function startBackend(
  answer: (body: Record<string, unknown>, request: IncomingMessage, arrivedAt: number) => unknown,
): Promise<Backend> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const arrivedAt = performance.now();
    void readBody(request).then((text) => {
      const body = text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answer(body, request, arrivedAt)));
    });
  });
  // Keeps connections open between the calls of a test (the default 5 s would make the client
  // drop idle ones and open new ones mid-test; see the ordering test).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const backend: Backend = {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
  backends.push(backend);
  return backend;
}

async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

const isRateLimited = (answer: Record<string, unknown>) =>
  answer.success === false && answer.error_code === 9;

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe("RequestQueue against a real backend", () => {
  it("keeps 200 simultaneous calls under 20 per second, answers all, in each caller's order", async () => {
    const arrivals: { at: number; wallSecond: number; caller: number; seq: number }[] = [];
    const backend = await startBackend((body, request, arrivedAt) => {
      if (request.url === "/call") {
        arrivals.push({
          at: arrivedAt,
          wallSecond: Math.floor((performance.timeOrigin + arrivedAt) / 1000),
          caller: Number(body.caller),
          seq: Number(body.seq),
        });
      }
      return { success: true, caller: body.caller, seq: body.seq };
    });
    // Calls that start within a millisecond of each other on different connections can reach
    // the backend in either order when one of them has to open a new connection first; that is
    // the network, not the queue. With the pool of connections open beforehand, arrival order
    // shows the queue's order.
    await Promise.all(Array.from({ length: 20 }, () => postJson(`${backend.url}/warm-up`, {})));

    const queue = new RequestQueue();
    const started: string[] = [];
    const calls: Promise<Record<string, unknown>>[] = [];
    for (let seq = 0; seq < 50; seq += 1) {
      for (let caller = 0; caller < 4; caller += 1) {
        const send = () => {
          started.push(`${String(caller)}:${String(seq)}`);
          return postJson(`${backend.url}/call`, { caller, seq });
        };
        calls.push(queue.run(send, isRateLimited));
      }
    }
    expect(queue.waiting).toBe(180);
    const answers = await Promise.all(calls);

    expect(answers).toHaveLength(200);
    answers.forEach((answer, index) => {
      expect(answer).toEqual({ success: true, caller: index % 4, seq: Math.floor(index / 4) });
    });
    expect(arrivals).toHaveLength(200);

    const perWallSecond = new Map<number, number>();
    for (const { wallSecond } of arrivals) {
      perWallSecond.set(wallSecond, (perWallSecond.get(wallSecond) ?? 0) + 1);
    }
    expect(Math.max(...perWallSecond.values())).toBeLessThanOrEqual(20);

    // 21 arrivals inside any 1000 ms window would mean some arrival and the 20th after it are
    // less than 1000 ms apart.
    const times = arrivals.map(({ at }) => at).sort((a, b) => a - b);
    const tightest = Math.min(
      ...times.slice(20).map((time, index) => time - (times[index] ?? -Infinity)),
    );
    expect(tightest).toBeGreaterThanOrEqual(1000);

    expect(started).toEqual(
      Array.from({ length: 200 }, (_, i) => `${String(i % 4)}:${String(Math.floor(i / 4))}`),
    );
    for (let caller = 0; caller < 4; caller += 1) {
      const order = arrivals.filter((arrival) => arrival.caller === caller).map((a) => a.seq);
      expect(order).toEqual(Array.from({ length: 50 }, (_, seq) => seq));
    }
    expect(queue.waiting).toBe(0);
  }, 20_000);

  it("sends a rate-limited call again after a growing backoff until it succeeds", async () => {
    const sends = new Map<string, number[]>();
    const backend = await startBackend((body) => {
      const id = String(body.id);
      const times = sends.get(id) ?? [];
      times.push(performance.now());
      sends.set(id, times);
      return times.length <= 2
        ? { success: false, error_code: 9, error_message: "Too many requests per second" }
        : { success: true, id };
    });
    const queue = new RequestQueue({ retryBaseMs: 40 });

    const [first, second] = await Promise.all([
      queue.run(() => postJson(backend.url, { id: "a" }), isRateLimited),
      queue.run(() => postJson(backend.url, { id: "b" }), isRateLimited),
    ]);

    expect(first).toEqual({ success: true, id: "a" });
    expect(second).toEqual({ success: true, id: "b" });
    const times = sends.get("a") ?? [];
    expect(times).toHaveLength(3);
    const [t0 = 0, t1 = 0, t2 = 0] = times;
    expect(t1 - t0).toBeGreaterThanOrEqual(39);
    expect(t2 - t1).toBeGreaterThanOrEqual(79);
  });

  it("gives up after `retries` re-sends and resolves with the last answer", async () => {
    let count = 0;
    const backend = await startBackend(() => {
      count += 1;
      return { success: false, error_code: 9, error_message: "Too many requests per second" };
    });
    const queue = new RequestQueue({ retries: 2, retryBaseMs: 10 });

    const answer = await queue.run(() => postJson(backend.url, {}), isRateLimited);

    expect(answer).toMatchObject({ success: false, error_code: 9 });
    expect(count).toBe(3);
    expect(queue.waiting).toBe(0);
  });
});

describe("RequestQueue limits", () => {
  it("refuses a call at once when too many are waiting", async () => {
    const queue = new RequestQueue({ perSecond: 1, maxQueued: 2 });
    const controller = new AbortController();
    const sent: number[] = [];
    const send = (n: number) => () => {
      sent.push(n);
      return Promise.resolve(n);
    };

    const running = queue.run(send(1));
    const waiting = [2, 3].map((n) => queue.run(send(n), undefined, controller.signal));
    const refused = queue.run(send(4));

    await expect(refused).rejects.toThrow(QueueOverloadedError);
    await expect(refused).rejects.toThrow(/2 already queued \(limit 2/);
    await expect(running).resolves.toBe(1);
    expect(queue.waiting).toBe(2);

    controller.abort();
    for (const call of waiting) await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(sent).toEqual([1]);
    expect(queue.waiting).toBe(0);
  });

  it("by default queues only as many calls as it can send before they would time out", async () => {
    const queue = new RequestQueue({ perSecond: 2, timeoutMs: 1000 });
    const controller = new AbortController();
    const sent = [1, 2].map((n) => queue.run(() => Promise.resolve(n)));
    const waiting = [3, 4].map((n) =>
      queue.run(() => Promise.resolve(n), undefined, controller.signal),
    );
    await expect(queue.run(() => Promise.resolve(5))).rejects.toThrow(/limit 2,/);
    await expect(Promise.all(sent)).resolves.toEqual([1, 2]);
    controller.abort();
    for (const call of waiting) await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("refuses a call still unsent after timeoutMs", async () => {
    const queue = new RequestQueue({ perSecond: 1, timeoutMs: 80 });
    const sent: string[] = [];
    const started = performance.now();

    await queue.run(() => Promise.resolve(sent.push("first")));
    const late = queue.run(() => Promise.resolve(sent.push("late")));

    await expect(late).rejects.toThrow(QueueTimeoutError);
    await expect(late).rejects.toThrow(/waited 80 ms without being sent/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(79);
    expect(sent).toEqual(["first"]);
    expect(queue.waiting).toBe(0);
  });

  it("removes an aborted call from the queue, keeps the order of the others, leaves no timer", async () => {
    const timersBefore = activeTimers();
    let clock = 0;
    const queue = new RequestQueue({ perSecond: 1, now: () => clock });
    const sent: string[] = [];
    const send = (name: string) => () => {
      sent.push(name);
      return Promise.resolve(name);
    };

    const first = queue.run(send("first"));
    const controller = new AbortController();
    const aborted = queue.run(send("aborted"), undefined, controller.signal);
    const third = queue.run(send("third"));
    expect(queue.waiting).toBe(2);
    expect(activeTimers()).toBeGreaterThan(timersBefore);

    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    expect(queue.waiting).toBe(1);

    // The window opens; the next call to wake the queue sends the oldest waiting call first.
    clock = 5000;
    const fourth = deferred<string>();
    const last = queue.run(() => {
      sent.push("fourth");
      return fourth.promise;
    });
    expect(sent).toEqual(["first", "third"]);
    await expect(first).resolves.toBe("first");
    await expect(third).resolves.toBe("third");

    clock = 10_000;
    const lateController = new AbortController();
    const lateCall = queue.run(send("late"), undefined, lateController.signal);
    expect(sent).toEqual(["first", "third", "fourth"]);
    lateController.abort();
    await expect(lateCall).rejects.toMatchObject({ name: "AbortError" });
    fourth.resolve("fourth");
    await expect(last).resolves.toBe("fourth");

    expect(queue.waiting).toBe(0);
    expect(activeTimers()).toBe(timersBefore);
  });

  it("frees a place 1000 ms after the answer, or 2000 ms after the start when no answer comes", async () => {
    let clock = 0;
    const queue = new RequestQueue({ perSecond: 1, now: () => clock });
    const sent: string[] = [];
    const send = (name: string) => () => {
      sent.push(name);
      return Promise.resolve(name);
    };

    const answer = deferred<string>();
    const first = queue.run(() => answer.promise);
    clock = 100;
    answer.resolve("first");
    await first;

    // The answer came at 100: the place is taken until 1100, not 1000.
    clock = 1050;
    const second = queue.run(send("second"));
    expect(sent).toEqual([]);
    clock = 1100;
    const dropped = new AbortController();
    const third = queue.run(send("third"), undefined, dropped.signal);
    expect(sent).toEqual(["second"]);
    dropped.abort();
    await expect(third).rejects.toMatchObject({ name: "AbortError" });
    await expect(second).resolves.toBe("second");

    // A send not answered 1000 ms after its start is taken to have arrived by then: its place
    // frees 1000 + 1000 ms after its start (4100), answer or not.
    clock = 2100;
    const slow = deferred<string>();
    const slowCall = queue.run(() => slow.promise);
    clock = 4099;
    const fourth = queue.run(send("fourth"));
    expect(sent).toEqual(["second"]);
    clock = 4100;
    const controller = new AbortController();
    const fifth = queue.run(send("fifth"), undefined, controller.signal);
    expect(sent).toEqual(["second", "fourth"]);
    await expect(fourth).resolves.toBe("fourth");

    controller.abort();
    await expect(fifth).rejects.toMatchObject({ name: "AbortError" });
    slow.resolve("slow");
    await expect(slowCall).resolves.toBe("slow");
    expect(queue.waiting).toBe(0);
  });

  it("passes on what send throws, without re-sending", async () => {
    const queue = new RequestQueue();
    let sends = 0;
    const failure = new Error("connection refused");
    const call = queue.run(() => {
      sends += 1;
      return Promise.reject(failure);
    }, isRateLimited);
    await expect(call).rejects.toBe(failure);
    expect(sends).toBe(1);
    expect(queue.waiting).toBe(0);
  });

  it("refuses at once a call whose signal is already aborted", async () => {
    const queue = new RequestQueue();
    let sent = false;
    const call = queue.run(() => Promise.resolve((sent = true)), undefined, AbortSignal.abort());
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(sent).toBe(false);
  });

  it("refuses options that cannot work", () => {
    expect(() => new RequestQueue({ perSecond: 0 })).toThrow(RangeError);
    expect(() => new RequestQueue({ retries: 1.5 })).toThrow(/retries/);
  });
});

describe("QueueRegistry", () => {
  it("gives one queue per key", () => {
    const registry = new QueueRegistry({ perSecond: 5 });
    const a = registry.for("digest-a");
    expect(registry.for("digest-a")).toBe(a);
    expect(registry.for("digest-b")).not.toBe(a);
    expect(a).toBeInstanceOf(RequestQueue);
  });
});
