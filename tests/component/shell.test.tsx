import { act, render, renderHook, screen } from "./testing-library";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Layout } from "../../src/app/layout";
import { NotFound } from "../../src/app/not-found";
import { useSignedOut } from "../../src/app/signed-out";

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ path: "*", element: <NotFound /> }] }],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe("the app shell", () => {
  it("shows the header, the page navigation and a skip link", () => {
    renderAt("/");
    expect(screen.getByText("Channel Desk", { selector: ".brand" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe(
      "#main",
    );
  });

  it("answers an unknown path with a not-found page that links home", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByText("/no/such/page")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the start page" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it("tells the person when the session has ended", () => {
    const signedOut = renderHook(() => useSignedOut()).result;
    renderAt("/");
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => {
      signedOut.current.signal();
    });
    expect(screen.getByRole("alert").textContent).toContain("Sign in again");
    act(() => {
      signedOut.current.reset();
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
