import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { variableNameProblem, variableValueProblem } from "./variables";

/**
 * The fields of a form that adds a variable (a person's, vars/set; the channel's,
 * vars_global/set), checked before anything is sent: the plain-words rules of ./variables.ts,
 * then the contract's own field, so a form never sends what the contract refuses.
 */

/**
 * The contract's refusal, past the plain-words checks (which cover every rule it has today): its
 * messages are English keys for the server, so the form says it in its own words.
 */
function contractProblem(field: z.ZodMiniType, value: string, i18n: I18n): string | undefined {
  return field.safeParse(value).success ? undefined : i18n._(msg`The service does not take this.`);
}

/** A value: the plain-words length check, then the contract's field. */
export function variableValueIssue(
  field: z.ZodMiniType,
  value: string,
  i18n: I18n,
): string | undefined {
  return variableValueProblem(value, i18n) ?? contractProblem(field, value, i18n);
}

/** Names already there, and how the form says that a name is one of them. */
export interface TakenNames {
  readonly names: ReadonlySet<string>;
  readonly said: (name: string) => string;
}

/**
 * A variable's name, trimmed: the plain-words rules (Latin letters, digits and _, at most 64),
 * then the contract's field; a name already there (`taken`, when the form knows them) is pointed
 * at its row rather than overwritten unseen.
 */
export function variableNameField(field: z.ZodMiniType, i18n: I18n, taken?: TakenNames) {
  return z
    .pipe(
      z.string(),
      z.transform((name) => name.trim()),
    )
    .check(
      z.superRefine((name, ctx) => {
        const problem = variableNameProblem(name, i18n) ?? contractProblem(field, name, i18n);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        else if (taken?.names.has(name)) {
          ctx.addIssue({ code: "custom", message: taken.said(name) });
        }
      }),
    );
}

/** A value field, as `variableValueIssue` checks it. */
export function variableValueField(field: z.ZodMiniType, i18n: I18n) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const problem = variableValueIssue(field, value, i18n);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  );
}
