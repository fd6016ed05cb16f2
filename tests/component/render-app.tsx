import { render, renderHook } from "./testing-library";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createApi, type Api } from "../../src/api/api-context";
import { createAppClients } from "../../src/app/app-clients";
import { AppProviders } from "../../src/app/app-providers";
import { createRoutes } from "../../src/app/routes";
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
  const api =
    typeof gateway === "string" ? createApi({ baseUrl: gateway, timeoutMs: 5000 }) : gateway;
  const clients = createAppClients(api, signedOut);
  const { queryClient, connection } = clients;
  // No retries: a test that wants a failure gets it at once.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(createRoutes({ queryClient, api }), { initialEntries: [path] });
  const view = render(
    <AppProviders api={api} clients={clients}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, connection, signedOut };
}
