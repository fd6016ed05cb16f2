import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, type RunningGateway, startGateway } from "../support/gateway";
import { tgUserId } from "../support/seed";
import { wholeYear } from "../support/valid-requests";

/**
 * Values the contract lets through but the local Channel API refuses (issue 13): through the
 * gateway they must come back as the service's own refusal (HTTP 200, code 12), never as a 502.
 */

const PASSWORD = "correct horse battery";
let gateway: RunningGateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway({
    accounts: [{ username: "ada", role: "admin", channels: [1001], password: PASSWORD }],
    rateLimit: 1000,
  });
  browser = new Browser(gateway.url);
  expect((await browser.login("ada", PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await gateway.close();
});

describe("a value the API cannot take, sent through the gateway", () => {
  it("text with a lone surrogate is refused with code 12, and nothing is stored", async () => {
    const person = { group_id: 1001, tg_user_id: tgUserId(4) };
    const answer = await browser.call("vars/set", { ...person, name: "note", value: "ok\ud800" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ success: false, error_code: 12 });
    expect(answer.body.error_message).toContain("not valid Unicode");
    const read = await browser.call("vars/get", { ...person, name: "note" });
    expect(read.body).toMatchObject({ success: true, items: [] });
  });

  it("an array over the bound is refused with code 12 and the bound", async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const answer = await browser.call("subscribers/statCount", {
      group_id: 1001,
      ...wholeYear,
      subscription_id: ids,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      success: false,
      error_code: 12,
      error_message: "too many items in subscription_id: at most 10000",
    });
  });
});
