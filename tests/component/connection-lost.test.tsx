import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/api-context";
import { tgUserId } from "../support/seed";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const FIRST_LOAD = { timeout: 20_000 };
const WAIT = { timeout: 10_000 };

/**
 * The server stops answering while a person works (every request of the page fails as a
 * stopped server's would), then comes back: against the real gateway and local Channel API.
 */
describe("when the server stops answering", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("shows one notice, keeps what was typed, recovers by itself and re-sends no write", async () => {
    const user = userEvent.setup();
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: "support", password: LIVE_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    let down = false;
    const sent: string[] = [];
    const unreliable: typeof fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      sent.push(`${down ? "down " : ""}${new URL(url).pathname}`);
      // What a browser's fetch does when nothing listens on the port.
      if (down) return Promise.reject(new TypeError("Failed to fetch"));
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    };
    const { connection } = renderApp(
      `/c/1001/variables?user=${String(tgUserId(10))}`,
      createApi({ baseUrl: live.gateway.url, timeoutMs: 5000, fetch: unreliable }),
    );
    const name = await screen.findByRole<HTMLInputElement>("textbox", { name: "Name" }, FIRST_LOAD);
    const value = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Value" });
    await user.type(name, "while_down");
    await user.type(value, "kept");

    down = true;
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    const banner = screen.getAllByRole("status").find((el) => el.matches(".connection-banner"));
    if (!banner) throw new Error("no connection banner");
    await waitFor(() => {
      expect(banner.textContent).toMatch(/^Connection lost — retrying\./);
    }, WAIT);
    expect(banner.textContent).toContain("What you typed stays here.");
    // The failed add says so at the form, which keeps what was typed.
    expect(
      await screen.findByText(
        "The server could not be reached. Check the connection and try again.",
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect([name.value, value.value]).toEqual(["while_down", "kept"]);
    // Never an address or a raw error on screen.
    expect(document.body.textContent).not.toMatch(/Failed to fetch|http:\/\/|TypeError/);
    expect(connection.getState().status).toBe("lost");

    const readsBefore = sent.filter((path) => path === "/api/vars/get").length;
    down = false;
    await waitFor(() => {
      expect(banner.textContent).toBe("The connection is back.");
    }, WAIT);
    // Queries run again by themselves; the write does not.
    await waitFor(() => {
      expect(sent.filter((path) => path === "/api/vars/get").length).toBeGreaterThan(readsBefore);
    }, WAIT);
    expect(sent.filter((path) => path.endsWith("/api/vars/set"))).toEqual(["down /api/vars/set"]);
    expect([name.value, value.value]).toEqual(["while_down", "kept"]);
    // The form's own "could not be reached" is old news beside "The connection is back".
    await waitFor(() => {
      expect(
        screen.queryByText("The server could not be reached. Check the connection and try again."),
      ).toBeNull();
    }, WAIT);

    // The person sends it again.
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      const stored = live.db
        .prepare("SELECT value FROM variables WHERE subscriber_id = 10 AND name = 'while_down'")
        .get() as { value: string } | undefined;
      expect(stored?.value).toBe("kept");
    }, WAIT);
    await waitFor(() => {
      expect(banner.textContent).toBe("");
    }, WAIT);
  });

  it("keeps the add form's draft while the person visits another page, until it is saved", async () => {
    const user = userEvent.setup();
    sessionStorage.clear();
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: "support", password: LIVE_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const withCookie: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    };
    const path = `/c/1001/variables?user=${String(tgUserId(11))}`;
    const api = () => createApi({ baseUrl: live.gateway.url, timeoutMs: 5000, fetch: withCookie });
    const first = renderApp(path, api());
    const name = await screen.findByRole<HTMLInputElement>("textbox", { name: "Name" }, FIRST_LOAD);
    await user.type(name, "draft_kept");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "half typed");

    // The page goes away (another page, a reload) and the person comes back to it in this tab.
    first.unmount();
    renderApp(path, api());
    await waitFor(() => {
      expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Name" }).value).toBe(
        "draft_kept",
      );
      expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Value" }).value).toBe(
        "half typed",
      );
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      const stored = live.db
        .prepare("SELECT value FROM variables WHERE subscriber_id = 11 AND name = 'draft_kept'")
        .get() as { value: string } | undefined;
      expect(stored?.value).toBe("half typed");
    }, WAIT);
    // Saved: the draft is gone, so the next visit starts with an empty form.
    await waitFor(() => {
      expect(Object.keys(sessionStorage).filter((key) => key.includes("draft"))).toEqual([]);
    }, WAIT);
  });
});
