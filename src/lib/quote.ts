import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** A value quoted as the language quotes it: “abc” in English, «abc» in Russian. */
export function quoted(text: string, i18n: I18n): string {
  return i18n._(msg({ message: `“${text}”`, comment: "A value quoted inside a sentence." }));
}
