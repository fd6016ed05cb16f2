import { describe, expect, it } from "vitest";
import { initialLocale } from "../../src/lib/locale";
import {
  languagesFromAcceptLanguage,
  pageAttributes,
  preferenceCookie,
  withPageAttributes,
} from "../../src/lib/page-preferences";
import { themeAttribute, themeChoices } from "../../src/lib/theme";

describe("languagesFromAcceptLanguage", () => {
  it("lists the languages most wanted first, as navigator.languages does", () => {
    expect(languagesFromAcceptLanguage("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual([
      "ru-RU",
      "ru",
      "en-US",
      "en",
    ]);
    expect(languagesFromAcceptLanguage("en;q=0.5, ru")).toEqual(["ru", "en"]);
    expect(languagesFromAcceptLanguage("de, ru;q=0.8, en;q=0.8")).toEqual(["de", "ru", "en"]);
  });

  it("skips what is refused (q=0), the wildcard and what cannot be read", () => {
    expect(languagesFromAcceptLanguage("ru;q=0, en")).toEqual(["en"]);
    expect(languagesFromAcceptLanguage("*, ru;q=0.1")).toEqual(["ru"]);
    expect(languagesFromAcceptLanguage("ru;q=abc, en")).toEqual(["en"]);
    expect(languagesFromAcceptLanguage(" , ;q=1")).toEqual([]);
    expect(languagesFromAcceptLanguage(undefined)).toEqual([]);
  });
});

describe("pageAttributes", () => {
  it.each([
    [undefined, "ru-RU,en;q=0.8"],
    [undefined, "en-US,ru;q=0.8"],
    [undefined, "de,ru;q=0.5"],
    [undefined, undefined],
    ["ru", "en-US"],
    ["en", "ru-RU"],
    ["xx", "ru-RU"],
  ])("gives the language the app starts in, for cookie %s and %s", (cookie, header) => {
    const { lang } = pageAttributes({
      localeCookie: cookie,
      themeCookie: undefined,
      acceptLanguage: header,
    });
    expect(lang).toBe(initialLocale(cookie, languagesFromAcceptLanguage(header)));
  });

  it.each(themeChoices)("gives the app's data-theme for the remembered %s", (choice) => {
    const { theme } = pageAttributes({
      localeCookie: undefined,
      themeCookie: choice,
      acceptLanguage: undefined,
    });
    expect(theme).toBe(themeAttribute(choice));
  });

  it("ignores a theme that is not one of the interface's", () => {
    const attributes = { localeCookie: undefined, acceptLanguage: undefined };
    expect(pageAttributes({ ...attributes, themeCookie: '"><script>' }).theme).toBeNull();
  });
});

describe("withPageAttributes", () => {
  const html = '<!doctype html>\n<html lang="en">\n<head><!-- <html> --></head>';
  it("rewrites the start tag of <html> only", () => {
    expect(withPageAttributes(html, { lang: "ru", theme: "dark" })).toBe(
      '<!doctype html>\n<html lang="ru" data-theme="dark">\n<head><!-- <html> --></head>',
    );
    expect(withPageAttributes(html, { lang: "en", theme: null })).toBe(html);
  });
  it("says when the request carried no session", () => {
    expect(withPageAttributes(html, { lang: "ru", theme: null, signedOut: true })).toBe(
      '<!doctype html>\n<html lang="ru" data-signed-out>\n<head><!-- <html> --></head>',
    );
    expect(withPageAttributes(html, { lang: "ru", theme: null, signedOut: false })).toBe(
      '<!doctype html>\n<html lang="ru">\n<head><!-- <html> --></head>',
    );
  });
});

describe("preferenceCookie", () => {
  it("keeps a choice for a year on every path, and forgets one", () => {
    expect(preferenceCookie("cd_theme", "dark")).toBe(
      "cd_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(preferenceCookie("cd_theme", null)).toBe("cd_theme=; Path=/; Max-Age=0; SameSite=Lax");
  });
});
