import { afterEach, describe, expect, it, vi } from "vitest";
import {
  closeEarly,
  EARLY_ANSWER_MS,
  forgetEarly,
  sendEarly,
  takeEarly,
} from "../../src/boot/early-fetch";
import { type EarlyRequest, sessionRequest } from "../../src/boot/first-screen-requests";

const request: EarlyRequest = {
  method: "POST",
  url: "/api/subscriptions/get",
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: JSON.stringify({ offset: 0, count: 100, group_id: 1001 }),
};

/** What the app's client sends for the same call: the body's keys in the contract's order. */
const asked: RequestInit = {
  method: "POST",
  headers: { Accept: "application/json", "Content-Type": "application/json" },
  body: JSON.stringify({ count: 100, offset: 0, group_id: 1001 }),
};

function answered(text = "{}") {
  let sent = 0;
  const fetch: typeof globalThis.fetch = () => {
    sent += 1;
    return Promise.resolve(new Response(text));
  };
  return { fetch, sent: () => sent };
}

afterEach(() => {
  forgetEarly();
});

describe("early answers", () => {
  it("are handed to the same request once, whatever the order of the body's keys", async () => {
    const gateway = answered('{"success":true}');
    void sendEarly(request, gateway.fetch, 0);
    const answer = takeEarly(request.url, asked, 10);
    expect(await (await answer)?.text()).toBe('{"success":true}');
    expect(takeEarly(request.url, asked, 20)).toBeUndefined();
    expect(gateway.sent()).toBe(1);
  });

  it("are not handed to another request: method, URL, headers or body", () => {
    void sendEarly(request, answered().fetch, 0);
    expect(takeEarly("/api/utms/get", asked, 1)).toBeUndefined();
    expect(takeEarly(request.url, { ...asked, method: "GET", body: null }, 1)).toBeUndefined();
    expect(
      takeEarly(request.url, { ...asked, headers: { Accept: "application/json" } }, 1),
    ).toBeUndefined();
    expect(
      takeEarly(
        request.url,
        { ...asked, body: JSON.stringify({ offset: 100, count: 100, group_id: 1001 }) },
        1,
      ),
    ).toBeUndefined();
    expect(takeEarly(request.url, asked, 1)).toBeDefined();
  });

  it("are forgotten once they have waited too long", () => {
    void sendEarly(request, answered().fetch, 0);
    expect(takeEarly(request.url, asked, EARLY_ANSWER_MS + 1)).toBeUndefined();
  });

  it("still end when the caller's signal does, as fetch would, and cancel the early request", async () => {
    let early: AbortSignal | undefined;
    const hanging: typeof globalThis.fetch = (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        early = init?.signal ?? undefined;
        early?.addEventListener("abort", () => {
          reject(early?.reason as Error);
        });
      });
    void sendEarly(request, hanging, 0);
    const controller = new AbortController();
    const answer = takeEarly(request.url, { ...asked, signal: controller.signal }, 1);
    controller.abort(new DOMException("Timed out", "TimeoutError"));
    await expect(answer).rejects.toMatchObject({ name: "TimeoutError" });
    expect(early?.aborted).toBe(true);
  });

  it("that failed are asked for again by the app's request", async () => {
    void sendEarly(request, () => Promise.reject(new TypeError("Failed to fetch")), 0);
    const real = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("again"));
    try {
      const answer = await takeEarly(request.url, asked, 1);
      expect(await answer?.text()).toBe("again");
      expect(real).toHaveBeenCalledWith(request.url, asked);
    } finally {
      real.mockRestore();
    }
  });

  it("are handed over as a copy: whoever sent them early reads the original", async () => {
    const original = sendEarly(request, answered("both").fetch, 0);
    const mine = await original;
    const theirs = await takeEarly(request.url, asked, 1);
    expect(await mine?.text()).toBe("both");
    expect(await theirs?.text()).toBe("both");
  });

  it("are not handed to the same request made with another cache mode", () => {
    void sendEarly(request, answered().fetch, 0);
    expect(takeEarly(request.url, { ...asked, cache: "no-store" }, 1)).toBeUndefined();
  });

  it("are handed to the browser's default client", async () => {
    const real = vi.spyOn(globalThis, "fetch");
    try {
      void sendEarly(sessionRequest, answered(JSON.stringify({ signed_in: false })).fetch, 0);
      const { createSessionApi } = await import("../../src/api/session");
      await createSessionApi()
        .getSession()
        .catch(() => undefined);
      expect(real).not.toHaveBeenCalled();
    } finally {
      real.mockRestore();
    }
  });
});

describe("a request the app asked for before the early one went out", () => {
  it("is not sent early any more", () => {
    const gateway = answered();
    expect(takeEarly(request.url, asked, 0)).toBeUndefined();
    expect(sendEarly(request, gateway.fetch, 1)).toBeUndefined();
    expect(gateway.sent()).toBe(0);
  });
});

describe("after the app's first screen", () => {
  it("hands over nothing and sends nothing, and cancels what was not taken", () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const gateway = answered();
    const fetch: typeof globalThis.fetch = (input, init) => {
      signals.push(init?.signal);
      return gateway.fetch(input, init);
    };
    void sendEarly(request, fetch, 0);
    closeEarly();
    expect(signals[0]?.aborted).toBe(true);
    expect(takeEarly(request.url, asked, 1)).toBeUndefined();
    expect(sendEarly(request, gateway.fetch, 2)).toBeUndefined();
    expect(gateway.sent()).toBe(1);
  });
});
