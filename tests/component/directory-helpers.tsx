import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { ApiProvider, createApi } from "../../src/api/api-context";
import { render } from "./testing-library";

/** A component that talks to the directory, against a test's own HTTP server (http-stub.ts). */
export function renderWithDirectory(ui: ReactElement, baseUrl: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = createApi({ baseUrl, timeoutMs: 5000 });
  return {
    queryClient,
    ...render(
      <ApiProvider api={api}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ApiProvider>,
    ),
  };
}

/** A directory status as the gateway answers it; `patch` changes what a test is about. */
export function directoryStatus(patch: Record<string, unknown> = {}) {
  return {
    group_id: 1001,
    state: "ready",
    people: 48213,
    left: 0,
    left_kept_days: 30,
    updated_at: "2026-11-24T04:00:00.000Z",
    last_full_pass_at: "2026-11-24T04:00:00.000Z",
    next_full_pass_at: null,
    full_pass: null,
    error: null,
    share: 0.5,
    hooks: { configured: false, last_event_at: null },
    ...patch,
  };
}

export function brief(userId: number, first: string, last: string) {
  return {
    record_id: String(userId),
    user_id: userId,
    first_name: first,
    last_name: last,
    photo: "",
    status: 1,
    ignore: 0,
    date: "01.11.2026 10:00:00",
    subscriptions: [],
    left_at: null,
    confirmed_at: "2026-11-24T04:00:00.000Z",
  };
}
