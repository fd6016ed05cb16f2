import type * as z from "@/contract/zod";
import { CSRF_HEADER } from "@/contract/session-constants";
import type { ViewChangeRequest, ViewCreateRequest, ViewItem } from "@/contract/views";
import type { GatewayFetch } from "../api-context";
import type { ViewOperation } from "../api-error";
import { DEFAULT_TIMEOUT_MS } from "../client";
import type { ContractSchemas } from "../contract-schemas";
import { exchange, failFor, readAnswer, sendWithSchemas } from "../exchange";

/**
 * The gateway's saved views (`/views/<group_id>/…`, src/contract/views.ts): one function per
 * endpoint, each answer parsed by the contract (loaded lazily, as for the directory) and each
 * failure an ApiError with the gateway's reason, so describeApiError words it.
 */

interface Send {
  operation: ViewOperation;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function send<Schema extends z.ZodMiniType>(
  gateway: GatewayFetch,
  request: Send,
  pick: (schemas: ContractSchemas) => Schema,
): Promise<z.output<Schema>> {
  const fail = failFor(request.operation);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.method !== "GET") {
    // The gateway refuses writes without it: a cross-site form cannot set a custom header.
    headers[CSRF_HEADER] = "1";
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
  }
  const sendNow = () =>
    exchange(
      `/views/${request.path}`,
      {
        method: request.method,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
      },
      { fetch: gateway, signal: request.signal, timeoutMs: DEFAULT_TIMEOUT_MS, fail },
    );
  const { schemas, answer } = await sendWithSchemas(
    request.method === "GET",
    sendNow,
    fail,
    request.signal,
  );
  return readAnswer(answer, pick(schemas), { failureBody: schemas.failureBody, fail });
}

const one = (groupId: number, viewId: number) => `${String(groupId)}/${String(viewId)}`;

/** Mine and the team's shared views of the channel, by name. */
export async function fetchViews(
  gateway: GatewayFetch,
  groupId: number,
  signal?: AbortSignal,
): Promise<ViewItem[]> {
  const answer = await send(
    gateway,
    { operation: "views/list", method: "GET", path: String(groupId), signal },
    (schemas) => schemas.viewsResponse,
  );
  return answer.items;
}

export async function createView(
  gateway: GatewayFetch,
  groupId: number,
  view: ViewCreateRequest,
): Promise<ViewItem> {
  const answer = await send(
    gateway,
    { operation: "views/create", method: "POST", path: String(groupId), body: view },
    (schemas) => schemas.viewResponse,
  );
  return answer.item;
}

export async function changeView(
  gateway: GatewayFetch,
  groupId: number,
  viewId: number,
  change: ViewChangeRequest,
): Promise<ViewItem> {
  const answer = await send(
    gateway,
    { operation: "views/change", method: "PATCH", path: one(groupId, viewId), body: change },
    (schemas) => schemas.viewResponse,
  );
  return answer.item;
}

export async function deleteView(
  gateway: GatewayFetch,
  groupId: number,
  viewId: number,
): Promise<void> {
  await send(
    gateway,
    { operation: "views/delete", method: "DELETE", path: one(groupId, viewId) },
    (schemas) => schemas.viewsResponse,
  );
}

/** Puts the view in the caller's navigation (`pinned`) or takes it out. */
export async function pinView(
  gateway: GatewayFetch,
  groupId: number,
  viewId: number,
  pinned: boolean,
): Promise<ViewItem> {
  const answer = await send(
    gateway,
    {
      operation: pinned ? "views/pin" : "views/unpin",
      method: pinned ? "PUT" : "DELETE",
      path: `${one(groupId, viewId)}/pin`,
    },
    (schemas) => schemas.viewResponse,
  );
  return answer.item;
}
