import { screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryListResponse, directoryStatusResponse } from "../../src/contract/directory";
import { seedNamedPeople, tgIdOf } from "../support/directory-seed";
import { startLiveApp, type LiveApp } from "./live-app";

// The first render transforms the page's lazy chunk, slow on a busy machine.
const LOAD = { timeout: 40_000 };
const WAIT = { timeout: 8000 };

/**
 * The header's search box once its combobox has loaded (the header paints a stand-in first,
 * src/components/person-search/header-person-search.tsx; only the combobox controls a list).
 */
async function searchBox(): Promise<HTMLElement> {
  await screen.findByRole("combobox", { name: "Find a person" }, LOAD);
  return waitFor(() => {
    const box = screen.getByRole("combobox", { name: "Find a person" });
    expect(box.getAttribute("aria-controls")).not.toBeNull();
    return box;
  }, WAIT);
}

describe("the header's person search against the gateway's directory", { timeout: 60_000 }, () => {
  let live: LiveApp;
  let cookie = "";

  beforeAll(async () => {
    live = await startLiveApp({ seed: seedNamedPeople, directory: true });
    // The first full pass of the small data set takes a moment; results are complete after it.
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: "admin", password: "live-test-password" }),
    });
    cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    for (const group of [1001, 1002]) {
      for (let tries = 0; tries < 400; tries++) {
        const answer = await fetch(`${live.gateway.url}/directory/${String(group)}/status`, {
          headers: { cookie },
        });
        const { status } = directoryStatusResponse.parse(await answer.json());
        if (status.state === "ready") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 60_000);
  afterAll(() => live.close());

  it("finds a Cyrillic name typed in Latin letters, moves with the arrows and opens the person on Enter", async () => {
    const user = userEvent.setup();
    const view = await live.render("/c/1001/variables", "support");
    const box = await searchBox();
    expect(box.getAttribute("aria-expanded")).toBe("false");

    await user.type(box, "stanislav petr");
    const list = screen.getByRole("listbox", { name: "People found", hidden: true });
    await waitFor(() => {
      expect(within(list).getAllByRole("option")[0]?.textContent).toContain("Станислав Петров");
    }, WAIT);
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(box.getAttribute("aria-controls")).toBe(list.id);
    const first = within(list).getAllByRole("option")[0];
    expect(first?.textContent).toContain(String(tgIdOf("Станислав", "Петров")));
    expect(first?.textContent).toContain("Active");

    await user.keyboard("{ArrowDown}");
    expect(box.getAttribute("aria-activedescendant")).toBe(first?.id);
    expect(first?.getAttribute("aria-selected")).toBe("true");

    await user.keyboard("{Enter}");
    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe(
        `/c/1001/people/${String(tgIdOf("Станислав", "Петров"))}`,
      );
    });
    expect((box as HTMLInputElement).value).toBe("");
  });

  it("finds a person of another channel in a group named after it, and opens them there", async () => {
    const user = userEvent.setup();
    const answer = await fetch(`${live.gateway.url}/directory/1002/people?limit=1`, {
      headers: { cookie },
    });
    const someone = directoryListResponse.parse(await answer.json()).items[0];
    if (!someone) throw new Error("channel 1002 has people");
    const view = await live.render("/c/1001", "admin");
    const box = await screen.findByRole("combobox", { name: "Find a person" }, LOAD);
    await user.click(box);
    await user.paste(String(someone.user_id));
    const group = await screen.findByRole("group", { name: /^In .+/u, hidden: true }, WAIT);
    const option = within(group).getAllByRole("option", { hidden: true })[0];
    if (!option) throw new Error("an option in the group");
    expect(option.textContent).toContain(String(someone.user_id));
    // Keyboard: past this channel's options (here one, "Open user id …") into the group.
    const all = within(screen.getByRole("listbox", { hidden: true })).getAllByRole("option", {
      hidden: true,
    });
    for (let step = 0; step <= all.indexOf(option); step++) {
      await user.keyboard("{ArrowDown}");
    }
    expect(box.getAttribute("aria-activedescendant")).toBe(option.id);
    await user.keyboard("{Enter}");
    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe(`/c/1002/people/${String(someone.user_id)}`);
    });
  });

  it("says nobody was found for a query of any script or length, and closes on Escape", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001", "admin");
    const box = await searchBox();
    await user.click(box);
    await user.paste("ﷺ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \" ' -- *?");
    await waitFor(() => {
      expect(document.querySelector(".person-search-status")?.textContent).toMatch(/Nobody found/);
    }, WAIT);
    const list = screen.getByRole("listbox", { name: "People found", hidden: true });
    expect(within(list).queryAllByRole("option")).toHaveLength(0);
    await user.keyboard("{Escape}");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{Escape}");
    expect((box as HTMLInputElement).value).toBe("");
  });

  it("offers to read a user id the directory does not hold from the service", async () => {
    const user = userEvent.setup();
    const view = await live.render("/c/1001", "admin");
    const box = await searchBox();
    await user.type(box, "987654321");
    const option = await screen.findByRole("option", { name: /Open user id 987654321/ }, WAIT);
    await user.click(option);
    await waitFor(() => {
      expect(view.router.state.location.pathname + view.router.state.location.search).toBe(
        "/c/1001/people/987654321?read=1",
      );
    });
  });

  it("focuses on / unless the person is typing in a field", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001/variables", "support");
    const box = await searchBox();
    const field = await screen.findByLabelText("Telegram user id or profile link", {}, LOAD);
    await user.click(field);
    await user.keyboard("/");
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe("/");
    await user.click(document.body);
    await user.keyboard("/");
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe("");
  });

  it("is not shown to a role that may not read the directory", async () => {
    await live.render("/c/1001/utm", "marketing");
    await screen.findByRole("heading", { level: 1 }, LOAD);
    expect(screen.queryByRole("combobox", { name: "Find a person" })).toBeNull();
  });
});
