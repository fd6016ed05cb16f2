import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";

const startFields = operations["bots/addSubscriber"].request.shape;

export const CHOOSE_BOT = "Choose a bot";

/** The bot form: a bot (required), a step of it (optional: else its first), restart or not. */
export const botForm = z.object({
  bot: z.string().transform((value, ctx) => {
    const parsed = startFields.bot_id.safeParse(value === "" ? Number.NaN : Number(value));
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: CHOOSE_BOT });
      return z.NEVER;
    }
    return parsed.data;
  }),
  step: z.string().transform((value, ctx) => {
    if (value === "") return undefined;
    const parsed = startFields.step_id.unwrap().safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "Choose a step of the bot, or its first step" });
      return z.NEVER;
    }
    return parsed.data;
  }),
  restart: z.boolean(),
});

export type BotInput = z.input<typeof botForm>;
export type BotValues = z.output<typeof botForm>;
