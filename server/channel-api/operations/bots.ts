import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import { type Context, type Handler, oneUserId, requireSubscriber } from "./context";

export function requireBot(ctx: Context, botId: number): void {
  const found = statement(ctx.db, "SELECT 1 FROM bots WHERE id = ? AND channel_id = ?").get(
    botId,
    ctx.channel.id,
  );
  if (!found) throw new ApiFailure(ErrorCode.BotNotFound, `bot_id: bot ${String(botId)} not found`);
}

function stepOf(ctx: Context, botId: number, stepId: string | undefined): string {
  const row = statement(
    ctx.db,
    `SELECT step_id FROM bot_steps WHERE bot_id = ? AND (? IS NULL OR step_id = ?)
      ORDER BY position LIMIT 1`,
  ).get(botId, stepId ?? null, stepId ?? null) as { step_id: string } | undefined;
  if (!row) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      stepId === undefined
        ? `bot_id: bot ${String(botId)} has no steps`
        : `step_id: bot ${String(botId)} has no step ${stepId}`,
    );
  }
  return row.step_id;
}

/**
 * Starts the bot at `step_id` (else its first step). A person already in the bot is refused
 * with error 12 unless `enforce` is 1, which restarts them: our decision, so that a caller
 * never restarts someone by accident and always learns what happened.
 */
export const startBot: Handler<"bots/addSubscriber"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  requireBot(ctx, params.bot_id);
  const step = stepOf(ctx, params.bot_id, params.step_id);
  const running = statement(
    ctx.db,
    "SELECT 1 FROM bot_runs WHERE subscriber_id = ? AND bot_id = ?",
  ).get(person.id, params.bot_id);
  if (running && params.enforce !== 1) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      `bot_id: the person is already in bot ${String(params.bot_id)}; send enforce 1 to restart`,
    );
  }
  statement(
    ctx.db,
    `INSERT INTO bot_runs (subscriber_id, bot_id, step_id, started_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (subscriber_id, bot_id)
     DO UPDATE SET step_id = excluded.step_id, started_at = excluded.started_at`,
  ).run(person.id, params.bot_id, step, ctx.now());
  // The step the person starts at ran once more.
  statement(
    ctx.db,
    "UPDATE bot_steps SET lead_inc = lead_inc + 1 WHERE bot_id = ? AND step_id = ?",
  ).run(params.bot_id, step);
  return { success: true };
};

/** Stopping a bot the person is not in is not an error: the outcome is the same. */
export const stopBot: Handler<"bots/delSubscriber"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  requireBot(ctx, params.bot_id);
  statement(ctx.db, "DELETE FROM bot_runs WHERE subscriber_id = ? AND bot_id = ?").run(
    person.id,
    params.bot_id,
  );
  return { success: true };
};

/**
 * The steps of a bot in bot order. `lead_inc`: how many times the step ran (every time a person
 * reached it, test runs included); for a message step that is its number of delivery records.
 * `step_id` picks one step (count 1, or 0 when the bot has no such step).
 */
export const getBotSteps: Handler<"bots/getSteps"> = (ctx, params) => {
  requireBot(ctx, params.bot_id);
  const step = params.step_id ?? null;
  const total = statement(
    ctx.db,
    "SELECT count(*) AS n FROM bot_steps WHERE bot_id = ? AND (? IS NULL OR step_id = ?)",
  ).get(params.bot_id, step, step) as { n: number };
  const items = statement(
    ctx.db,
    `SELECT step_id, title, type, lead_inc FROM bot_steps
      WHERE bot_id = ? AND (? IS NULL OR step_id = ?)
      ORDER BY position LIMIT ? OFFSET ?`,
  ).all(params.bot_id, step, step, params.count ?? PAGE_SIZE_DEFAULT, params.offset ?? 0) as {
    step_id: string;
    title: string;
    type: string;
    lead_inc: number;
  }[];
  return { success: true, count: total.n, items };
};
