import { setupI18n, type I18n } from "@lingui/core";
import { messages as en } from "../../src/locales/en.po";
import { messages as ru } from "../../src/locales/ru.po";
import type { Locale } from "../../src/lib/locale";

/** The shared catalogs of both languages, compiled by Lingui's Vite plugin as the app gets them. */
export const sharedCatalogs = { en, ru } as const;

/** A Lingui instance of its own with the real shared catalogs, in `locale`: for pure functions. */
export function testI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { en, ru } });
}

/** Thousands separators differ between ICU versions (no-break or narrow no-break space). */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/gu, " ");
}
