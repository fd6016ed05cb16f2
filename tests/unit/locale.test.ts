import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  initialLocale,
  LOCALE_STORAGE_KEY,
  localeFromLanguages,
  localeNames,
  locales,
} from "../../src/lib/locale";

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

const script = readFileSync(join(import.meta.dirname, "../../public/locale.js"), "utf8");

/** Runs public/locale.js as the browser does before the app, and returns <html lang>. */
function runScript(stored: (key: string) => string | null, languages: string[]): string {
  const documentElement = { lang: "en" };
  runInNewContext(script, {
    window: { localStorage: { getItem: stored } },
    document: { documentElement },
    navigator: { languages, language: languages[0] ?? "" },
  });
  return documentElement.lang;
}

describe("the language script in <head>", () => {
  it.each([
    [null, ["ru-RU", "en"]],
    [null, ["en-US", "ru"]],
    [null, ["de", "ru"]],
    [null, ["de"]],
    ["ru", ["en-US"]],
    ["en", ["ru-RU"]],
    ["xx", ["ru-RU"]],
  ])("sets the same <html lang> as the app for stored %s and languages %j", (stored, languages) => {
    const lang = runScript((key) => (key === LOCALE_STORAGE_KEY ? stored : null), languages);
    expect(lang).toBe(initialLocale(stored, languages));
  });

  it("knows the same languages as the app", () => {
    const list = locales.map((locale) => JSON.stringify(locale)).join(", ");
    expect(script).toContain(`var supported = [${list}];`);
    expect(script).toContain(JSON.stringify(LOCALE_STORAGE_KEY));
  });

  it("survives storage that throws", () => {
    const lang = runScript(() => {
      throw new Error("SecurityError");
    }, ["ru"]);
    expect(lang).toBe("ru");
  });

  it("is loaded by index.html as a classic script before the app's module", () => {
    const html = readFileSync(join(import.meta.dirname, "../../index.html"), "utf8");
    const classic = html.indexOf('<script src="/locale.js"></script>');
    expect(classic).toBeGreaterThan(-1);
    expect(classic).toBeLessThan(html.indexOf('type="module"'));
  });
});
