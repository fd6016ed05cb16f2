import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";
import { variableNameProblem, variableValueProblem } from "@/lib/variables";

const contract = operations["vars/set"].request.shape;

/**
 * A new variable, checked before it is sent: the plain-words checks of src/lib/variables.ts,
 * then the contract's own fields (so the form can never send what the contract refuses), and
 * a name the person already has is pointed at its row instead of silently overwritten.
 */
export function addVariableSchema(existing: ReadonlySet<string>, i18n: I18n) {
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
              msg`This person already has “${name}”: change it with Edit in its row.`,
            ),
          });
        }
      }),
    value: z.string().superRefine((value, ctx) => {
      const problem =
        variableValueProblem(value, i18n) ?? contractProblem(contract.value, value, i18n);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  });
}

/**
 * The contract's own refusal, past the plain-words checks above (which cover every rule it has
 * today): its messages are English keys for the server, so the form says it in its own words.
 */
function contractProblem(field: z.ZodType, value: string, i18n: I18n): string | undefined {
  return field.safeParse(value).success ? undefined : i18n._(msg`The service does not take this.`);
}

export type AddVariableInput = z.input<ReturnType<typeof addVariableSchema>>;
export type AddVariableValues = z.output<ReturnType<typeof addVariableSchema>>;
