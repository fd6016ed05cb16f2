import { useEffect } from "react";
import type { SessionApi } from "@/api/session";
import type { SessionResponse } from "@/contract/session";
import { applyAccountLocale, setAccountLocaleSaver } from "./locale-runtime";

/**
 * The account's language follows the person: the session answer's `locale` is shown (and
 * remembered in this browser), and a language chosen while signed in is saved for the account.
 * A gateway that cannot remember languages leaves the field out, and nothing is sent to it.
 */
export function useAccountLocale(session: SessionResponse | null | undefined, api: SessionApi) {
  const remembers = session !== null && session !== undefined && "locale" in session;
  const locale = session?.locale;
  useEffect(() => {
    if (locale !== undefined && locale !== null) applyAccountLocale(locale);
  }, [locale]);
  useEffect(() => {
    if (!remembers) return;
    return setAccountLocaleSaver((chosen) => api.saveLocale({ locale: chosen }));
  }, [remembers, api]);
}
