import { statement } from "../store/statements";
import type { Handler } from "./context";

/** Channel-wide variables (used in messages as `[%name%]`), in name order. */
export const getGlobalVariables: Handler<"vars_global/get"> = (ctx, params) => ({
  success: true,
  items: statement(
    ctx.db,
    `SELECT name, value FROM global_variables
      WHERE channel_id = ? AND (? IS NULL OR name = ?) ORDER BY name`,
  ).all(ctx.channel.id, params.name ?? null, params.name ?? null) as {
    name: string;
    value: string;
  }[],
});

export const setGlobalVariable: Handler<"vars_global/set"> = (ctx, params) => {
  statement(
    ctx.db,
    `INSERT INTO global_variables (channel_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (channel_id, name) DO UPDATE SET value = excluded.value`,
  ).run(ctx.channel.id, params.name, params.value);
  return { success: true };
};

/** Deleting a variable that is not there is not an error: the outcome is the same. */
export const deleteGlobalVariable: Handler<"vars_global/del"> = (ctx, params) => {
  statement(ctx.db, "DELETE FROM global_variables WHERE channel_id = ? AND name = ?").run(
    ctx.channel.id,
    params.name,
  );
  return { success: true };
};
