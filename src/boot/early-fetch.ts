import type { EarlyRequest } from "./first-screen-requests";

/**
 * Requests sent before the app's code has run (src/boot/boot.ts), and their hand-over to the
 * app: the first client call that makes the same request (method, URL, headers, JSON body,
 * cache mode) gets its answer instead of sending it again. Each answer is handed over once,
 * only for a while after it was asked for, and never once the app has drawn its first screen
 * (closeEarly); a request the app made first is not sent early at all. An early request that
 * failed is sent again by the app's call; anything that matches none goes to the browser's fetch.
 */

/** How long an early answer waits for the app to ask for it. */
export const EARLY_ANSWER_MS = 15_000;

interface Sent {
  key: string;
  /** A copy of the answer, made as it arrives, for the app: boot.ts reads the original. */
  answer: Promise<Response>;
  /** Cancels the early request: the app's signal is passed on to it once the app takes it. */
  cancel: AbortController;
  at: number;
}

const sent: Sent[] = [];
/** What the app asked for itself before an early request for it went out: never sent twice. */
const askedByApp = new Set<string>();
/** Whether the app has not drawn its first screen yet (closeEarly). */
let open = true;

/** Sends the request now, for the app to take its answer; nothing once the app has drawn. */
export function sendEarly(
  request: EarlyRequest,
  fetch: typeof globalThis.fetch = globalThis.fetch,
  now: number = performance.now(),
): Promise<Response> | undefined {
  const key = requestKey(request.url, request);
  if (!open || askedByApp.has(key)) return undefined;
  const cancel = new AbortController();
  const answer = fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: "same-origin",
    signal: cancel.signal,
  });
  const copy = answer.then((response) => response.clone());
  // Its failure is the app's to meet again, if it asks (takeEarly).
  copy.catch(() => undefined);
  sent.push({ key, answer: copy, cancel, at: now });
  return answer;
}

/** Method, URL, headers, cache mode and a JSON body in one text, whatever their order or case. */
function requestKey(url: string, init: RequestInit): string {
  const sorted = (_key: string, value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value;
  let body: unknown = init.body ?? null;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      // Not JSON: compared as it is.
    }
  }
  // Iterated sorted by name, in lower case.
  const headers = [...new Headers(init.headers)];
  const method = (init.method ?? "GET").toUpperCase();
  return JSON.stringify([method, url, headers, init.cache ?? "default", body], sorted);
}

/**
 * The early answer to this request, once, or undefined. It behaves as fetch would: the caller's
 * signal cancels it (the body's reading too), and if the early request failed, the request is
 * sent again now.
 */
export function takeEarly(
  input: RequestInfo | URL,
  init: RequestInit = {},
  now: number = performance.now(),
): Promise<Response> | undefined {
  if (!open || typeof input !== "string" || init.signal?.aborted) return undefined;
  const key = requestKey(input, init);
  const index = sent.findIndex((item) => now - item.at <= EARLY_ANSWER_MS && item.key === key);
  const [found] = index < 0 ? [] : sent.splice(index, 1);
  if (!found) {
    askedByApp.add(key);
    return undefined;
  }
  const { signal } = init;
  signal?.addEventListener(
    "abort",
    () => {
      found.cancel.abort(signal.reason);
    },
    { once: true },
  );
  return found.answer.catch((error: unknown) =>
    signal?.aborted ? Promise.reject(error as Error) : globalThis.fetch(input, init),
  );
}

/** The browser's fetch, which takes an early answer where there is one. */
export const browserFetch: typeof globalThis.fetch = (input, init) =>
  takeEarly(input, init) ?? globalThis.fetch(input, init);

/**
 * The app has drawn its first screen (src/main.tsx): every early request it did not take is
 * cancelled and dropped, and none is sent any more. An answer from before the first screen must never stand
 * in for a request made after it, when the person may have changed something.
 */
export function closeEarly(): void {
  open = false;
  // Ended, not left unread: an answer nobody reads would hold its connection (HTTP/1.1 keeps
  // six) and leave the page's network busy.
  for (const item of sent) item.cancel.abort();
  sent.length = 0;
  askedByApp.clear();
}

/** Forgets every early request and takes new ones again (tests). */
export function forgetEarly(): void {
  open = true;
  sent.length = 0;
  askedByApp.clear();
}
