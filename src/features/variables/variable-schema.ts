import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";
import { variableNameField, variableValueField } from "@/lib/variable-fields";

const contract = operations["vars/set"].request.shape;

/**
 * A new variable, checked before it is sent (src/lib/variable-fields.ts); a name the person
 * already has is pointed at its row instead of silently overwritten.
 */
export function addVariableSchema(existing: ReadonlySet<string>, i18n: I18n) {
  return z.object({
    name: variableNameField(contract.name, i18n, {
      names: existing,
      said: (name) =>
        i18n._(msg`This person already has “${name}”: change it with Edit in its row.`),
    }),
    value: variableValueField(contract.value, i18n),
  });
}

export type AddVariableInput = z.input<ReturnType<typeof addVariableSchema>>;
export type AddVariableValues = z.output<ReturnType<typeof addVariableSchema>>;
