/**
 * The words of the contract's own checks. The server answers API clients with them in English,
 * as written here; the SPA installs a resolver that says them in the person's language
 * (src/i18n/contract-texts.ts). A check names its words by key with `contractError(key)`,
 * and the text is looked up when the check fails, so the language in force at that moment is
 * the one used. (zod lets a schema's own message win over any error map, so the contract cannot
 * hold fixed sentences for the SPA to translate afterwards.)
 */
export const contractTexts = {
  "date-time": "expected a date-time DD.MM.YYYY HH:MM:SS",
  "one-user-id": "exactly one of vk_user_id or tg_user_id is required",
  "some-user-id": "expected vk_user_id or tg_user_id",
  "username-required": "Enter your user name",
  "username-pattern": "A user name is lower-case letters, digits, dots, - and _",
  "password-required": "Enter your password",
  "password-too-long": "The password is too long",
  digits: "expected a string of digits",
  "http-url": "expected an http or https URL of at most {max} characters",
  "http-url-or-empty": 'expected an http or https URL of at most {max} characters, or ""',
  "text-too-long": "longer than {max} characters",
  "name-empty": "name is empty",
  "name-too-long": "name is longer than {max} characters",
  "name-control": "name has control or text-direction characters",
  "variable-name-empty": "variable name is empty",
  "variable-name-too-long": "variable name is longer than {max} characters",
  "variable-name-pattern": "variable name must consist of Latin letters, digits and _",
  "variable-value-too-long": "value is longer than {max} characters",
  "cursor-record-id": "offset_id must be a subscriber record id",
} as const;

export type ContractTextKey = keyof typeof contractTexts;
/** The values a text names in braces (`{max}`): numbers only, so any language can format them. */
export type ContractTextValues = Readonly<Record<string, number>>;
export type ContractTextResolver = (key: ContractTextKey, values: ContractTextValues) => string;

/** The English of a key with its values put in (the server's words, and the default). */
export function englishContractText(key: ContractTextKey, values: ContractTextValues = {}): string {
  return contractTexts[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const english: ContractTextResolver = englishContractText;
let resolve: ContractTextResolver = english;

/** The SPA's translation of the contract's words; `undefined` goes back to English. */
export function setContractTextResolver(resolver: ContractTextResolver | undefined): void {
  resolve = resolver ?? english;
}

/** The words of a key in the language in force. */
export function contractText(key: ContractTextKey, values: ContractTextValues = {}): string {
  return resolve(key, values);
}

/**
 * The `error` option of a zod check whose words are `key`: `.min(1, contractError("…"))`, or
 * `.max(255, contractError("name-too-long", { max: 255 }))` for a text that names a value.
 */
export function contractError(
  key: ContractTextKey,
  values: ContractTextValues = {},
): { error: () => string } {
  return { error: () => resolve(key, values) };
}
