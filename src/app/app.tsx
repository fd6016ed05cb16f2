import { createBrowserRouter, RouterProvider } from "react-router";
import { browserApi } from "@/api/api-context";
import { createAppClients, type AppClients } from "./app-clients";
import { AppProviders } from "./app-providers";
import { createRoutes } from "./routes";
import { signedOutSignals } from "./signed-out";

export interface StartedApp {
  clients: AppClients;
  router: ReturnType<typeof createBrowserRouter>;
}

/**
 * The app's clients and router, made before React renders: creating the router runs the
 * first route's loader at once, so the session check, the page's first data, its code and its
 * catalog are all on their way while the language's catalog loads and React starts.
 */
export function startApp(): StartedApp {
  const clients = createAppClients(browserApi, signedOutSignals);
  const router = createBrowserRouter(
    createRoutes({ queryClient: clients.queryClient, api: browserApi }),
  );
  return { clients, router };
}

export function App({ app }: { app: StartedApp }) {
  return (
    <AppProviders api={browserApi} clients={app.clients}>
      <RouterProvider router={app.router} />
    </AppProviders>
  );
}
