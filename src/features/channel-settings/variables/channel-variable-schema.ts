import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";
import { variableNameProblem, variableValueProblem } from "@/lib/variables";

const contract = operations["vars_global/set"].request.shape;

/** The contract's refusal, past the plain-words checks (which cover each rule it has today). */
function contractProblem(field: z.ZodType, value: string, i18n: I18n): string | undefined {
  return field.safeParse(value).success ? undefined : i18n._(msg`The service does not take this.`);
}

/** A value as vars_global/set takes it: the plain-words length check, then the contract. */
export function channelValueProblem(value: string, i18n: I18n): string | undefined {
  return variableValueProblem(value, i18n) ?? contractProblem(contract.value, value, i18n);
}

/**
 * A new channel-wide variable: the name's rules in plain words (Latin letters, digits and _, at
 * most 64), then vars_global/set's own fields; a name the channel already has points at its row
 * rather than overwriting it unseen.
 */
export function addChannelVariableSchema(existing: ReadonlySet<string>, i18n: I18n) {
  return z.object({
    name: z
      .string()
      .transform((name) => name.trim())
      .superRefine((name, ctx) => {
        const problem =
          variableNameProblem(name, i18n) ?? contractProblem(contract.name, name, i18n);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        else if (existing.has(name)) {
          ctx.addIssue({
            code: "custom",
            message: i18n._(
              msg`The channel already has “${name}”: change it with Edit in its row.`,
            ),
          });
        }
      }),
    value: z.string().superRefine((value, ctx) => {
      const problem = channelValueProblem(value, i18n);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  });
}

export type AddChannelVariableInput = z.input<ReturnType<typeof addChannelVariableSchema>>;
export type AddChannelVariableValues = z.output<ReturnType<typeof addChannelVariableSchema>>;

/** How messages insert a channel-wide variable (api-facts.md). */
export const placeholderOf = (name: string) => `[%${name}%]`;
