import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Locale } from "../../src/lib/locale";

/**
 * The catalogs of shared code in both languages (`src/locales/`: the shell's and every group's,
 * src/i18n/catalog-groups.ts), compiled by Lingui's Vite plugin as the app gets them, merged:
 * the tests of shared code need not know which group a message went to.
 * tests/unit/catalog-loads.test.ts checks that the app loads each group where it is needed.
 */
const files = import.meta.glob<{ messages: Messages }>("../../src/locales/**/*.po", {
  eager: true,
});

function merged(locale: Locale): Messages {
  const messages: Messages = {};
  for (const [file, module] of Object.entries(files)) {
    if (file.endsWith(`/${locale}.po`)) Object.assign(messages, module.messages);
  }
  return messages;
}

const en = merged("en");
const ru = merged("ru");

/** The catalogs of shared code of both languages. */
export const sharedCatalogs = { en, ru } as const;

/** A Lingui instance of its own with the real shared catalogs, in `locale`: for pure functions. */
export function testI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { en, ru } });
}

/** Thousands separators differ between ICU versions (no-break or narrow no-break space). */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/gu, " ");
}
