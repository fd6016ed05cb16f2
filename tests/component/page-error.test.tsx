import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "../../src/app/layout";
import { PageError } from "../../src/app/page-error";

let broken = true;

function Flaky() {
  if (broken) throw new Error("The page broke at http://127.0.0.1/assets/page-1a2b.js: boom");
  return <h1>Working page</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

function renderRoutes(page: Parameters<typeof createMemoryRouter>[0][number]) {
  // As in src/app/routes.tsx (a lazy page needs its HydrateFallback for its boundary to show).
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/page", ErrorBoundary: PageError, HydrateFallback: () => null, ...page },
        ],
      },
    ],
    { initialEntries: ["/page"] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the error boundary of a page", () => {
  it("keeps the shell, says what failed in words, and renders the page again on Retry", async () => {
    // React reports the caught render error on the console; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoutes({ Component: Flaky });

    expect(screen.getByRole("heading", { name: "This page could not be shown" })).toBeTruthy();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Something unexpected went wrong in Channel Desk.");
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();
    // The technical words wait, collapsed, for support: without the address, never a stack.
    const details = alert.querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain("Error: The page broke at [address]: boom");
    expect(alert.textContent).not.toMatch(/http|assets|\.js|at Flaky/);

    broken = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Working page" })).toBeTruthy();
  });

  it("says in words when the page's code could not be fetched, with no address on screen", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderRoutes({
      lazy: () =>
        Promise.reject(
          new Error("Unable to preload CSS for http://127.0.0.1:8080/assets/variables-page-x1.css"),
        ),
    });
    expect(
      await screen.findByRole("heading", { name: "This page could not be loaded" }),
    ).toBeTruthy();
    expect(
      screen.getByText(/It loads by itself as soon as the server answers again\./),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload now" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/http|assets|\.css|Unable to preload/);
  });
});
