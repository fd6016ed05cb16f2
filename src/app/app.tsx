import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient } from "@/api/query-client";
import { routes } from "./routes";
import { useSignedOut } from "./signed-out";

const router = createBrowserRouter(routes);

export function App() {
  const signedOut = useSignedOut();
  const [queryClient] = useState(() =>
    createQueryClient({ onSignedOut: signedOut.signal, onSignedIn: signedOut.reset }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
