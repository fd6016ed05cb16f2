import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "../http/failure";
import { statement } from "../store/statements";
import { type Context, formatDate, type Handler } from "./context";

const KIND_IDS = { vk: "1", tg: "2" } as const;

export const getChannel: Handler<"groups/get"> = (ctx) => ({
  success: true,
  item: {
    group_id: String(ctx.channel.id),
    name: ctx.channel.name,
    type_id: KIND_IDS[ctx.channel.kind],
    type_name: ctx.channel.kind,
    photo: ctx.channel.photo,
    external_id: ctx.channel.external_id,
    workspace_id: ctx.channel.workspace_id,
  },
});

function page(params: { count?: number | undefined; offset?: number | undefined }) {
  return [params.count ?? PAGE_SIZE_DEFAULT, params.offset ?? 0] as const;
}

function total(ctx: Context, table: "subscriptions" | "utm_tags" | "bots" | "deliveries"): number {
  const row = statement(ctx.db, `SELECT count(*) AS n FROM ${table} WHERE channel_id = ?`).get(
    ctx.channel.id,
  ) as { n: number };
  return row.n;
}

interface BotRow {
  bot_id: number;
  title: string;
  created_at: number;
  active: number;
  published: number;
}

export const getBots: Handler<"bots/get"> = (ctx, params) => {
  const bots = statement(
    ctx.db,
    `SELECT id AS bot_id, title, created_at, active, published FROM bots WHERE channel_id = ?
      ORDER BY id LIMIT ? OFFSET ?`,
  ).all(ctx.channel.id, ...page(params)) as BotRow[];
  const steps = statement(
    ctx.db,
    "SELECT step_id, title FROM bot_steps WHERE bot_id = ? ORDER BY position",
  );
  return {
    success: true,
    count: total(ctx, "bots"),
    items: bots.map(({ created_at, ...bot }) => ({
      ...bot,
      date: formatDate(ctx, created_at),
      steps: steps.all(bot.bot_id) as { step_id: string; title: string }[],
    })),
  };
};

/**
 * A link that opens the channel with the tag and subscription as its start parameter
 * (`f` when a click should subscribe at once). The shape is ours: the service's is not known.
 */
export const getUtmLink: Handler<"utms/getLink"> = (ctx, params) => {
  const tag = statement(
    ctx.db,
    "SELECT subscription_id FROM utm_tags WHERE id = ? AND channel_id = ?",
  ).get(params.utm_id, ctx.channel.id) as { subscription_id: number } | undefined;
  if (!tag) {
    throw new ApiFailure(
      ErrorCode.UtmNotFound,
      `utm_id: UTM tag ${String(params.utm_id)} not found`,
    );
  }
  const subscription = statement(
    ctx.db,
    "SELECT 1 FROM subscriptions WHERE id = ? AND channel_id = ?",
  ).get(params.subscription_id, ctx.channel.id);
  if (!subscription) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      `subscription_id: there is no subscription ${String(params.subscription_id)} in this channel`,
    );
  }
  const start = `s${String(params.subscription_id)}_u${String(params.utm_id)}${params.force === 1 ? "_f" : ""}`;
  const external = encodeURIComponent(ctx.channel.external_id);
  const link =
    ctx.channel.kind === "tg"
      ? `https://t.me/${external}?start=${start}`
      : `https://vk.com/write-${external}?ref=${start}`;
  return { success: true, link };
};
