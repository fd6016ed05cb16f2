import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { VARIABLE_NAME_MAX, VARIABLE_NAME_PATTERN, VARIABLE_VALUE_MAX } from "@/contract/common";
import { operations } from "@/contract/operations";
import { formatNumber } from "@/lib/format";
import { parseUserIds, userIdsProblem } from "@/lib/user-ids";

const setFields = operations["vars/set"].request.shape;

/**
 * The messages are said when a check runs (the global `i18n`, the language shown then): the
 * schema is built once, at the module's load.
 */
function tooLong(limit: number, length: number): string {
  const most = formatNumber(limit, i18n.locale);
  const has = formatNumber(length, i18n.locale);
  return i18n._(msg`At most ${most} characters; this has ${has}`);
}

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
        ? i18n._(msg`Enter the variable’s name`)
        : text.length > VARIABLE_NAME_MAX
          ? tooLong(VARIABLE_NAME_MAX, text.length)
          : !VARIABLE_NAME_PATTERN.test(text)
            ? i18n._(
                msg`Use only Latin letters (a–z, A–Z), digits and _ — no spaces, no other alphabets`,
              )
            : setFields.name.safeParse(text).success
              ? undefined
              : i18n._(msg`The service does not take this name`);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const value = z.string().superRefine((text, ctx) => {
  if (text.length > VARIABLE_VALUE_MAX) {
    ctx.addIssue({ code: "custom", message: tooLong(VARIABLE_VALUE_MAX, text.length) });
  } else if (!setFields.value.safeParse(text).success) {
    ctx.addIssue({ code: "custom", message: i18n._(msg`The service does not take this value`) });
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
