import { describe, expect, it } from "vitest";
import type { GatewayFetch } from "../../src/api/api-context";
import { ApiError } from "../../src/api/api-error";
import {
  fetchCampaignLabels,
  forgetCampaignLabel,
  saveCampaignLabel,
} from "../../src/features/utm/campaign-labels-api";

const json = (status: number, body: unknown) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

function stub(answer: () => Response) {
  const sent: { path: string; init: RequestInit }[] = [];
  const gateway: GatewayFetch = (path, init) => {
    sent.push({ path, init });
    return Promise.resolve(answer());
  };
  return { sent, gateway };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error("expected an ApiError");
  return error;
}

describe("the campaign labels client", () => {
  it("reads a channel's labels, parsed by the contract", async () => {
    const { sent, gateway } = stub(() =>
      json(200, { success: true, count: 1, items: [{ utm_id: 7, label: "Black Friday" }] }),
    );
    await expect(fetchCampaignLabels(gateway, 1001)).resolves.toEqual([
      { utm_id: 7, label: "Black Friday" },
    ]);
    expect(sent[0]?.path).toBe("/campaigns/1001");
    expect(sent[0]?.init.method).toBe("GET");
  });

  it("sends a write with the CSRF header and JSON, and returns the stored label", async () => {
    const { sent, gateway } = stub(() =>
      json(200, { success: true, item: { utm_id: 7, label: "Winter" } }),
    );
    await expect(saveCampaignLabel(gateway, 1001, 7, "Winter")).resolves.toEqual({
      utm_id: 7,
      label: "Winter",
    });
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(sent[0]?.path).toBe("/campaigns/1001/7");
    expect(headers["X-Channel-Desk"]).toBe("1");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(sent[0]?.init.body).toBe(JSON.stringify({ label: "Winter" }));
  });

  it("turns the gateway's refusal into an ApiError with its reason and values", async () => {
    const { gateway } = stub(() =>
      json(409, {
        success: false,
        error_code: 0,
        error_message: "Too many labels.",
        reason: "campaign-labels-full",
        details: { limit: 1000 },
      }),
    );
    const error = await failure(forgetCampaignLabel(gateway, 1001, 7));
    expect(error).toMatchObject({
      kind: "http",
      status: 409,
      operation: "campaigns/delete",
      reason: "campaign-labels-full",
      details: { limit: 1000 },
    });
  });

  it("tells a proxy's HTML page, a body that is not JSON and a wrong shape apart", async () => {
    const proxy = stub(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await failure(fetchCampaignLabels(proxy.gateway, 1001))).toMatchObject({
      kind: "http",
      status: 502,
    });
    const notJson = stub(() => new Response("ok", { status: 200 }));
    expect(await failure(fetchCampaignLabels(notJson.gateway, 1001))).toMatchObject({
      kind: "contract",
      path: "",
    });
    const wrong = stub(() => json(200, { success: true, count: 1, items: [{ utm_id: "x" }] }));
    expect(await failure(fetchCampaignLabels(wrong.gateway, 1001))).toMatchObject({
      kind: "contract",
      path: "items[0].utm_id",
    });
  });

  it("says a cancelled read was cancelled and a dead network could not be reached", async () => {
    const controller = new AbortController();
    const cancelled: GatewayFetch = () => {
      controller.abort();
      return Promise.reject(new DOMException("aborted", "AbortError"));
    };
    expect(await failure(fetchCampaignLabels(cancelled, 1001, controller.signal))).toMatchObject({
      kind: "aborted",
    });
    const down: GatewayFetch = () => Promise.reject(new TypeError("Failed to fetch"));
    expect(await failure(fetchCampaignLabels(down, 1001))).toMatchObject({ kind: "network" });
  });
});
