import type { QueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@/contract/session";
import type { GatewayFetch } from "./api-context";
import type { Call } from "./client";
import type { DirectoryApi } from "./directory/directory-client";

/**
 * A page being opened, as its `prefetch` (src/app/pages.ts) sees it: the router's loader
 * hands it over before the page's code has arrived, so that the page's first data is on its
 * way at the same time as its code.
 */
export interface PageVisit {
  queryClient: QueryClient;
  call: Call;
  /** The gateway's subscriber directory (`/directory/…`). */
  directory: DirectoryApi;
  /** The gateway's own endpoints (`/views/…`, `/jobs`, `/campaigns`). */
  gateway: GatewayFetch;
  /** The channel of the URL (`/c/:groupId/…`), a well-formed id. */
  groupId: number;
  /** The route's parameters, such as `recordId` of a subscriber's panel. */
  params: Readonly<Record<string, string | undefined>>;
  /** The URL's query string: the page's filters and cursor. */
  search: URLSearchParams;
  /**
   * The session, once checked (`null`: nobody signed in). Only for a first query that needs
   * it (the channel's kind of user id): waiting for it puts a round trip before that query.
   */
  session: () => Promise<SessionResponse | null>;
}
