import { screen } from "./testing-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveApp, type LiveApp } from "./live-app";

describe("the app against the live gateway", () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("signs in and shows the channel from the local Channel API", async () => {
    await live.render("/c/1001", "support");
    expect(
      await screen.findByRole("heading", { level: 2, name: "Test Telegram" }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
