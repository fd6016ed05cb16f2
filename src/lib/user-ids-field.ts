import type { I18n } from "@lingui/core";
import * as z from "@/contract/zod";
import { parseUserIds, userIdsProblem } from "./user-ids";

/**
 * A form's pasted Telegram ids, as the forms that act on many people take them (adding or
 * removing people, setting a variable for each): every token a positive integer, at most
 * USER_IDS_MAX once duplicates are dropped (./user-ids.ts). The problem is said when the check
 * runs, in the language of `i18n` then.
 */
export function userIdsField(i18n: I18n) {
  return z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const parsed = parseUserIds(text);
      const problem = userIdsProblem(parsed, i18n);
      if (problem) {
        ctx.issues.push({ input: text, code: "custom", message: problem });
        return z.NEVER;
      }
      return parsed.ids;
    }),
  );
}
