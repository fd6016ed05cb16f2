import type { QueryClient } from "@tanstack/react-query";
import { type LoaderFunctionArgs, type Params, replace } from "react-router";
import type { Api } from "@/api/api-context";
import { sessionQuery } from "@/api/session";
import { mayCall } from "@/contract/roles";
import type { SessionResponse } from "@/contract/session";
import { firstScreen as firstScreenOf, startQuery } from "@/api/prefetch";
import { viewsQuery } from "@/api/views/view-queries";
import { channelPath, parseGroupId } from "@/lib/channel-path";
import type { PageEntry } from "./pages";
import { loadPinnedViews } from "./pinned-views-chunk";

/** What the routes' loaders start queries with: the app's cache and gateway. */
export interface RouteContext {
  queryClient: QueryClient;
  api: Api;
}

/** The longest the route waits for its page's first screen (`PageEntry.prefetch`). */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * The loader of a page's route. React Router runs it at the same time as the route's `lazy`
 * (the page's code and catalog), so the session check and the page's first data are on their
 * way while the code arrives, instead of after it (on a first load, the data once the session
 * says the page may be opened; src/boot asked for both before the entry had run).
 * It returns nothing, and waits for the first screen's data the page's `prefetch` started,
 * never longer than `FIRST_SCREEN_WAIT_MS`: the page reads the data through its own queries,
 * which find it in the cache or in flight, and show loading, failure and signing in as ever.
 */
export function pageLoader(context: RouteContext, page: PageEntry) {
  return ({ params, request }: LoaderFunctionArgs): null | Promise<null> => {
    const firstScreen = startPage(context, page, params, new URL(request.url).searchParams);
    if (!firstScreen) return null;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve(null);
      }, FIRST_SCREEN_WAIT_MS);
      void firstScreen.then(() => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  };
}

/**
 * The loader of the route that only leads on (`/`, to the person's first channel): it waits for
 * the session check (src/boot asked for it early) and sends the person on to their first
 * channel before anything is drawn. Drawn first, the route showed the frame without a channel
 * or its navigation for a moment, and then the channel's page moved everything aside (a
 * layout shift of 0.15 at 1350 px). Signed out, with no channel, or with no answer within
 * `FIRST_SCREEN_WAIT_MS`, the route is drawn as before and decides there.
 */
export function sessionLoader({ queryClient, api }: RouteContext) {
  return async (): Promise<Response | null> => {
    const answered = queryClient
      .query({ ...sessionQuery(api.session), staleTime: "static" })
      .catch(() => null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        resolve(null);
      }, FIRST_SCREEN_WAIT_MS);
    });
    const session = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    const first = session?.channels[0];
    // In place of `/` in the history, as <Navigate replace> did: Back leaves the app.
    return first ? replace(channelPath(first.group_id)) : null;
  };
}

export function startPage(
  { queryClient, api }: RouteContext,
  page: PageEntry,
  params: Params,
  search: URLSearchParams,
): Promise<void> | undefined {
  const options = sessionQuery(api.session);
  // Known when moving inside the app; on the first load it is what this starts.
  const known = queryClient.getQueryData(options.queryKey);
  const session = () => queryClient.query({ ...options, staleTime: "static" }).catch(() => null);
  void session();
  const groupId = parseGroupId(params.groupId);
  if (groupId === undefined) return undefined;
  const { prefetch } = page;
  const start = (answer: SessionResponse): Promise<void> => {
    let navigation: Promise<void> = Promise.resolve();
    try {
      navigation = startNavigation({ queryClient, api }, groupId, answer);
      if (!prefetch) return navigation;
      const firstScreen = prefetch({
        queryClient,
        call: api.call,
        directory: api.directory,
        gateway: api.gateway,
        groupId,
        params,
        search,
        session,
      });
      // A failure is the page's to show: the route never waits on a rejection.
      return firstScreen === undefined
        ? navigation
        : firstScreenOf([firstScreen.catch(() => undefined), navigation]);
    } catch {
      // Never a blank page for a head start: the page's own queries run anyway.
      return navigation;
    }
  };
  if (known !== undefined) {
    return known !== null && mayOpen(known, groupId, page) ? start(known) : undefined;
  }
  // The first load: the session's answer first, so a person signed out, or one whose channel or
  // role the page refuses, is sent nothing that would be refused (each refusal is an error in
  // the browser's console). It costs no round trip as a rule: src/boot asked for the session
  // while the app's code was downloading, and the page's first data right after it.
  return session().then((answer) =>
    answer !== null && mayOpen(answer, groupId, page) ? start(answer) : undefined,
  );
}

/**
 * What the navigation draws beside every page of a channel, with the page's first data: the
 * person's pinned saved views, which would otherwise come after the first render and move the
 * links under «Subscribers» down. Their list, then their chunk if one is pinned (for nobody
 * else does it take a share of the line before the rows). Both are there when moving inside
 * the app, as a rule, so nothing is waited for then. Not tried again (the navigation's own
 * query is not either): a failing list costs the page one round trip beside its own data,
 * and once it has failed, none, since the page is then not held for it.
 */
function startNavigation(
  { queryClient, api }: RouteContext,
  groupId: number,
  session: SessionResponse,
): Promise<void> {
  if (!mayCall(session.role, "subscribers/get")) return Promise.resolve();
  const views = { ...viewsQuery(groupId, api.gateway), retry: false };
  const failedBefore = queryClient.getQueryState(views.queryKey)?.status === "error";
  const listed = startQuery(queryClient, views).then(() =>
    queryClient.getQueryData(views.queryKey)?.some((view) => view.pinned)
      ? loadPinnedViews().then(() => undefined)
      : undefined,
  );
  return failedBefore ? Promise.resolve() : listed;
}

/**
 * With the session known, whether the channel gate will show the page (the person's channel,
 * an operation their role may call): no call is started that is sure to be refused.
 */
export function mayOpen(
  session: SessionResponse | null,
  groupId: number,
  page: Pick<PageEntry, "operation">,
): boolean {
  if (session === null) return false;
  return (
    session.channels.some((channel) => channel.group_id === groupId) &&
    mayCall(session.role, page.operation)
  );
}
