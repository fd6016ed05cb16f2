import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "../../src/app/layout";
import { PageError } from "../../src/app/page-error";

let broken = true;

function Flaky() {
  if (broken) throw new Error("The page broke: boom");
  return <h1>Working page</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the error boundary of a page", () => {
  it("keeps the shell, says what failed, and renders the page again on Retry", async () => {
    // React reports the caught render error on the console; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [{ path: "/page", Component: Flaky, ErrorBoundary: PageError }],
        },
      ],
      { initialEntries: ["/page"] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(screen.getByRole("heading", { name: "This page could not be shown" })).toBeTruthy();
    // A fault of the page's own code: said in plain words, its English message kept for logs.
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong.");
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();

    broken = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Working page" })).toBeTruthy();
  });
});
