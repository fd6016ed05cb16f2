import type { I18n } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Lingui's context for the app, drawn again when the language changes and only then.
 *
 * Lingui's own `I18nProvider` draws the whole app again on every "change" of `i18n`, and
 * `i18n.load` is one: each page's and each shared group's catalog, arriving after the first
 * screen, cost a render of every page on screen (100–130 ms of a phone's main thread on the
 * subscribers page, issue 15). Nothing on screen waits for such a catalog: code is shown only
 * once its catalogs are in (the routes' `lazy`, `withCatalogs`), and a switch of language
 * loads every catalog in use before it activates (locale-runtime.ts).
 */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [context, setContext] = useState(() => contextOf(i18n));
  const shown = useRef(i18n.locale);
  useEffect(() => {
    const update = () => {
      if (i18n.locale === shown.current) return;
      shown.current = i18n.locale;
      setContext(contextOf(i18n));
    };
    const unsubscribe = i18n.on("change", update);
    // Activated between the first render and this effect.
    update();
    return unsubscribe;
  }, [i18n]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

function contextOf(i18n: I18n) {
  return { i18n, _: i18n.t.bind(i18n) };
}
