import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import type { Context, Handler } from "./context";

export function requireUtm(ctx: Context, utmId: number): void {
  const found = statement(ctx.db, "SELECT 1 FROM utm_tags WHERE id = ? AND channel_id = ?").get(
    utmId,
    ctx.channel.id,
  );
  if (!found) {
    throw new ApiFailure(ErrorCode.UtmNotFound, `utm_id: UTM tag ${String(utmId)} not found`);
  }
}

type UtmRow = Record<string, unknown> & {
  utm_id: number;
  name: string;
  subscription_id: number;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
  count: number;
};

/**
 * `count` of a tag: the people who carry it. `utm_id` picks tags (the total `count` is then of
 * those found). A tag made by utms/add leads to no subscription: `subscription_id` 0.
 */
export const getUtms: Handler<"utms/get"> = (ctx, params) => {
  const only = params.utm_id === undefined ? null : JSON.stringify(params.utm_id);
  const where = `t.channel_id = ? AND (? IS NULL OR t.id IN (SELECT value FROM json_each(?)))`;
  const total = statement(ctx.db, `SELECT count(*) AS n FROM utm_tags t WHERE ${where}`).get(
    ctx.channel.id,
    only,
    only,
  ) as { n: number };
  const items = statement(
    ctx.db,
    `SELECT t.id AS utm_id, t.name, coalesce(t.subscription_id, 0) AS subscription_id,
            t.utm_source, t.utm_medium, t.utm_campaign, t.utm_content, t.utm_term,
            (SELECT count(*) FROM subscriber_utms su WHERE su.utm_id = t.id) AS count
       FROM utm_tags t WHERE ${where} ORDER BY t.id LIMIT ? OFFSET ?`,
  ).all(
    ctx.channel.id,
    only,
    only,
    params.count ?? PAGE_SIZE_DEFAULT,
    params.offset ?? 0,
  ) as UtmRow[];
  return { success: true, count: total.n, items };
};

/** A tag with a name only: no subscription and empty utm_* fields until the cabinet sets them. */
export const addUtm: Handler<"utms/add"> = (ctx, params) => {
  const result = statement(
    ctx.db,
    `INSERT INTO utm_tags (channel_id, subscription_id, name, utm_source, created_at)
     VALUES (?, NULL, ?, '', ?)`,
  ).run(ctx.channel.id, params.name, ctx.now());
  return { success: true, utm_id: Number(result.lastInsertRowid) };
};

export const editUtm: Handler<"utms/edit"> = (ctx, params) => {
  requireUtm(ctx, params.utm_id);
  statement(ctx.db, "UPDATE utm_tags SET name = ? WHERE id = ? AND channel_id = ?").run(
    params.name,
    params.utm_id,
    ctx.channel.id,
  );
  return { success: true };
};

/**
 * Deleting a tag keeps its past subscription events and their counts (statistics go on
 * reporting them under the tag's id, with no name to show), and removes it from the people who
 * carried it (their `utms`). Its links stop naming a known tag.
 */
export const deleteUtm: Handler<"utms/del"> = (ctx, params) => {
  requireUtm(ctx, params.utm_id);
  statement(ctx.db, "DELETE FROM utm_tags WHERE id = ? AND channel_id = ?").run(
    params.utm_id,
    ctx.channel.id,
  );
  return { success: true };
};
