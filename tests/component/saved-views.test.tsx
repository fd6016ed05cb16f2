import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { viewsResponse } from "../../src/contract/views";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";

// The page and its catalog are chunks transformed on first use: slow on a busy machine.
const WAIT = { timeout: 10_000 };
/** The first render of the page transforms its chunks: on a busy machine, longer still. */
const FIRST = { timeout: 60_000 };

afterEach(() => {
  localStorage.clear();
});

/** A session cookie of `username`, signed in on the gateway itself. */
async function cookieOf(live: LiveApp, username: string): Promise<string> {
  const login = await fetch(`${live.gateway.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
    body: JSON.stringify({ username, password: LIVE_PASSWORD }),
  });
  return (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

/** The channel's views as `username` sees them, read from the gateway itself. */
async function viewsOf(live: LiveApp, username: string) {
  const cookie = await cookieOf(live, username);
  const answer = await fetch(`${live.gateway.url}/views/1001`, { headers: { cookie } });
  return viewsResponse.parse(await answer.json()).items;
}

/** Saves a view as `username` through the gateway, as another tab would. */
async function save(live: LiveApp, username: string, view: Record<string, unknown>) {
  const saved = await fetch(`${live.gateway.url}/views/1001`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Channel-Desk": "1",
      cookie: await cookieOf(live, username),
    },
    body: JSON.stringify(view),
  });
  expect(saved.status).toBe(200);
}

/** Deletes every view `username` owns, so each test starts from none. */
async function clear(live: LiveApp, username: string) {
  const cookie = await cookieOf(live, username);
  for (const view of await viewsOf(live, username)) {
    if (!view.mine) continue;
    await fetch(`${live.gateway.url}/views/1001/${String(view.view_id)}`, {
      method: "DELETE",
      headers: { "X-Channel-Desk": "1", cookie },
    });
  }
}

function columnHeaders(): string[] {
  const table = screen.getByRole("table", { name: "Subscribers" });
  return within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
}

function menu(): HTMLElement {
  const summary = screen.getByText("Views", { exact: false, selector: "summary" });
  const details = summary.closest("details");
  if (!details) throw new Error("no Views menu");
  return details;
}

describe("saved views on the subscribers page", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("saves the page with its columns and size, names it and pins it to the navigation", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?source=api&size=50", "support");
    await waitFor(() => {
      expect(columnHeaders()).toContain("Status");
    }, FIRST);
    await user.click(screen.getByText("Columns", { exact: false, selector: "summary" }));
    await user.click(screen.getByRole("checkbox", { name: "Status" }));
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Save view…" }));
    const dialog = await screen.findByRole("dialog", { name: "Save view" }, WAIT);
    const name = within(dialog).getByRole("textbox", { name: "View name" });
    expect(document.activeElement).toBe(name);
    // An empty name is said under the field, and nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Save view" }));
    expect(await within(dialog).findByText("Enter a name", { exact: false })).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(await viewsOf(live, "support")).toEqual([]);

    await user.type(name, "Fifty, no status");
    await user.click(within(dialog).getByRole("checkbox", { name: "Share with the team" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Pin to navigation" }));
    await user.click(within(dialog).getByRole("button", { name: "Save view" }));

    // The page now is the view: its name is the sub-heading, and the pin in the navigation.
    expect(await screen.findByText("Fifty, no status", { selector: "strong" }, WAIT)).toBeTruthy();
    const pins = await screen.findByRole("list", { name: "Pinned views" }, WAIT);
    const pin = within(pins).getByRole("link", { name: "Fifty, no status" });
    expect(pin.getAttribute("aria-current")).toBe("page");
    expect(pin.getAttribute("href")).toBe("/c/1001/subscribers?cols=status&size=50&source=api");
    expect(await viewsOf(live, "support")).toMatchObject([
      {
        name: "Fifty, no status",
        search: "cols=status&size=50&source=api",
        shared: true,
        pinned: true,
        owner: "support",
      },
    ]);
    expect(router.state.location.search).toContain("cols=status");

    // Another size is another list: no view's name, and the pin is no longer the current one.
    await act(() => router.navigate("/c/1001/subscribers?source=api&size=100&cols=status"));
    await waitFor(() => {
      expect(screen.queryByText("Fifty, no status", { selector: "strong" })).toBeNull();
    }, WAIT);
    expect(pin.getAttribute("aria-current")).toBeNull();
  });

  it("lists, renames, unpins and deletes a view from the Views menu", async () => {
    await clear(live, "support");
    await save(live, "support", {
      name: "Fifty, no status",
      search: "cols=status&size=50&source=api",
      shared: true,
      pinned: true,
    });
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?source=api", "support");
    await user.click(await screen.findByText("Views", { exact: false, selector: "summary" }, WAIT));
    const mine = await within(menu()).findByRole("link", { name: "Fifty, no status" }, WAIT);
    expect(within(menu()).getByRole("heading", { name: "My views" })).toBeTruthy();

    await user.click(within(menu()).getByRole("button", { name: "Rename Fifty, no status" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename view" }, WAIT);
    const field = within(dialog).getByRole("textbox", { name: "View name" });
    expect((field as HTMLInputElement).value).toBe("Fifty, no status");
    await user.clear(field);
    await user.type(field, "Fifty a page");
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(menu()).findByRole("link", { name: "Fifty a page" }, WAIT)).toBeTruthy();

    await user.click(within(menu()).getByRole("button", { name: "Unpin Fifty a page" }));
    await waitFor(() => {
      expect(screen.queryByRole("list", { name: "Pinned views" })).toBeNull();
    }, WAIT);
    expect((await viewsOf(live, "support"))[0]).toMatchObject({ pinned: false, shared: true });

    // Opening it restores its size and columns.
    await user.click(within(menu()).getByRole("link", { name: "Fifty a page" }));
    expect(router.state.location.search).toBe("?cols=status&size=50&source=api");
    await waitFor(() => {
      expect(columnHeaders()).not.toContain("Status");
    }, WAIT);
    expect(mine.isConnected).toBe(true);

    // Deleting asks first; Cancel keeps it.
    await user.click(screen.getByText("Views", { exact: false, selector: "summary" }));
    await user.click(within(menu()).getByRole("button", { name: "Delete Fifty a page" }));
    const confirm = screen.getByRole("alertdialog", { name: "Delete the view “Fifty a page”?" });
    expect(
      within(confirm).getByText("The team will no longer see it.", { exact: false }),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await viewsOf(live, "support")).toHaveLength(1);
    await user.click(within(menu()).getByRole("button", { name: "Delete Fifty a page" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete view" }),
    );
    expect(
      await within(menu()).findByText("You have no saved views yet.", undefined, WAIT),
    ).toBeTruthy();
    expect(await viewsOf(live, "support")).toEqual([]);
  });

  it("shows another person's shared view without its owner's actions", async () => {
    const user = userEvent.setup();
    await save(live, "support", { name: "Team's", search: "source=api&size=100", shared: true });

    await live.render("/c/1001/subscribers?source=api", "admin");
    await user.click(await screen.findByText("Views", { exact: false, selector: "summary" }, WAIT));
    const link = await within(menu()).findByRole("link", { name: "Team's" }, WAIT);
    const row = link.closest("li");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("by support")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Rename Team's" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Share Team's" })).toBeNull();
    // An administrator may delete what the team shares, and pin it for themselves.
    expect(within(row).getByRole("button", { name: "Delete Team's" })).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Pin Team's" }));
    const pins = await screen.findByRole("list", { name: "Pinned views" }, WAIT);
    expect(within(pins).getByRole("link", { name: "Team's" })).toBeTruthy();
  });
});
