import { i18n } from "@lingui/core";
import * as z from "@/contract/zod";
import { VARIABLE_NAME_MAX, VARIABLE_NAME_PATTERN, VARIABLE_VALUE_MAX } from "@/contract/common";
import { operations } from "@/contract/operations";
import { parseUserIds, userIdsProblem } from "@/lib/user-ids";

const setFields = operations["vars/set"].request.shape;
const numbers = new Intl.NumberFormat("en");

/**
 * The name as the service takes it (Latin letters, digits and `_`, at most 64), said in
 * words a person can act on; the contract's own field has the last word.
 */
const name = z
  .string()
  .transform((text) => text.trim())
  .superRefine((text, ctx) => {
    const problem =
      text === ""
        ? "Enter the variable’s name"
        : text.length > VARIABLE_NAME_MAX
          ? `At most ${numbers.format(VARIABLE_NAME_MAX)} characters; this has ${numbers.format(text.length)}`
          : !VARIABLE_NAME_PATTERN.test(text)
            ? "Use only Latin letters (a–z, A–Z), digits and _ — no spaces, no other alphabets"
            : setFields.name.safeParse(text).success
              ? undefined
              : "The service does not take this name";
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const value = z.string().superRefine((text, ctx) => {
  if (text.length > VARIABLE_VALUE_MAX) {
    ctx.addIssue({
      code: "custom",
      message: `At most ${numbers.format(VARIABLE_VALUE_MAX)} characters; this has ${numbers.format(text.length)}`,
    });
  } else if (!setFields.value.safeParse(text).success) {
    ctx.addIssue({ code: "custom", message: "The service does not take this value" });
  }
});

const userIds = z.string().transform((text, ctx) => {
  const parsed = parseUserIds(text);
  const problem = userIdsProblem(parsed, i18n);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return parsed.ids;
});

/** One variable and value for many people: vars/set once per person. */
export const bulkSetForm = z.object({ name, value, userIds });

export type BulkSetInput = z.input<typeof bulkSetForm>;
export type BulkSetValues = z.output<typeof bulkSetForm>;
