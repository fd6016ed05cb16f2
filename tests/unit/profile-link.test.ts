import { describe, expect, it } from "vitest";
import { describeProfile, parseProfileInput } from "../../src/lib/profile-link";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const id = (value: number, source: "id" | "vk-link" | "tg-link") => ({
  kind: "id",
  id: value,
  source,
});

function problem(text: string, field: "vk_user_id" | "tg_user_id" | undefined): string {
  const parsed = parseProfileInput(text, field, i18n);
  if (parsed.kind !== "problem")
    throw new Error(`expected a problem, got ${JSON.stringify(parsed)}`);
  return parsed.message;
}

describe("parseProfileInput", () => {
  it("reads a bare id on either kind of channel, with spaces around it", () => {
    expect(parseProfileInput("123", "vk_user_id", i18n)).toEqual(id(123, "id"));
    expect(parseProfileInput("  700000001\n", "tg_user_id", i18n)).toEqual(id(700000001, "id"));
    expect(parseProfileInput("42", undefined, i18n)).toEqual(id(42, "id"));
  });

  it("says nothing for an empty field", () => {
    expect(parseProfileInput("   ", "vk_user_id", i18n)).toEqual({ kind: "empty" });
  });

  it("refuses ids that are not positive safe integers", () => {
    expect(problem("0", "vk_user_id")).toMatch(/not a user id/);
    expect(problem("-5", "vk_user_id")).toMatch(/not a user id/);
    expect(problem("12.5", "vk_user_id")).toMatch(/not a user id/);
    expect(problem("1e3", "tg_user_id")).toMatch(/not a user id/);
    expect(problem("99999999999999999999", "tg_user_id")).toMatch(/not a user id/);
  });

  it.each([
    "vk.com/id123",
    "https://vk.com/id123",
    "http://vk.com/id123/",
    "m.vk.com/id123",
    "https://m.vk.com/id123?from=search",
    "https://www.vk.com/id123#wall",
    "https://vk.ru/id123",
    "VK.COM/ID123",
    "id123",
  ])("reads the VK profile link %s", (text) => {
    expect(parseProfileInput(text, "vk_user_id", i18n)).toEqual(id(123, "vk-link"));
  });

  it("explains that a VK screen name cannot be resolved without the service", () => {
    const message = problem("https://vk.com/durov", "vk_user_id");
    expect(message).toContain("“durov” is a VK screen name");
    expect(message).toContain("cannot look people up by screen name");
    expect(message).toContain("vk.com/id");
  });

  it("tells a community apart from a person", () => {
    expect(problem("vk.com/club1", "vk_user_id")).toMatch(/community, not a person/);
    expect(problem("https://vk.com/public77", "vk_user_id")).toMatch(/community, not a person/);
    expect(problem("vk.com/", "vk_user_id")).toMatch(/names no profile/);
  });

  it("reads tg://user?id= links on Telegram channels", () => {
    expect(parseProfileInput("tg://user?id=700000001", "tg_user_id", i18n)).toEqual(
      id(700000001, "tg-link"),
    );
    expect(parseProfileInput("tg:user?id=5", "tg_user_id", i18n)).toEqual(id(5, "tg-link"));
    expect(problem("tg://user?id=abc", "tg_user_id")).toMatch(/carries no user id/);
  });

  it("explains that Telegram usernames cannot be resolved", () => {
    expect(problem("@someone", "tg_user_id")).toMatch(/“someone” is a Telegram username/);
    expect(problem("https://t.me/someone", "tg_user_id")).toMatch(
      /“someone” is a Telegram username/,
    );
  });

  it("refuses a link of the other kind of channel, saying which kind this one is", () => {
    expect(problem("vk.com/id123", "tg_user_id")).toBe(
      "That is a VK link, but this is a Telegram channel: paste the person’s Telegram user id.",
    );
    expect(problem("tg://user?id=5", "vk_user_id")).toBe(
      "That is a Telegram link, but this is a VK channel: paste the person’s VK user id.",
    );
    expect(problem("t.me/someone", "vk_user_id")).toMatch(/Telegram link, but this is a VK/);
  });

  it("reads either kind when the channel's kind is unknown", () => {
    expect(parseProfileInput("vk.com/id9", undefined, i18n)).toEqual(id(9, "vk-link"));
    expect(parseProfileInput("tg://user?id=9", undefined, i18n)).toEqual(id(9, "tg-link"));
  });

  it("says what it wants for anything else, per channel kind", () => {
    expect(problem("hello there", "vk_user_id")).toMatch(/VK user id \(digits\)/);
    expect(problem("hello", "tg_user_id")).toMatch(/Telegram user id \(digits\)/);
    expect(problem("https://example.com/id5", "vk_user_id")).toMatch(/VK user id/);
    expect(problem("javascript:alert(1)", "vk_user_id")).toMatch(/VK user id/);
  });

  it("clips a pasted paragraph in its message", () => {
    const message = problem(`vk.com/${"a".repeat(200)}`, "vk_user_id");
    expect(message.length).toBeLessThan(220);
  });
});

describe("describeProfile", () => {
  it("names the id and where it came from", () => {
    expect(describeProfile({ id: 123, source: "vk-link" }, i18n)).toBe(
      "User id 123 (from a VK profile link)",
    );
    expect(describeProfile({ id: 5, source: "tg-link" }, i18n)).toBe(
      "User id 5 (from a Telegram link)",
    );
    expect(describeProfile({ id: 7, source: "id" }, i18n)).toBe("User id 7");
  });
});
