import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiProvider, createApi } from "../../src/api/api-context";
import { PersonName } from "../../src/components/person-name";
import { brief } from "./directory-helpers";
import { render, screen, WithI18n } from "./testing-library";

function renderName(ui: React.ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Nothing listens there: a request would fail, and none is expected.
  const api = createApi({ baseUrl: "http://127.0.0.1:9", timeoutMs: 1000 });
  render(
    <WithI18n>
      <ApiProvider api={api}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </WithI18n>,
  );
  return queryClient;
}

describe("PersonName", () => {
  it("makes no query of its own for a row whose table looked the person up", () => {
    const queryClient = renderName(
      <PersonName
        groupId={1001}
        userId={7}
        label="ID 7"
        enabled
        known={brief(7, "Anna", "Petrova")}
      />,
    );
    expect(screen.getByRole("link", { name: "Anna Petrova" }).getAttribute("href")).toBe(
      "/c/1001/people/7",
    );
    // Each row's query was a cache entry, an observer and a timer, even when disabled.
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("shows the row's own name when the table's look-up did not know the person", () => {
    const queryClient = renderName(
      <PersonName
        groupId={1001}
        userId={7}
        label="ID 7"
        enabled
        known={null}
        fallback={{ first_name: "Ivan", last_name: "", photo: "" }}
      />,
    );
    expect(screen.getByRole("link", { name: "Ivan" })).toBeTruthy();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("keeps a query of its own for an id nobody looked up (disabled here: nothing is sent)", () => {
    const queryClient = renderName(
      <PersonName groupId={1001} userId={7} label="ID 7" enabled={false} />,
    );
    expect(screen.getByText("ID 7")).toBeTruthy();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });
});
