import { screen, waitFor, within } from "./testing-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryStatusResponse } from "../../src/contract/directory";
import { seedNamedPeople, tgIdOf } from "../support/directory-seed";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";

// The first render transforms the page's lazy chunk, slow on a busy machine.
const LOAD = { timeout: 40_000 };

const WAIT = { timeout: 10_000 };

/**
 * A section of the person view by its heading (its table's scroll region has the same name).
 * The sections under the variables come in a chunk of their own, after the page.
 */
async function section(name: string): Promise<HTMLElement> {
  const found = (await screen.findAllByRole("region", { name }, WAIT))[0];
  if (!found) throw new Error(`no section ${name}`);
  return found;
}

describe("the person view against the gateway's directory", { timeout: 60_000 }, () => {
  let live: LiveApp;

  beforeAll(async () => {
    live = await startLiveApp({ seed: seedNamedPeople, directory: true });
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: "admin", password: LIVE_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    for (let tries = 0; tries < 400; tries++) {
      const answer = await fetch(`${live.gateway.url}/directory/1001/status`, {
        headers: { cookie },
      });
      const { status } = directoryStatusResponse.parse(await answer.json());
      if (status.state === "ready") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(() => live.close());

  it("shows who the person is, their subscriptions and variables; support sees no messages", async () => {
    const userId = tgIdOf("Станислав", "Петров");
    await live.render(`/c/1001/people/${String(userId)}`, "support");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Станислав Петров" }, LOAD),
    ).toBeDefined();
    expect(screen.getByText(String(userId), { selector: "code" })).toBeDefined();
    expect(
      screen.getByRole("button", { name: `Copy the user id ${String(userId)}` }),
    ).toBeDefined();
    const profile = screen.getByRole("link", { name: "Profile in Telegram" });
    expect(profile.getAttribute("href")).toBe(`tg://user?id=${String(userId)}`);
    expect(screen.getByRole("heading", { level: 2, name: "Subscriptions" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 2, name: "UTM tags" })).toBeDefined();
    await waitFor(() => {
      expect(document.querySelector("#variables-list-title")?.textContent).toMatch(/variable/);
    }, WAIT);
    const history = await section("Subscribe and unsubscribe history");
    expect(within(history).getByText(/Events the service reported/)).toBeDefined();
    expect(
      screen.getByText("Your role cannot see the messages sent to subscribers."),
    ).toBeDefined();
    expect(screen.getByRole("link", { name: "Start or stop a bot" }).getAttribute("href")).toMatch(
      new RegExp(`/c/1001/bots\\?user=${String(userId)}&record=\\d+$`),
    );
  });

  it("reads the API's history and messages for an administrator, newest first", async () => {
    const userId = tgIdOf("Иван", "Петров");
    await live.render(`/c/1001/people/${String(userId)}`, "admin");
    await screen.findByRole("heading", { level: 1, name: "Иван Петров" }, LOAD);
    const messages = await section("Messages sent");
    await waitFor(() => {
      expect(within(messages).queryByText("Loading the messages…")).toBeNull();
    }, WAIT);
    const history = await section("Subscribe and unsubscribe history");
    await waitFor(() => {
      expect(within(history).queryByText("Loading the history…")).toBeNull();
    }, WAIT);
    expect(within(history).queryByText(/Events the service reported/)).toBeNull();
  });

  it("says clearly that an unknown person is unknown, with a search box and a way to ask the service", async () => {
    await live.render("/c/1001/people/987654321", "support");
    expect(
      await screen.findByRole("heading", { level: 1, name: "No such person" }, LOAD),
    ).toBeDefined();
    expect(screen.getByText(/has no one with user id 987654321/)).toBeDefined();
    expect(
      screen.getByRole("link", { name: "Ask the service for this user id" }).getAttribute("href"),
    ).toBe("/c/1001/people/987654321?read=1");
    // The header's search and the page's, which comes in the search's chunk.
    await waitFor(() => {
      expect(screen.getAllByRole("combobox", { name: "Find a person" })).toHaveLength(2);
    }, WAIT);
  });

  it("with read=1 asks the service, and says when it does not know the id either", async () => {
    await live.render("/c/1001/people/987654321?read=1", "support");
    expect(
      await screen.findByText(
        /Neither the directory nor the service knows user id 987654321/,
        {},
        LOAD,
      ),
    ).toBeDefined();
  });
});
