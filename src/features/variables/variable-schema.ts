import { i18n } from "@lingui/core";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";
import { variableNameProblem, variableValueProblem } from "@/lib/variables";

const contract = operations["vars/set"].request.shape;

/**
 * A new variable, checked before it is sent: the plain-words checks of src/lib/variables.ts,
 * then the contract's own fields (so the form can never send what the contract refuses), and
 * a name the person already has is pointed at its row instead of silently overwritten.
 */
export function addVariableSchema(existing: ReadonlySet<string>) {
  return z.object({
    name: z
      .string()
      .transform((name) => name.trim())
      .superRefine((name, ctx) => {
        const problem = variableNameProblem(name, i18n) ?? contractProblem(contract.name, name);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        else if (existing.has(name)) {
          ctx.addIssue({
            code: "custom",
            message: `This person already has “${name}”: change it with Edit in its row.`,
          });
        }
      }),
    value: valueSchema,
  });
}

export const valueSchema = z.string().superRefine((value, ctx) => {
  const problem = variableValueProblem(value, i18n) ?? contractProblem(contract.value, value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

function contractProblem(field: z.ZodType, value: string): string | undefined {
  const parsed = field.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? "Not accepted.");
}

export type AddVariableInput = z.input<ReturnType<typeof addVariableSchema>>;
export type AddVariableValues = z.output<ReturnType<typeof addVariableSchema>>;
