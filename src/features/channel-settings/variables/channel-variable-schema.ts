import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";
import { variableNameField, variableValueField, variableValueIssue } from "@/lib/variable-fields";

const contract = operations["vars_global/set"].request.shape;

/** A value as vars_global/set takes it: the plain-words length check, then the contract. */
export function channelValueProblem(value: string, i18n: I18n): string | undefined {
  return variableValueIssue(contract.value, value, i18n);
}

/**
 * A new channel-wide variable, checked before it is sent (src/lib/variable-fields.ts); a name
 * the channel already has points at its row rather than overwriting it unseen.
 */
export function addChannelVariableSchema(existing: ReadonlySet<string>, i18n: I18n) {
  return z.object({
    name: variableNameField(contract.name, i18n, {
      names: existing,
      said: (name) =>
        i18n._(msg`The channel already has “${name}”: change it with Edit in its row.`),
    }),
    value: variableValueField(contract.value, i18n),
  });
}

export type AddChannelVariableInput = z.input<ReturnType<typeof addChannelVariableSchema>>;
export type AddChannelVariableValues = z.output<ReturnType<typeof addChannelVariableSchema>>;

/** How messages insert a channel-wide variable (api-facts.md). */
export const placeholderOf = (name: string) => `[%${name}%]`;
