import { screen, waitFor } from "./testing-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryStatusResponse } from "../../src/contract/directory";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";

// A segment's size from the gateway's directory (issue 18) against the local Channel API's seed
// data (tests/support/seed.ts): "News" holds people 1..29 of the Telegram channel, 5 of whom
// also joined "Offers" and 2 left it again; every fifth person is inactive.
const WAIT = { timeout: 40_000 };

const sizeText = () =>
  screen.getAllByRole("status").find((node) => node.classList.contains("segment-count"))
    ?.textContent;

describe("a segment counted by the directory", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp({ directory: true });
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

  it("shows the size at once when the directory keeps every filter", async () => {
    await live.render("/c/1001/subscribers?subscription_id=1&ignore_subscription_id=2");
    await waitFor(() => {
      expect(sizeText()).toBe("26 people in this segment counted by the directory Count again");
    }, WAIT);
    expect(screen.queryByRole("button", { name: "Count the people" })).toBeNull();
  });

  it("leaves a filter the directory does not keep to the count by pages", async () => {
    await live.render("/c/1001/subscribers?subscription_id=1&status=inactive");
    const button = await screen.findByRole("button", { name: "Count the people" }, WAIT);
    expect(button).toBeTruthy();
    expect(sizeText()).not.toContain("directory");
  });
});
