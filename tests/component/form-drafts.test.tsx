import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/api-context";
import { tgUserId } from "../support/seed";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const FIRST_LOAD = { timeout: 20_000 };
const WAIT = { timeout: 10_000 };

type User = ReturnType<typeof userEvent.setup>;

/**
 * The forms that send to many people (add or remove subscribers, set a variable for many) and
 * the bot form keep what was typed in the tab's sessionStorage: it comes back after a reload
 * or another page, stays through a failed send, and goes once it was saved. A failure because
 * the server could not be reached is not left on screen once the connection is back.
 */
describe("drafts of the add/remove, set-for-many and bot forms", { timeout: 90_000 }, () => {
  let live: LiveApp;
  let cookie = "";
  let down = false;
  beforeAll(async () => {
    live = await startLiveApp();
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: "admin", password: LIVE_PASSWORD }),
    });
    cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  });
  afterAll(() => live.close());

  /** The app at `path`, its calls failing as a stopped server's would while `down` is set. */
  const open = (path: string) => {
    down = false;
    const unreliable: typeof fetch = (input, init) => {
      if (down) return Promise.reject(new TypeError("Failed to fetch"));
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    };
    return renderApp(
      path,
      createApi({ baseUrl: live.gateway.url, timeoutMs: 5000, fetch: unreliable }),
    );
  };
  const drafts = () => Object.keys(sessionStorage).filter((key) => key.includes(".draft:"));
  const text = (name: string) => screen.getByRole<HTMLTextAreaElement>("textbox", { name });
  const select = (name: string) => screen.getByRole<HTMLSelectElement>("combobox", { name });

  /** The app has seen the server is gone (the banner says so), and then that it is back. */
  async function comeBack(connection: {
    getState: () => { status: string };
    probeNow: () => void;
  }) {
    // Polled with plain timers: the page does not stop changing while the banner counts down.
    for (let waited = 0; connection.getState().status !== "lost"; waited += 100) {
      if (waited > WAIT.timeout) throw new Error("the app never saw the server gone");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    down = false;
    connection.probeNow();
  }

  async function paste(user: User, field: HTMLElement, value: string) {
    await user.clear(field);
    await user.click(field);
    await user.paste(value);
  }

  it("add or remove subscribers: kept through a reload, another page and a failed run; gone once done", async () => {
    const user = userEvent.setup();
    const path = "/c/1001/subscribers/manage";
    const first = open(path);
    await screen.findByRole("option", { name: "Offers" }, FIRST_LOAD);
    await user.click(screen.getByRole("radio", { name: "Remove" }));
    await user.selectOptions(select("Subscription"), "2");
    await paste(user, text("User ids"), String(tgUserId(12)));
    expect(drafts()).toEqual(["channel-desk.draft:1001:subscribers-manage"]);

    // A reload: the page comes back with what was chosen and typed.
    first.unmount();
    const { router } = open(path);
    await screen.findByRole("option", { name: "Offers" }, FIRST_LOAD);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Remove" }).checked).toBe(true);
    expect(select("Subscription").value).toBe("2");
    expect(text("User ids").value).toBe(String(tgUserId(12)));

    // Another page and back.
    await user.selectOptions(select("Subscription"), "");
    await user.click(screen.getByRole("radio", { name: "Add" }));
    await user.selectOptions(select("Subscription"), "2");
    await paste(user, text("User ids"), String(tgUserId(13)));
    await router.navigate("/c/1001/subscribers/count");
    await screen.findByRole("heading", { level: 1, name: /Count subscribers/ }, FIRST_LOAD);
    await router.navigate(path);
    await screen.findByRole("option", { name: "Offers" }, FIRST_LOAD);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Add" }).checked).toBe(true);
    expect(select("Subscription").value).toBe("2");
    expect(text("User ids").value).toBe(String(tgUserId(13)));

    // The server cannot be reached: the run fails, and the form and its draft stay.
    down = true;
    await user.click(screen.getByRole("button", { name: "Add subscribers" }));
    await screen.findByRole("table", { name: "Results" }, WAIT);
    expect(text("User ids").value).toBe(String(tgUserId(13)));
    expect(drafts()).toHaveLength(1);

    // Sent again once it is back, it is done: the form is empty and the draft gone.
    down = false;
    await user.click(screen.getByRole("button", { name: "Add subscribers" }));
    await waitFor(() => {
      expect(text("User ids").value).toBe("");
    }, WAIT);
    expect(select("Subscription").value).toBe("");
    expect(drafts()).toEqual([]);
    const member = live.db
      .prepare(
        "SELECT COUNT(*) AS n FROM memberships WHERE subscription_id = 2 AND subscriber_id = 13",
      )
      .get() as { n: number };
    expect(member.n).toBe(1);
  });

  it("set for many: kept through a reload; the run's 'could not be reached' goes when the connection is back", async () => {
    const user = userEvent.setup();
    const path = "/c/1001/variables/bulk";
    const first = open(path);
    await screen.findByRole(
      "heading",
      { level: 1, name: "Set a variable for many people" },
      FIRST_LOAD,
    );
    await user.type(screen.getByRole("textbox", { name: "Variable name" }), "tier");
    await paste(user, text("Value"), "gold");
    await paste(user, text("User ids"), String(tgUserId(14)));

    first.unmount();
    const { connection } = open(path);
    await screen.findByRole(
      "heading",
      { level: 1, name: "Set a variable for many people" },
      FIRST_LOAD,
    );
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Variable name" }).value).toBe(
      "tier",
    );
    expect([text("Value").value, text("User ids").value]).toEqual(["gold", String(tgUserId(14))]);

    down = true;
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    const stopped = await screen.findByText(
      /^The run stopped: The server could not be reached/,
      undefined,
      WAIT,
    );
    expect(stopped).toBeTruthy();
    expect(text("User ids").value).toBe(String(tgUserId(14)));
    expect(drafts()).toEqual(["channel-desk.draft:1001:variables-bulk"]);

    await comeBack(connection);
    await waitFor(() => {
      expect(screen.queryByText(/^The run stopped:/)).toBeNull();
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    await waitFor(() => {
      expect(text("User ids").value).toBe("");
    }, WAIT);
    expect(drafts()).toEqual([]);
    const stored = live.db
      .prepare("SELECT value FROM variables WHERE subscriber_id = 14 AND name = 'tier'")
      .get() as { value: string } | undefined;
    expect(stored?.value).toBe("gold");
  });

  it("bot form: the chosen bot and step come back; 'could not be reached' goes when the connection is back", async () => {
    const user = userEvent.setup();
    const path = `/c/1001/bots?user=${String(tgUserId(15))}`;
    const first = open(path);
    const bots = await screen.findByRole<HTMLSelectElement>(
      "combobox",
      { name: "Bot" },
      FIRST_LOAD,
    );
    await user.selectOptions(bots, within(bots).getByRole("option", { name: "Welcome bot" }));
    const steps = select("Step (optional)");
    await user.selectOptions(steps, within(steps).getByRole("option", { name: "Offer (b2)" }));
    await user.click(screen.getByRole("checkbox", { name: "Restart if already running" }));

    first.unmount();
    const { connection } = open(path);
    await screen.findByRole("combobox", { name: "Bot" }, FIRST_LOAD);
    await waitFor(() => {
      expect(select("Bot").value).toBe("21");
    }, WAIT);
    expect(select("Step (optional)").value).toBe("b2");
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: "Restart if already running" })
        .checked,
    ).toBe(true);

    down = true;
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    expect(
      await screen.findByText(
        /^Could not start “Welcome bot”: The server could not be reached/,
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect(select("Bot").value).toBe("21");
    await comeBack(connection);
    await waitFor(() => {
      expect(screen.queryByText(/^Could not start/)).toBeNull();
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    expect(
      await screen.findByText(
        /^Started \(or restarted\) “Welcome bot”/,
        { selector: "[role=status]" },
        WAIT,
      ),
    ).toBeTruthy();
    // Saved: no draft, so the next visit starts afresh.
    expect(drafts()).toEqual([]);
  });
});
