import { describe, expect, it } from "vitest";
import { documentTitle } from "../../src/components/use-document-title";

describe("documentTitle", () => {
  it("names the page, then its channel, then the product", () => {
    expect(documentTitle("Подписчики", "Coffee Club (Telegram)")).toBe(
      "Подписчики · Coffee Club (Telegram) · Channel Desk",
    );
  });

  it("names the channel once on the channel's own page, and none outside a channel", () => {
    expect(documentTitle("Tea House", "Tea House")).toBe("Tea House · Channel Desk");
    expect(documentTitle("Войти")).toBe("Войти · Channel Desk");
    expect(documentTitle("")).toBe("Channel Desk");
  });
});
