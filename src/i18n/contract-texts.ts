import { i18n, type I18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  englishContractText,
  setContractTextResolver,
  type ContractTextKey,
  type ContractTextValues,
} from "@/contract/messages";
import { formatNumber } from "@/lib/format";

/**
 * Validation messages in the person's language, in two layers (README, "Languages"):
 * - the contract's own words (src/contract/messages.ts) are resolved through the catalog when a
 *   check fails: the server keeps its English, forms get the person's language;
 * - zod's generic issues (a required field left empty, a number out of range) get a sentence of
 *   the catalog through a per-parse error map, `issueText` (zod-resolver.ts), which forms use
 *   through that module's `zodResolver`.
 * A schema's own message still wins over both, as zod wants: features write theirs with the
 * macros (`t` in the refinement, or `i18n._(msg…)`), never as fixed English.
 */

type Values = Readonly<Record<string, string>>;

/** Each key's sentence; the values (numbers) come formatted for the language. */
const contractMessages: Record<ContractTextKey, (values: Values) => MessageDescriptor> = {
  "date-time": () => msg`Expected a date and time as DD.MM.YYYY HH:MM:SS`,
  "one-user-id": () => msg`Exactly one of vk_user_id or tg_user_id is required`,
  "some-user-id": () => msg`Expected vk_user_id or tg_user_id`,
  "username-required": () => msg`Enter your user name`,
  "username-pattern": () => msg`A user name is lower-case letters, digits, dots, - and _`,
  "password-required": () => msg`Enter your password`,
  "password-too-long": () => msg`The password is too long`,
  digits: () => msg`Enter digits only`,
  "http-url": ({ max = "" }) =>
    msg`Enter an address starting with http:// or https://, at most ${max} characters`,
  "http-url-or-empty": ({ max = "" }) =>
    msg`Enter an address starting with http:// or https://, at most ${max} characters, or leave it empty`,
  "text-too-long": ({ max = "" }) => msg`At most ${max} characters`,
  "name-empty": () => msg`Enter a name`,
  "name-too-long": ({ max = "" }) => msg`A name is at most ${max} characters`,
  "name-control": () => msg`A name may not hold control or text-direction characters`,
  "variable-name-empty": () => msg`Enter the variable’s name`,
  "variable-name-too-long": ({ max = "" }) => msg`A variable name is at most ${max} characters`,
  "variable-name-pattern": () => msg`A variable name may have only Latin letters, digits and _`,
  "variable-value-too-long": ({ max = "" }) => msg`A value is at most ${max} characters`,
  "cursor-record-id": () => msg`The page cursor is not a record id`,
};

/** The sentence of a key in the language active now (English words before any is active). */
export function translateContractText(
  key: ContractTextKey,
  values: ContractTextValues,
  i18n: I18n,
): string {
  const formatted: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    formatted[name] = formatNumber(value, i18n.locale);
  }
  return i18n._(contractMessages[key](formatted));
}

/** Says the contract's words through the catalog, once a language is active. */
export function installContractTexts(): void {
  // Before a language is active (a server running in a test's own process) the English stays.
  setContractTextResolver((key, values) =>
    i18n.locale ? translateContractText(key, values, i18n) : englishContractText(key, values),
  );
}
