import { describe, expect, it } from "vitest";
import { campaignKey, campaignOf, suggestCampaign } from "../../src/lib/campaigns";

describe("suggestCampaign", () => {
  it.each([
    ["Black Friday — VK Ads", "Black Friday"],
    ["Black Friday - Telegram", "Black Friday"],
    ["Black Friday – Site banner", "Black Friday"],
    ["  Bring a friend — VK Ads  ", "Bring a friend"],
    ["Spring menu — Partner: Bakery 24 — story", "Spring menu"],
    ["Spring - menu — VK", "Spring"],
    ["Newsletter", "Newsletter"],
    ["co-branding", "co-branding"],
    ["Black Friday—VK", "Black Friday—VK"],
    [" — VK Ads", "— VK Ads"],
    ["Чёрная пятница — ВК", "Чёрная пятница"],
    ["", ""],
  ])("%j → %j", (name, campaign) => {
    expect(suggestCampaign(name)).toBe(campaign);
  });
});

describe("campaignOf", () => {
  it("prefers the stored label, trimmed", () => {
    expect(campaignOf("Black Friday — VK Ads", "  BF 2026 ")).toEqual({
      label: "BF 2026",
      stored: true,
    });
  });
  it("suggests from the name when no label (or a blank one) is stored", () => {
    expect(campaignOf("Black Friday — VK Ads", undefined)).toEqual({
      label: "Black Friday",
      stored: false,
    });
    expect(campaignOf("Black Friday — VK Ads", " ")).toEqual({
      label: "Black Friday",
      stored: false,
    });
  });
  it("has none for a tag without name or label", () => {
    expect(campaignOf(undefined, undefined)).toBeUndefined();
    expect(campaignOf("  ", undefined)).toBeUndefined();
  });
});

describe("campaignKey", () => {
  it("joins labels that differ in case and spaces only", () => {
    expect(campaignKey(" Black  friday")).toBe(campaignKey("Black Friday"));
    expect(campaignKey("Black Friday")).not.toBe(campaignKey("Black Friday 2026"));
  });
});
