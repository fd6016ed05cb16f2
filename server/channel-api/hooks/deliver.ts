import { type HookEvent, type HookMethod, hookEventToFields } from "../../../src/contract/hooks";

/**
 * One attempt to push an event: GET with the fields in the query string, POST as JSON, or POST
 * as a form (application/x-www-form-urlencoded). Resolves with the HTTP status; a redirect is
 * not followed (it counts as an answer other than 200). Rejects when the receiver cannot be
 * reached or does not answer within `timeoutMs`.
 */
export async function deliverHookEvent(
  doFetch: typeof globalThis.fetch,
  url: string,
  method: HookMethod,
  event: HookEvent,
  timeoutMs: number,
): Promise<number> {
  const common = {
    redirect: "manual" as const,
    signal: AbortSignal.timeout(timeoutMs),
  };
  let response: Response;
  if (method === "get") {
    const query = new URLSearchParams(hookEventToFields(event)).toString();
    response = await doFetch(`${url}${url.includes("?") ? "&" : "?"}${query}`, {
      ...common,
      method: "GET",
    });
  } else if (method === "json") {
    response = await doFetch(url, {
      ...common,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
  } else {
    response = await doFetch(url, {
      ...common,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(hookEventToFields(event)).toString(),
    });
  }
  // The answer's body is not read: only its status matters.
  await response.body?.cancel();
  return response.status;
}
