import type { OperationId } from "@/contract/operations";
import { mayCall, type Role, roles } from "@/contract/roles";
import { CSRF_HEADER, SESSION_PROBE_HEADER } from "@/contract/session-constants";

/**
 * The requests a page's first screen makes, worked out from its URL alone, for src/boot/boot.ts
 * to send while the app's code is still downloading (issue 15): each is written exactly as the
 * app's clients write it (src/api: client.ts, session.ts, directory and views), so the app
 * takes its answer instead of asking again (early-fetch.ts). tests/unit/first-screen-requests
 * runs the pages' real first-screen code and checks that it asks for exactly these.
 *
 * Only the first screens the URL alone decides: the subscribers list as it opens (no
 * parameter of the list in the URL), the channel's page, and the names the subscriptions and
 * UTM pages show whatever their URL says (their counts follow the channel's zone and the
 * clock, which the page works out itself). Any other page, or the list with a filter, an
 * order, a page or a source of its own, is left to the app's router as before.
 */

export interface EarlyRequest {
  method: "GET" | "POST";
  /** Same origin: the path and query, as the clients give it to fetch. */
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string | null;
}

/** A request of a page's first screen, with the operation a role needs to be answered. */
export interface ScreenRequest extends EarlyRequest {
  needs: OperationId;
}

export interface FirstScreen {
  groupId: number;
  /** The operation the page needs (src/app/pages.ts): a role without it is not sent anything. */
  operation: OperationId;
  requests: readonly ScreenRequest[];
}

const JSON_ACCEPT = { Accept: "application/json" } as const;

/** The session check every page starts with (src/api/session.ts, `getSession`). */
export const sessionRequest: EarlyRequest = {
  method: "GET",
  url: "/auth/session",
  headers: { ...JSON_ACCEPT, [SESSION_PROBE_HEADER]: "1" },
  body: null,
};

/** A read of the gateway's own (the directory, saved views), for those who may list people. */
function get(url: string): ScreenRequest {
  return { method: "GET", url, headers: JSON_ACCEPT, body: null, needs: "subscribers/get" };
}

/** An operation of the Channel API through the gateway (src/api/client.ts). */
function call(groupId: number, operation: OperationId, fields: object): ScreenRequest {
  return {
    needs: operation,
    method: "POST",
    url: `/api/${operation}`,
    headers: { "Content-Type": "application/json", ...JSON_ACCEPT, [CSRF_HEADER]: "1" },
    body: JSON.stringify({ ...fields, group_id: groupId }),
  };
}

/** The largest page of a name lookup (src/api/offset-pages.ts reads every page of it). */
export const LOOKUP_PAGE = 100;

/** URL parameters that change nothing the list asks for (the hidden columns). */
const INERT_LIST_PARAMS = new Set(["cols"]);

export function firstScreenRequests(
  pathname: string,
  search: URLSearchParams,
): FirstScreen | undefined {
  const match = /^\/c\/([1-9][0-9]{0,14})(?:\/(subscribers|subscriptions|utm))?\/?$/u.exec(
    pathname,
  );
  if (!match) return undefined;
  const groupId = Number(match[1]);
  const segment = match[2];
  const group = String(groupId);
  // The saved views, which every page of a channel asks for with its own first data: the
  // navigation's pinned ones (src/app/page-loader.ts, startNavigation), for whoever may list
  // people (the subscribers list's toolbar reads the same list).
  const views = get(`/views/${group}`);
  if (segment === "subscriptions" || segment === "utm") {
    // src/features/subscriptions/prefetch.ts, src/features/utm/prefetch.ts: the names of the
    // subscriptions and tags, which their first screen waits for.
    return {
      groupId,
      operation: segment === "utm" ? "utms/statCount" : "subscribers/statSubscribe",
      requests: [
        call(groupId, "subscriptions/get", { offset: 0, count: LOOKUP_PAGE }),
        call(groupId, "utms/get", { offset: 0, count: LOOKUP_PAGE }),
        views,
      ],
    };
  }
  if (segment === undefined) {
    // src/features/channel/prefetch.ts
    return {
      groupId,
      operation: "groups/get",
      requests: [
        call(groupId, "groups/get", {}),
        call(groupId, "subscribers/subscribersCount", {}),
        views,
      ],
    };
  }
  if ([...search.keys()].some((key) => !INERT_LIST_PARAMS.has(key))) return undefined;
  // src/features/subscribers/prefetch.ts: the directory's newest 20, with its status, the
  // subscriptions' names and the saved views.
  return {
    groupId,
    operation: "subscribers/get",
    requests: [
      get(`/directory/${group}/status`),
      get(`/directory/${group}/people?sort=date&order=desc&limit=20`),
      call(groupId, "subscriptions/get", { offset: 0, count: LOOKUP_PAGE }),
      views,
    ],
  };
}

function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/**
 * Of the first screen's requests, those to send early given the session's answer (its JSON,
 * unparsed by the contract): none unless it is a signed-in person of the page's channel whose
 * role may open the page, and only those their role may make. A signed-out answer sends
 * nothing more. What is sent is what the app would ask for itself on that page.
 */
export function earlyRequestsFor(session: unknown, screen: FirstScreen): ScreenRequest[] {
  if (typeof session !== "object" || session === null) return [];
  const { role, channels } = session as { role?: unknown; channels?: unknown };
  if (!isRole(role) || !Array.isArray(channels)) return [];
  const inChannel = channels.some(
    (channel: unknown) =>
      typeof channel === "object" &&
      channel !== null &&
      (channel as { group_id?: unknown }).group_id === screen.groupId,
  );
  if (!inChannel || !mayCall(role, screen.operation)) return [];
  return screen.requests.filter((request) => mayCall(role, request.needs));
}
