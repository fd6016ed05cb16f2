import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ConnectionProvider } from "../../src/api/connection-context";
import { createConnectionMonitor, type ConnectionMonitor } from "../../src/api/connection-monitor";
import { Layout } from "../../src/app/layout";
import { NotFound } from "../../src/app/not-found";
import { BACK_NOTICE_MS } from "../../src/lib/connection";

function renderAt(path: string, monitor?: ConnectionMonitor) {
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ path: "*", element: <NotFound /> }] }],
    { initialEntries: [path] },
  );
  const view = <RouterProvider router={router} />;
  return render(monitor ? <ConnectionProvider monitor={monitor}>{view}</ConnectionProvider> : view);
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

  it("shows one calm notice while the server does not answer, and briefly when it is back", async () => {
    vi.useFakeTimers();
    try {
      let answers = false;
      const probes: number[] = [];
      const monitor = createConnectionMonitor({
        probe: () => {
          probes.push(Date.now());
          return Promise.resolve(answers);
        },
        random: () => 0.5,
      });
      renderAt("/", monitor);
      const banner = screen.getByRole("status");
      expect(banner.textContent).toBe("");

      // Three calls fail at once: one probe, one notice.
      act(() => {
        monitor.noAnswer();
        monitor.noAnswer();
        monitor.noAnswer();
      });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(probes).toHaveLength(1);
      expect(banner.textContent).toContain("Connection lost — retrying.");
      expect(banner.textContent).toContain("What you typed stays here.");
      expect(screen.getAllByRole("status")).toHaveLength(1);

      // Probes follow with a growing pause: 1 s, then 2 s.
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(probes).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(probes).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(probes).toHaveLength(3);

      // "Try now" probes at once; the server answers.
      answers = true;
      act(() => {
        screen.getByRole("button", { name: "Try now" }).click();
      });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(probes).toHaveLength(4);
      expect(banner.textContent).toBe("The connection is back.");
      await act(() => vi.advanceTimersByTimeAsync(BACK_NOTICE_MS));
      expect(banner.textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says nothing when a call fails but the server answers the check", async () => {
    const monitor = createConnectionMonitor({ probe: () => Promise.resolve(true) });
    renderAt("/", monitor);
    act(() => {
      monitor.noAnswer();
    });
    await waitFor(() => {
      expect(monitor.getState().status).toBe("online");
    });
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
