import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient } from "@/api/query-client";
import { Layout } from "./layout";
import { NotFound } from "./not-found";
import { useSignedOut } from "./signed-out";

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [{ path: "*", element: <NotFound /> }],
  },
]);

export function App() {
  const signedOut = useSignedOut();
  const [queryClient] = useState(() => createQueryClient({ onSignedOut: signedOut.signal }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
