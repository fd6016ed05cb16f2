import { statement } from "../store/statements";
import { type Handler, oneUserId, requireSubscriber } from "./context";

export const getVariables: Handler<"vars/get"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  const rows = statement(
    ctx.db,
    `SELECT name, value FROM variables
      WHERE subscriber_id = ? AND (? IS NULL OR name = ?) ORDER BY name`,
  ).all(person.id, params.name ?? null, params.name ?? null) as { name: string; value: string }[];
  return { success: true, items: rows };
};

export const setVariable: Handler<"vars/set"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  statement(
    ctx.db,
    `INSERT INTO variables (subscriber_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (subscriber_id, name) DO UPDATE SET value = excluded.value`,
  ).run(person.id, params.name, params.value);
  return { success: true };
};

/** Deleting a variable the person does not have is not an error: the outcome is the same. */
export const deleteVariable: Handler<"vars/del"> = (ctx, params) => {
  const person = requireSubscriber(ctx, oneUserId(ctx, params));
  statement(ctx.db, "DELETE FROM variables WHERE subscriber_id = ? AND name = ?").run(
    person.id,
    params.name,
  );
  return { success: true };
};
