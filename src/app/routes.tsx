import type { RouteObject, ShouldRevalidateFunctionArgs } from "react-router";
import { loadArea } from "@/i18n/locale-runtime";
import { withCatalogs } from "@/i18n/with-catalogs";
import { ChannelGate, FirstChannel } from "./channel-gate";
import { Layout } from "./layout";
import { NotFound } from "./not-found";
import { PageError, RootError } from "./page-error";
import { PageLoading } from "./page-loading";
import { pageLoader, type RouteContext, sessionLoader } from "./page-loader";
import { pages, type PageHandle } from "./pages";
import { RequireSession } from "./require-session";

/**
 * Each page is its own chunk, with its own error boundary inside the shell. Its loader starts
 * the session check and the page's first data while `lazy` fetches its code (page-loader.ts).
 */
function pageRoutes(context: RouteContext): RouteObject[] {
  return pages.map((page) => pageRoute(context, page));
}

function pageRoute(context: RouteContext, page: (typeof pages)[number]): RouteObject {
  const route = {
    handle: { page } satisfies PageHandle,
    loader: pageLoader(context, page),
    // Not again for a new query string on the same page (a filter, the next page of a list):
    // the page asks for that itself, and a loader to run makes the move wait a tick, long
    // enough for a second quick change of the URL to start from the first one's old state.
    shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
      currentUrl.pathname !== nextUrl.pathname,
    // The page's words come with its code: its area's catalog and those of the groups of
    // shared code it shows, in the person's language.
    lazy: async () => {
      const [Component] = await Promise.all([
        page.load(),
        loadArea(page.area),
        ...(page.catalogs ?? []).map((group) => loadArea(group)),
      ]);
      return { Component };
    },
    HydrateFallback: PageLoading,
    ErrorBoundary: PageError,
  };
  return page.segment ? { ...route, path: page.segment } : { ...route, index: true };
}

export function createRoutes(context: RouteContext): RouteObject[] {
  return [
    {
      element: <Layout />,
      ErrorBoundary: RootError,
      children: [
        {
          path: "sign-in",
          lazy: async () => ({
            Component: (
              await withCatalogs(
                ["errors", "forms"],
                () => import("@/features/session/sign-in-page"),
              )
            ).SignInPage,
          }),
          HydrateFallback: PageLoading,
          ErrorBoundary: PageError,
        },
        { path: "*", element: <NotFound /> },
      ],
    },
    {
      element: <RequireSession />,
      ErrorBoundary: RootError,
      children: [
        {
          index: true,
          loader: sessionLoader(context),
          element: <FirstChannel />,
          HydrateFallback: PageLoading,
        },
        { path: "c/:groupId", element: <ChannelGate />, children: pageRoutes(context) },
      ],
    },
  ];
}
