/**
 * The words of the gateway's own endpoints (sign-in, sign-out, the session) that are not
 * schemas: the SPA's entry needs them, and no zod (the schemas are in session.ts, loaded after
 * the entry, src/api/contract-schemas.ts). Every POST carries `X-Channel-Desk: 1`.
 */
export const CSRF_HEADER = "X-Channel-Desk";

/**
 * Sent with `GET /auth/session` by the app's own session check: nobody signed in is then an
 * answer (200 `signedOutAnswer`), not a refusal, so a signed-out visit logs no failed request
 * in the browser's console. Without it the endpoint answers 401, as every API call does.
 */
export const SESSION_PROBE_HEADER = "X-Channel-Desk-Probe";

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const channelKindNames = ["VK", "Telegram"] as const;

/** The languages of the interface; `POST /auth/locale` takes one of them. */
export const interfaceLocales = ["en", "ru"] as const;

/**
 * The `Intl` locale each language formats with. English follows British conventions (day before
 * month, a 24-hour clock), closer to how the service's European teams read dates than en-US.
 * Here, beside the languages, so that the boot script (src/boot/warm-intl.ts) loads the locale
 * data of the same tag the app's formatters use, without importing the app.
 */
export const intlLocales: Readonly<Record<(typeof interfaceLocales)[number], string>> = {
  en: "en-GB",
  ru: "ru-RU",
};

/** The `Intl` tag a language formats with ("ru" → "ru-RU"); any other tag as it is. */
export function intlTagOf(language: string): string {
  return (interfaceLocales as readonly string[]).includes(language)
    ? intlLocales[language as (typeof interfaceLocales)[number]]
    : language;
}
