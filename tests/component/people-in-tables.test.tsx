import { screen, waitFor, within } from "./testing-library";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import { directoryStatusResponse } from "../../src/contract/directory";
import { pinDate, unpinDate } from "../support/clock";
import { seedNamedPeople } from "../support/directory-seed";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";

const LOAD = { timeout: 20_000 };
// The seed's records: 10 of the mass delivery "March sale" on 5 March 2026, 4 bot steps on 10 March.
const PERIOD = "period=2026-03-01..2026-03-15";
// The seed's subscription events all fall in this range (tests/support/seed.ts).
const EVENTS = "period=2025-12-01..2026-03-15";

/** The directory look-ups the app sent since the spy was set. */
function lookups(spy: MockInstance<typeof fetch>): string[] {
  return spy.mock.calls
    .map(([input]) => (input instanceof Request ? input.url : input.toString()))
    .filter((url) => url.includes("/directory/1001/lookup"));
}

describe("names from the directory beside user ids in tables", { timeout: 60_000 }, () => {
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
  beforeEach(() => {
    pinDate("2026-11-23T21:30:00Z");
  });
  afterEach(() => {
    unpinDate();
    vi.restoreAllMocks();
  });

  it("links each delivery's recipient to the person view, asking the directory once a page", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await live.render(`/c/1001/deliveries?${PERIOD}`, "admin");
    const table = await screen.findByRole("table", { name: "Delivery records" }, LOAD);
    await waitFor(() => {
      expect(within(table).getAllByRole("link").length).toBeGreaterThan(0);
    }, LOAD);
    const links = within(table).getAllByRole("link");
    for (const link of links) {
      expect(link.getAttribute("href")).toMatch(/^\/c\/1001\/people\/\d+$/);
    }
    // Fourteen rows, one request for all of them.
    expect(lookups(spy)).toHaveLength(1);
  });

  it("links the subscription events' people for an administrator", async () => {
    await live.render(`/c/1001/subscriptions?${EVENTS}`, "admin");
    const events = await screen.findByRole("table", { name: "Subscription events, page 1" }, LOAD);
    await waitFor(() => {
      expect(within(events).getAllByRole("link").length).toBeGreaterThan(0);
    }, LOAD);
  });

  it("names the events' people for marketing from the API, without the directory", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await live.render(`/c/1001/subscriptions?${EVENTS}`, "marketing");
    const seen = await screen.findByRole("table", { name: "Subscription events, page 1" }, LOAD);
    await waitFor(() => {
      expect(within(seen).getAllByText(/^ID \d+$/).length).toBeGreaterThan(0);
    }, LOAD);
    // Marketing may not read subscribers: the API's own names, no directory, no person view.
    expect(within(seen).queryAllByRole("link")).toHaveLength(0);
    expect(lookups(spy)).toHaveLength(0);
  });
});
