import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { notify } from "@/components/notify";
import { chooseLocale } from "@/i18n/locale-runtime";
import { isLocale, localeNames, locales } from "@/lib/locale";

/**
 * The interface language, as a native select named "Language": each language is written in
 * itself ("Русский", "English") and marked with its `lang`, so a screen reader says it right.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (!isLocale(chosen)) return;
          chooseLocale(chosen).catch(() => {
            // Shown here already; only the account could not remember it.
            notify("error", t`The language is set here, but your account could not remember it.`);
          });
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
