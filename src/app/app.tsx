import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { browserApi } from "@/api/api-context";
import { createAppClients } from "./app-clients";
import { AppProviders } from "./app-providers";
import { routes } from "./routes";
import { useSignedOut } from "./signed-out";

const router = createBrowserRouter(routes);

export function App() {
  const signedOut = useSignedOut();
  const [clients] = useState(() => createAppClients(browserApi, signedOut));
  return (
    <AppProviders api={browserApi} clients={clients}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
