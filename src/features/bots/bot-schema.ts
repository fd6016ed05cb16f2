import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";

const startFields = operations["bots/addSubscriber"].request.shape;

/**
 * The bot form: a bot (required), a step of it (optional: else its first), restart or not.
 * Its messages are said when a check runs, in the language shown then (the global `i18n`).
 */
export const botForm = z.object({
  bot: z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const parsed = startFields.bot_id.safeParse(value === "" ? Number.NaN : Number(value));
      if (!parsed.success) {
        ctx.issues.push({ input: value, code: "custom", message: i18n._(msg`Choose a bot`) });
        return z.NEVER;
      }
      return parsed.data;
    }),
  ),
  step: z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      if (value === "") return undefined;
      const parsed = startFields.step_id.def.innerType.safeParse(value);
      if (!parsed.success) {
        ctx.issues.push({
          input: value,
          code: "custom",
          message: i18n._(msg`Choose a step of the bot, or its first step`),
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
  ),
  restart: z.boolean(),
});

export type BotInput = z.input<typeof botForm>;
export type BotValues = z.output<typeof botForm>;
