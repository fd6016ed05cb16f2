import { describe, expect, it } from "vitest";
import {
  isThemeChoice,
  parseThemeChoice,
  resolveTheme,
  themeAttribute,
  themeChoices,
} from "../../src/lib/theme";

describe("parseThemeChoice", () => {
  it.each(themeChoices)("keeps the valid choice %s", (choice) => {
    expect(parseThemeChoice(choice)).toBe(choice);
  });

  it.each([null, undefined, "", "Dark", " dark", "blue", "{}", 1, {}])(
    "falls back to system for %j",
    (stored) => {
      expect(parseThemeChoice(stored)).toBe("system");
    },
  );
});

describe("isThemeChoice", () => {
  it("accepts only the three choices", () => {
    expect(["system", "light", "dark", "auto", "LIGHT"].filter(isThemeChoice)).toEqual([
      "system",
      "light",
      "dark",
    ]);
  });
});

describe("themeAttribute", () => {
  it("sets data-theme only for an explicit choice", () => {
    expect(themeAttribute("system")).toBeNull();
    expect(themeAttribute("light")).toBe("light");
    expect(themeAttribute("dark")).toBe("dark");
  });
});

describe("resolveTheme", () => {
  it("follows the system only when the choice is system", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});
