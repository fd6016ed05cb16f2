import { i18n } from "@lingui/core";
import {
  DEFAULT_LOCALE,
  initialLocale,
  LOCALE_STORAGE_KEY,
  parseLocale,
  type Locale,
} from "@/lib/locale";
import { LOCALE_COOKIE, preferenceCookie } from "@/lib/page-preferences";
import { loadCatalog, SHARED_AREA } from "./catalogs";
import { setAreaLoader } from "./with-catalogs";

/**
 * The language of the interface at run time: which catalogs are loaded, switching, and where
 * the choice is remembered. One Lingui instance (`i18n` of @lingui/core) holds the messages of
 * every area loaded so far, merged (`i18n.load` adds to what a language already has).
 */

/** Areas whose pages have been shown: a switch loads their catalogs before it takes effect. */
const areasInUse = new Set<string>([SHARED_AREA]);
const loads = new Map<string, Promise<void>>();
/** The language being switched to, or shown. */
let target: Locale | undefined;

function load(area: string, locale: Locale): Promise<void> {
  const key = `${area}|${locale}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = loadCatalog(area, locale).then((catalog) => {
      if (catalog) i18n.load(locale, catalog.messages);
    });
    // A catalog that could not be fetched (the network dropped) is fetched again next time.
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}

/** The language shown. */
export function activeLocale(): Locale {
  return parseLocale(i18n.locale) ?? DEFAULT_LOCALE;
}

/**
 * Shows the interface in `locale` once the catalogs of every area in use are loaded for it, so
 * that no page flashes untranslated words. A later call wins over one still loading.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  target = locale;
  for (;;) {
    const areas = [...areasInUse];
    await Promise.all(areas.map((area) => load(area, locale)));
    if (target !== locale) return;
    // A page of another area may have opened meanwhile: its catalog is needed too.
    if (areas.length === areasInUse.size) break;
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/**
 * A page's own catalog (its feature folder's), in the language shown and in the one being
 * switched to; the router awaits it with the page's code.
 */
export async function loadArea(area: string): Promise<void> {
  areasInUse.add(area);
  // Before the first language is shown (a first load: the page's catalog is fetched while the
  // starting language's shared one is), only that language: no English catalogs for a person
  // who reads Russian (the Russian probe saw 18 kB of them on the subscribers page's first load).
  const shown = parseLocale(i18n.locale);
  const wanted = new Set([shown ?? target ?? DEFAULT_LOCALE, target ?? shown ?? DEFAULT_LOCALE]);
  await Promise.all([...wanted].map((locale) => load(area, locale)));
}

// Code loaded with the catalogs of its groups (with-catalogs.ts) loads them through here.
setAreaLoader(loadArea);

// ---------------------------------------------------------------------------------------------
// Remembering the choice

function readStored(): unknown {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage refused (privacy modes): the browser's languages decide.
    return null;
  }
}

/**
 * The choice, for this browser's app (localStorage) and for the gateway, which paints the next
 * page it serves in that language before any script runs (a cookie, src/lib/page-preferences.ts).
 */
function remember(locale: Locale): void {
  document.cookie = preferenceCookie(LOCALE_COOKIE, locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered in this browser, but shown for this visit.
  }
}

/**
 * The language of a first render: the one remembered here, else the browser's. A choice
 * remembered before the gateway read a cookie is handed to it now.
 */
export function startingLocale(): Locale {
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  const stored = parseLocale(readStored());
  if (stored) document.cookie = preferenceCookie(LOCALE_COOKIE, stored);
  return initialLocale(stored, languages);
}

/** Saves the choice for the signed-in account, where the gateway can. */
export type AccountLocaleSaver = (locale: Locale) => Promise<void>;
let accountSaver: AccountLocaleSaver | undefined;

/** Set by the session guard while an account that can remember a language is signed in. */
export function setAccountLocaleSaver(saver: AccountLocaleSaver): () => void {
  accountSaver = saver;
  return () => {
    if (accountSaver === saver) accountSaver = undefined;
  };
}

/**
 * The person chose a language: shown at once, remembered in this browser and, when signed in
 * with a gateway that can, for the account. A failure to save it for the account rejects
 * after the language is shown, so the caller can say so.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  remember(locale);
  await activateLocale(locale);
  await accountSaver?.(locale);
}

/**
 * The account's remembered language, from the session answer: it follows the person to this
 * browser. Nothing happens for no choice or a language this interface does not have.
 */
export function applyAccountLocale(value: unknown): void {
  const locale = parseLocale(value);
  if (!locale || locale === (target ?? activeLocale())) return;
  remember(locale);
  void activateLocale(locale);
}

/** Another tab chose a language: this one follows. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOCALE_STORAGE_KEY) return;
    const locale = parseLocale(event.newValue);
    if (locale && locale !== target) void activateLocale(locale);
  };
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener("storage", onStorage);
  };
}
