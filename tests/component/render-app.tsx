import { QueryClientProvider } from "@tanstack/react-query";
import { render, renderHook } from "./testing-library";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createApi, ApiProvider, type Api } from "../../src/api/api-context";
import { createQueryClient } from "../../src/api/query-client";
import { routes } from "../../src/app/routes";
import { useSignedOut } from "../../src/app/signed-out";

/**
 * The whole app at `path`, talking to the gateway at `gateway`: the base URL of a test's own
 * HTTP server, or an `Api` (live-app.tsx passes one that carries the session cookie).
 */
export function renderApp(path: string, gateway: string | Api) {
  const signedOut = renderHook(() => useSignedOut()).result.current;
  // The signed-out state is the app's, kept across renders: each test starts signed in or out
  // only by what its server answers.
  signedOut.reset();
  const queryClient = createQueryClient({
    onSignedOut: signedOut.signal,
    onSignedIn: signedOut.reset,
  });
  // No retries: a test that wants a failure gets it at once.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ApiProvider
      api={typeof gateway === "string" ? createApi({ baseUrl: gateway, timeoutMs: 5000 }) : gateway}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiProvider>,
  );
  return { ...view, router, queryClient, signedOut };
}
