import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { ApiProvider, type Api } from "@/api/api-context";
import { ConnectionProvider } from "@/api/connection-context";
import type { AppClients } from "./app-clients";

/** What every page reads from context: the gateway, the connection, the query cache. */
export function AppProviders({
  api,
  clients,
  children,
}: {
  api: Api;
  clients: AppClients;
  children: ReactNode;
}) {
  useEffect(() => clients.start(), [clients]);
  return (
    <ApiProvider api={api}>
      <ConnectionProvider monitor={clients.connection}>
        <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
      </ConnectionProvider>
    </ApiProvider>
  );
}
