import { interfaceLocales, intlLocales as sharedIntlLocales } from "@/contract/session-constants";

/**
 * The languages of the interface, and how the first one is chosen. Pure: the browser's list of
 * preferred languages and whatever was stored come in as arguments. The gateway paints the page
 * in the language its cookie names by the same rule (src/lib/page-preferences.ts).
 */
export const locales = interfaceLocales;
export type Locale = (typeof locales)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** Where the browser remembers the choice (the account remembers it too, once the gateway does). */
export const LOCALE_STORAGE_KEY = "channel-desk.locale";

/** Each language's name in itself, as a language menu shows it whatever language is active. */
export const localeNames: Readonly<Record<Locale, string>> = {
  // Names that are the same in every language of the interface, so not in a catalog.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  en: "English",
  // eslint-disable-next-line lingui/no-unlocalized-strings
  ru: "Русский",
};

/** The `Intl` locale each language formats with (en-GB, ru-RU). */
export const intlLocales = sharedIntlLocales;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** A stored or received value, if it names a language of the interface. */
export function parseLocale(value: unknown): Locale | undefined {
  return isLocale(value) ? value : undefined;
}

/**
 * The language for a first visit: the first of the browser's preferred languages that the
 * interface speaks (`ru`, `ru-RU`, `ru-UA` → Russian; `en-*` → English), else English.
 */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.trim().toLowerCase().split(/[-_]/u)[0];
    const found = parseLocale(language);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/** What the interface starts in: the remembered choice, else the browser's languages. */
export function initialLocale(stored: unknown, languages: readonly string[]): Locale {
  return parseLocale(stored) ?? localeFromLanguages(languages);
}
