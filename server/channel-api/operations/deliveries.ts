import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import { type Context, formatDate, type Handler, period, userIdField, userIds } from "./context";

interface DeliveryFilterParams {
  date_from: string;
  date_to: string;
  delivery_id?: number[] | undefined;
  vk_user_id?: number | number[] | undefined;
  tg_user_id?: number | number[] | undefined;
}

/** `subscription_id` and `utm_id` do not apply to delivery records and are ignored. */
function recordWhere(ctx: Context, params: DeliveryFilterParams) {
  const { from, to } = period(ctx, params);
  const where = ["r.channel_id = ?", "r.at BETWEEN ? AND ?"];
  const args: unknown[] = [ctx.channel.id, from, to];
  if (params.delivery_id !== undefined) {
    where.push("r.delivery_id IN (SELECT value FROM json_each(?))");
    args.push(JSON.stringify(params.delivery_id));
  }
  const people = userIds(ctx, params);
  if (people !== undefined) {
    where.push(
      `r.subscriber_id IN (SELECT id FROM subscribers WHERE channel_id = ?
                             AND user_id IN (SELECT value FROM json_each(?)))`,
    );
    args.push(ctx.channel.id, JSON.stringify(people));
  }
  return { sql: where.join(" AND "), args, byPerson: people !== undefined };
}

export const deliveryCount: Handler<"deliveries/statCount"> = (ctx, params) => {
  const { sql, args } = recordWhere(ctx, params);
  const row = statement(
    ctx.db,
    `SELECT count(*) AS count FROM delivery_records r WHERE ${sql}`,
  ).get(...args) as { count: number };
  return { success: true, count: row.count };
};

interface RecordRow {
  id: number;
  at: number;
  delivery_id: number | null;
  bot_id: number | null;
  step_id: string | null;
  step_title: string | null;
  part_id: number | null;
  bot_test: number;
  error: number;
  error_code: number;
  vk_id: number;
  is_read: number;
  conversation_message_id: number | null;
  part_ids: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  photo: string;
}

function cursorPosition(ctx: Context, offsetId: string | undefined) {
  if (!offsetId) return { at: Number.MIN_SAFE_INTEGER, id: 0 };
  const row = statement(
    ctx.db,
    "SELECT at, id FROM delivery_records WHERE id = ? AND channel_id = ?",
  ).get(Number(offsetId), ctx.channel.id) as { at: number; id: number } | undefined;
  if (!row) {
    throw new ApiFailure(ErrorCode.InvalidValue, `offset_id: no delivery record ${offsetId}`);
  }
  return row;
}

function partIds(text: string | null): number[] | undefined {
  if (text === null) return undefined;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === "number") : [];
}

/**
 * Keyset paging on (channel_id, at, id): the cursor is a record id, and the next page starts
 * after that record's (at, id), so records added meanwhile never shift a page. Mass-delivery
 * records take the shorter shape (no `vk_id`) when `count` is given without a user filter, as
 * the production service does.
 */
export const deliveryRecords: Handler<"deliveries/stat"> = (ctx, params) => {
  const { sql, args, byPerson } = recordWhere(ctx, params);
  const cursor = cursorPosition(ctx, params.offset_id);
  const rows = statement(
    ctx.db,
    `SELECT r.id, r.at, r.delivery_id, r.bot_id, r.step_id, st.title AS step_title, r.part_id,
            r.bot_test, r.error, r.error_code, r.vk_id, r.is_read, r.conversation_message_id, r.part_ids,
            s.user_id, s.first_name, s.last_name, s.photo
       FROM delivery_records r
       JOIN subscribers s ON s.id = r.subscriber_id
       LEFT JOIN bot_steps st ON st.bot_id = r.bot_id AND st.step_id = r.step_id
      WHERE ${sql} AND (r.at, r.id) > (?, ?)
      ORDER BY r.at, r.id LIMIT ?`,
  ).all(...args, cursor.at, cursor.id, params.count ?? PAGE_SIZE_DEFAULT) as RecordRow[];
  const short = params.count !== undefined && !byPerson;
  const field = userIdField(ctx.channel);
  const items = rows.map((row) => {
    const parts = partIds(row.part_ids);
    const common = {
      error: row.error,
      error_code: row.error_code,
      ...(row.conversation_message_id === null
        ? {}
        : { conversation_message_id: row.conversation_message_id }),
      ...(parts ? { conversation_part_ids: parts } : {}),
      date: formatDate(ctx, row.at),
      first_name: row.first_name,
      last_name: row.last_name,
      photo: row.photo,
      [field]: row.user_id,
      is_read: row.is_read,
    };
    if (row.bot_id !== null) {
      return {
        ...common,
        vk_id: row.vk_id,
        bot_id: row.bot_id,
        step_id: row.step_id ?? "",
        step_title: row.step_title ?? "",
        part_id: row.part_id ?? 0,
        bot_test: row.bot_test,
      };
    }
    const deliveryId = row.delivery_id ?? 0;
    return short
      ? { ...common, delivery_id: deliveryId }
      : { ...common, vk_id: row.vk_id, delivery_id: deliveryId };
  });
  if (params.count === undefined) return { success: true, items };
  const last = rows.at(-1);
  return { success: true, offset_id: last ? String(last.id) : (params.offset_id ?? ""), items };
};
