import { initialLocale, type Locale } from "./locale";
import { parseThemeChoice, themeAttribute, type ResolvedTheme, type ThemeChoice } from "./theme";

/**
 * The language and the theme a page is painted in before any script runs (issue 15): the
 * gateway writes them on `<html>` of every page it serves (server/gateway/plugins/spa.ts), so
 * the HTML needs no script in `<head>` — two requests fewer that block the first paint. The
 * browser keeps the choices in localStorage for the app (src/lib/theme.ts, src/lib/locale.ts)
 * and copies them into these two cookies for the gateway. Pure: both sides use it.
 */
export const THEME_COOKIE = "cd_theme";
export const LOCALE_COOKIE = "cd_locale";

/** A year: the choice outlives the session, as localStorage's does. */
const MAX_AGE_SECONDS = 31_536_000;

/**
 * The `document.cookie` assignment that keeps a choice for the gateway, or forgets it (`null`).
 * Readable by scripts on purpose: it holds a preference, never anything of the session.
 */
export function preferenceCookie(name: string, value: string | null): string {
  // Cookie syntax, not words anyone reads.
  /* eslint-disable lingui/no-unlocalized-strings */
  return value === null
    ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${String(MAX_AGE_SECONDS)}; SameSite=Lax`;
  /* eslint-enable lingui/no-unlocalized-strings */
}

/**
 * The languages of an `Accept-Language` header, most wanted first (as `navigator.languages`
 * lists them); `q=0` means "not this one". Anything unreadable is skipped.
 */
export function languagesFromAcceptLanguage(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((param) => /^\s*q=/iu.test(param));
      // An unreadable weight counts as "not wanted", never as the highest.
      const weight = q === undefined ? 1 : Number(q.trim().slice(2) || "x");
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

export interface PageAttributes {
  lang: Locale;
  /** `data-theme`, none for the system's setting. */
  theme: ResolvedTheme | null;
  /**
   * `data-signed-out`: the request carried no session, so the page will be the sign-in form,
   * and the HTML shell draws that form's placeholders instead of the dashboard's.
   */
  signedOut?: boolean;
}

/**
 * What `<html>` says for a request: the language remembered in the cookie, else the first of
 * the browser's languages the interface speaks, else English — the rule of the app's own
 * start (src/lib/locale.ts `initialLocale`); the theme remembered, else the system's.
 */
export function pageAttributes(request: {
  localeCookie: string | undefined;
  themeCookie: string | undefined;
  acceptLanguage: string | undefined;
}): PageAttributes {
  const choice: ThemeChoice = parseThemeChoice(request.themeCookie);
  return {
    lang: initialLocale(request.localeCookie, languagesFromAcceptLanguage(request.acceptLanguage)),
    theme: themeAttribute(choice),
  };
}

/**
 * index.html's `<html …>` start tag with the page's attributes. The values come from closed
 * lists (the interface's languages, "light"/"dark"), never from the request as written.
 */
export function withPageAttributes(html: string, attributes: PageAttributes): string {
  const theme = attributes.theme === null ? "" : ` data-theme="${attributes.theme}"`;
  const signedOut = attributes.signedOut === true ? " data-signed-out" : "";
  return html.replace(/<html\b[^>]*>/iu, `<html lang="${attributes.lang}"${theme}${signedOut}>`);
}

/** The attribute's name, for the sign-in page to take it off once it is drawn. */
export const SIGNED_OUT_ATTRIBUTE = "data-signed-out";
