/**
 * The words of the contract's own checks. The server answers API clients with them in English,
 * as written here; the SPA installs a resolver that says them in the person's language
 * (src/i18n/validation-messages.ts). A check names its words by key with `contractError(key)`,
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
} as const;

export type ContractTextKey = keyof typeof contractTexts;
export type ContractTextResolver = (key: ContractTextKey) => string;

const english: ContractTextResolver = (key) => contractTexts[key];
let resolve: ContractTextResolver = english;

/** The SPA's translation of the contract's words; `undefined` goes back to English. */
export function setContractTextResolver(resolver: ContractTextResolver | undefined): void {
  resolve = resolver ?? english;
}

/** The words of a key in the language in force. */
export function contractText(key: ContractTextKey): string {
  return resolve(key);
}

/** The `error` option of a zod check whose words are `key`: `.min(1, contractError("…"))`. */
export function contractError(key: ContractTextKey): { error: () => string } {
  return { error: () => resolve(key) };
}
