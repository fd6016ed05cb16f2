import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { contractTexts, setContractTextResolver, type ContractTextKey } from "@/contract/messages";

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

const contractMessages: Record<ContractTextKey, MessageDescriptor> = {
  "date-time": msg`Expected a date and time as DD.MM.YYYY HH:MM:SS`,
  "one-user-id": msg`Exactly one of vk_user_id or tg_user_id is required`,
  "some-user-id": msg`Expected vk_user_id or tg_user_id`,
  "username-required": msg`Enter your user name`,
  "username-pattern": msg`A user name is lower-case letters, digits, dots, - and _`,
  "password-required": msg`Enter your password`,
  "password-too-long": msg`The password is too long`,
};

/** Says the contract's words through the catalog, once a language is active. */
export function installContractTexts(): void {
  // Before a language is active (a server running in a test's own process) the English stays.
  setContractTextResolver((key) =>
    i18n.locale ? i18n._(contractMessages[key]) : contractTexts[key],
  );
}
