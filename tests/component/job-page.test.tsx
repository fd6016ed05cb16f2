import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobResponse } from "../../src/contract/jobs";
import { Browser } from "../support/gateway";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";
import { screen, waitFor } from "./testing-library";

/**
 * A job's page under a hand-edited address: a job of another channel is not shown as this
 * channel's (its group, bot and people would be named from the wrong channel).
 */
const WAIT = { timeout: 40_000 };

describe("a job's page", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("sends a job of another channel to its own channel's page", async () => {
    const browser = new Browser(live.gateway.url);
    expect((await browser.login("admin", LIVE_PASSWORD)).status).toBe(200);
    const created = await browser.request("POST", "/jobs", {
      group_id: 1001,
      filters: { subscription_id: [1] },
      action: { kind: "var-set", name: "promo", value: "yes" },
    });
    const id = String(jobResponse.parse(created.body).item.job_id);

    await live.render(`/c/1002/jobs/${id}`);
    const link = await screen.findByRole("link", { name: "Open it in its channel" }, WAIT);
    expect(link.getAttribute("href")).toBe(`/c/1001/jobs/${id}`);
    expect(screen.getByRole("alert").textContent).toContain("This job is of another channel.");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();

    await live.render(`/c/1001/jobs/${id}`);
    await waitFor(() => {
      expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("promo");
    }, WAIT);
  });
});
