import { describe, expect, it } from "vitest";
import { initialLocale, localeFromLanguages, localeNames } from "../../src/lib/locale";

describe("the first language", () => {
  it.each([
    [["ru-RU", "en-US"], "ru"],
    [["ru"], "ru"],
    [["RU_ua"], "ru"],
    [["en-GB", "ru"], "en"],
    [["de-DE", "ru-RU", "en"], "ru"],
    [["de-DE", "fr"], "en"],
    [[], "en"],
  ] as const)("is read from the browser's languages %j → %s", (languages, expected) => {
    expect(localeFromLanguages(languages)).toBe(expected);
  });

  it("is the remembered choice when there is one, and ignores anything else stored", () => {
    expect(initialLocale("en", ["ru-RU"])).toBe("en");
    expect(initialLocale("ru", ["en-US"])).toBe("ru");
    expect(initialLocale("<script>", ["ru-RU"])).toBe("ru");
    expect(initialLocale(null, ["en-US"])).toBe("en");
  });

  it("names each language in itself", () => {
    expect(localeNames).toEqual({ en: "English", ru: "Русский" });
  });
});
