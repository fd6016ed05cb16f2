import type { EarlyRequest } from "./first-screen-requests";

/**
 * Requests sent before the app's code has run (src/boot/boot.ts), and their hand-over to the
 * app: the first client call that asks for the same request (method, URL, headers, body) gets
 * its answer instead of sending it again. Each answer is handed over once, and only for a
 * while after it was asked for; after that the app's request goes out as ever. Nothing is
 * taken over otherwise: a request that matches none is sent by the browser's fetch.
 */

/** How long an early answer waits for the app to ask for it. */
export const EARLY_ANSWER_MS = 15_000;

interface Sent {
  request: EarlyRequest;
  answer: Promise<Response>;
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
  if (!open || askedByApp.has(requestKey(request.url, request))) return undefined;
  const answer = fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: "same-origin",
  });
  // Its failure is the app's to see, if it takes it.
  answer.catch(() => undefined);
  sent.push({ request, answer, at: now });
  return answer;
}

/** Headers, a JSON body and the method in one text whatever their order or case. */
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
  return JSON.stringify([(init.method ?? "GET").toUpperCase(), url, headers, body], sorted);
}

/** The answer settles as fetch's would: the caller's signal still cancels it. */
function withSignal(answer: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return answer;
  const aborted = new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener("abort", () => {
      reject(signal.reason as Error);
    });
  });
  return Promise.race([aborted, answer]);
}

/** The early answer to this request, once, or undefined. */
export function takeEarly(
  input: RequestInfo | URL,
  init: RequestInit = {},
  now: number = performance.now(),
): Promise<Response> | undefined {
  if (!open || typeof input !== "string") return undefined;
  const key = requestKey(input, init);
  const index = sent.findIndex(
    (item) =>
      now - item.at <= EARLY_ANSWER_MS && requestKey(item.request.url, item.request) === key,
  );
  const [found] = index < 0 ? [] : sent.splice(index, 1);
  if (!found) {
    askedByApp.add(key);
    return undefined;
  }
  return withSignal(found.answer, init.signal);
}

/** The browser's fetch, which takes an early answer where there is one. */
export const browserFetch: typeof globalThis.fetch = (input, init) =>
  takeEarly(input, init) ?? globalThis.fetch(input, init);

/**
 * The app has drawn its first screen (src/main.tsx): every early answer it did not take is
 * dropped, and none is sent any more. An answer from before the first screen must never stand
 * in for a request made after it, when the person may have changed something.
 */
export function closeEarly(): void {
  open = false;
  sent.length = 0;
  askedByApp.clear();
}

/** Forgets every early request and takes new ones again (tests). */
export function forgetEarly(): void {
  open = true;
  sent.length = 0;
  askedByApp.clear();
}
