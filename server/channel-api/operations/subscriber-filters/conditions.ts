import { VARIABLE_NAME_PATTERN } from "../../../../src/contract/common";
import { ErrorCode } from "../../../../src/contract/errors";
import { ApiFailure } from "../../http/failure";
import { statement } from "../../store/statements";
import { type Context, type Params, placeholders, toSeconds, userIds } from "../context";
import { type Condition, mergeStreams, type OrderedDriver } from "./condition";
import { boundedCount, cachedEstimate } from "./estimates";

/**
 * The filters of subscribers/get as conditions (see condition.ts). Their meanings are the
 * contract's (src/contract/subscriber-filters.ts); ids of another channel match nobody.
 */

type FilterParams = Params<"subscribers/get">;

/** Ordered drivers are counted up to this many; beyond it they only lose to smaller ones. */
const ORDERED_CAP = 100_000;
const json = (values: readonly unknown[]) => JSON.stringify(values);

/** The ids among `ids` that are rows of `table` in this channel. */
function ownIds(ctx: Context, table: "subscriptions" | "deliveries" | "bots", ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (
    statement(
      ctx.db,
      `SELECT id FROM ${table} WHERE channel_id = ? AND id IN (${placeholders(unique.length)})
        ORDER BY id`,
    ).all(ctx.channel.id, ...unique) as { id: number }[]
  ).map((row) => row.id);
}

function ordered(estimate: () => number, streams: OrderedDriver["next"][]): OrderedDriver {
  return { kind: "ordered", estimate, next: (after, limit) => mergeStreams(streams, after, limit) };
}

function people(ctx: Context, params: FilterParams): Condition[] {
  const wanted = userIds(ctx, params);
  if (wanted === undefined) return [];
  const ids = (
    statement(
      ctx.db,
      `SELECT id FROM subscribers
        WHERE channel_id = ? AND user_id IN (SELECT value FROM json_each(?))`,
    ).all(ctx.channel.id, json(wanted)) as { id: number }[]
  ).map((row) => row.id);
  return [
    {
      name: "user id",
      probe: { sql: "s.id IN (SELECT value FROM json_each(?))", args: [json(ids)] },
      driver: { kind: "set", estimate: () => ids.length, collect: () => ids },
      empty: ids.length === 0,
    },
  ];
}

function subscriptions(ctx: Context, params: FilterParams): Condition[] {
  const out: Condition[] = [];
  const member =
    "EXISTS (SELECT 1 FROM memberships m WHERE m.subscriber_id = s.id AND m.subscription_id IN (SELECT value FROM json_each(?)))";
  if (params.subscription_id !== undefined) {
    const ids = ownIds(ctx, "subscriptions", params.subscription_id);
    const members = () =>
      (
        statement(
          ctx.db,
          "SELECT coalesce(sum(members), 0) AS n FROM subscriptions WHERE id IN (SELECT value FROM json_each(?))",
        ).get(json(ids)) as { n: number }
      ).n;
    out.push({
      name: "subscription_id",
      probe: { sql: member, args: [json(ids)] },
      driver: ordered(
        members,
        ids.map(
          (id) => (after: number, limit: number) =>
            (
              statement(
                ctx.db,
                `SELECT subscriber_id AS id FROM memberships
                  WHERE subscription_id = ? AND subscriber_id > ? ORDER BY subscriber_id LIMIT ?`,
              ).all(id, after, limit) as { id: number }[]
            ).map((row) => row.id),
        ),
      ),
      empty: ids.length === 0,
    });
  }
  if (params.ignore_subscription_id !== undefined) {
    out.push({
      name: "ignore_subscription_id",
      probe: { sql: `NOT ${member}`, args: [json(params.ignore_subscription_id)] },
    });
  }
  if (params.source !== undefined) {
    out.push({
      name: "source",
      probe: {
        sql: "EXISTS (SELECT 1 FROM memberships m WHERE m.subscriber_id = s.id AND m.source IN (SELECT value FROM json_each(?)))",
        args: [json(params.source)],
      },
    });
  }
  return out;
}

/** Which records of a mass delivery a delivery filter means, and its counter in delivery_stats. */
const DELIVERY_FILTERS = {
  delivery_id: { where: "r.error = 0", counter: "sent" },
  error_delivery_id: { where: "r.error <> 0", counter: "errors" },
  read_delivery_id: { where: "r.error = 0 AND r.is_read = 1", counter: "read" },
  ignore_read_delivery_id: { where: "r.error = 0 AND r.is_read = 0", counter: "sent - read" },
  away_delivery_id: { where: "r.error = 0 AND r.clicked_at IS NOT NULL", counter: "clicked" },
  ignore_away_delivery_id: {
    where: "r.error = 0 AND r.clicked_at IS NULL",
    counter: "sent - clicked",
  },
} as const;

function recordExists(where: string): string {
  return `EXISTS (SELECT 1 FROM delivery_records r WHERE r.subscriber_id = s.id
            AND r.delivery_id IN (SELECT value FROM json_each(?)) AND ${where})`;
}

function deliveries(ctx: Context, params: FilterParams): Condition[] {
  const out: Condition[] = [];
  for (const [field, { where, counter }] of Object.entries(DELIVERY_FILTERS)) {
    const given = params[field as keyof typeof DELIVERY_FILTERS];
    if (given === undefined) continue;
    const ids = ownIds(ctx, "deliveries", given);
    const estimate = () =>
      (
        statement(
          ctx.db,
          `SELECT coalesce(sum(${counter}), 0) AS n FROM delivery_stats
            WHERE delivery_id IN (SELECT value FROM json_each(?))`,
        ).get(json(ids)) as { n: number }
      ).n;
    out.push({
      name: field,
      probe: { sql: recordExists(where), args: [json(ids)] },
      driver: ordered(
        estimate,
        ids.map(
          (id) => (after: number, limit: number) =>
            (
              statement(
                ctx.db,
                `SELECT r.subscriber_id AS id FROM delivery_records r
                  WHERE r.delivery_id = ? AND r.subscriber_id > ? AND ${where}
                  ORDER BY r.subscriber_id LIMIT ?`,
              ).all(id, after, limit) as { id: number }[]
            ).map((row) => row.id),
        ),
      ),
      empty: ids.length === 0,
    });
  }
  if (params.ignore_delivery_id !== undefined) {
    out.push({
      name: "ignore_delivery_id",
      probe: { sql: `NOT ${recordExists("r.error = 0")}`, args: [json(params.ignore_delivery_id)] },
    });
  }
  return out;
}

const EARLIEST = Number.MIN_SAFE_INTEGER;
const LATEST = Number.MAX_SAFE_INTEGER;

function range(
  ctx: Context,
  params: FilterParams,
  name: string,
): { from: number; to: number } | undefined {
  const from = params[`${name}_from` as keyof FilterParams] as string | undefined;
  const to = params[`${name}_to` as keyof FilterParams] as string | undefined;
  if (from === undefined && to === undefined) return undefined;
  const span = {
    from: from === undefined ? EARLIEST : toSeconds(ctx, `${name}_from`, from),
    to: to === undefined ? LATEST : toSeconds(ctx, `${name}_to`, to),
  };
  if (span.from > span.to) {
    throw new ApiFailure(ErrorCode.InvalidValue, `${name}_from must not be after ${name}_to`);
  }
  return span;
}

/** A filter on times: drives the page only when its period holds few rows (SET_CAP). */
function timed(
  ctx: Context,
  name: string,
  probe: string,
  rows: string,
  span: { from: number; to: number },
): Condition {
  const args = [ctx.channel.id, span.from, span.to];
  return {
    name,
    probe: { sql: probe, args: [span.from, span.to] },
    driver: {
      kind: "set",
      estimate: (cap) => boundedCount(ctx.db, rows, args, cap),
      collect: () => (statement(ctx.db, rows).all(...args) as { id: number }[]).map((r) => r.id),
    },
  };
}

const BLOCK = 4096;

/**
 * date_first: the people whose record date is in the period, in id order, reading only the
 * blocks of ids whose span of dates meets it (the zone map subscriber_blocks). People join in
 * id order in practice, so a period's people sit in a few blocks wherever they are in the list.
 */
function firstSubscription(ctx: Context, span: { from: number; to: number }): Condition {
  const channel = ctx.channel.id;
  const next = (after: number, limit: number): number[] => {
    const out: number[] = [];
    let block = Math.floor(after / BLOCK);
    for (;;) {
      const blocks = (
        statement(
          ctx.db,
          `SELECT block FROM subscriber_blocks
            WHERE channel_id = ? AND block >= ? AND max_created >= ? AND min_created <= ?
            ORDER BY block LIMIT 32`,
        ).all(channel, block, span.from, span.to) as { block: number }[]
      ).map((row) => row.block);
      if (blocks.length === 0) return out;
      for (const b of blocks) {
        const ids = statement(
          ctx.db,
          // By record id within the block, not through the index of dates.
          `SELECT id FROM subscribers NOT INDEXED
            WHERE id BETWEEN ? AND ? AND channel_id = ? AND created_at BETWEEN ? AND ?
            ORDER BY id LIMIT ?`,
        ).all(
          Math.max(after + 1, b * BLOCK),
          b * BLOCK + BLOCK - 1,
          channel,
          span.from,
          span.to,
          limit - out.length,
        ) as { id: number }[];
        for (const row of ids) out.push(row.id);
        if (out.length >= limit) return out;
      }
      block = (blocks.at(-1) ?? block) + 1;
    }
  };
  return {
    name: "date_first",
    probe: { sql: "s.created_at BETWEEN ? AND ?", args: [span.from, span.to] },
    // At most the people of the blocks whose span meets the period.
    driver: ordered(
      () =>
        (
          statement(
            ctx.db,
            `SELECT coalesce(sum(n), 0) AS n FROM subscriber_blocks
              WHERE channel_id = ? AND max_created >= ? AND min_created <= ?`,
          ).get(channel, span.from, span.to) as { n: number }
        ).n,
      [next],
    ),
  };
}

const SENT_IN = `SELECT subscriber_id AS id FROM delivery_records
                  WHERE channel_id = ? AND at BETWEEN ? AND ? AND error = 0`;

function dates(ctx: Context, params: FilterParams): Condition[] {
  const out: Condition[] = [];
  const subscribed = range(ctx, params, "date_subscription");
  if (subscribed) {
    out.push(
      timed(
        ctx,
        "date_subscription",
        `EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscriber_id = s.id
                   AND e.at BETWEEN ? AND ? AND e.action = 1)`,
        `SELECT subscriber_id AS id FROM subscription_events
          WHERE channel_id = ? AND at BETWEEN ? AND ? AND action = 1`,
        subscribed,
      ),
    );
  }
  const first = range(ctx, params, "date_first");
  if (first) out.push(firstSubscription(ctx, first));
  const sent = range(ctx, params, "date_delivery");
  if (sent) {
    out.push(
      timed(
        ctx,
        "date_delivery",
        `EXISTS (SELECT 1 FROM delivery_records r WHERE r.subscriber_id = s.id
                   AND r.at BETWEEN ? AND ? AND r.error = 0)`,
        SENT_IN,
        sent,
      ),
    );
  }
  for (const [name, aggregate] of [
    ["date_first_delivery", "min"],
    ["date_last_delivery", "max"],
  ] as const) {
    const span = range(ctx, params, name);
    if (!span) continue;
    out.push(
      timed(
        ctx,
        name,
        `(SELECT ${aggregate}(r.at) FROM delivery_records r
           WHERE r.subscriber_id = s.id AND r.error = 0) BETWEEN ? AND ?`,
        SENT_IN,
        span,
      ),
    );
  }
  const away = range(ctx, params, "date_away");
  if (away) {
    out.push(
      timed(
        ctx,
        "date_away",
        `EXISTS (SELECT 1 FROM delivery_records r WHERE r.subscriber_id = s.id
                   AND r.clicked_at BETWEEN ? AND ?)`,
        `SELECT subscriber_id AS id FROM delivery_records
          WHERE channel_id = ? AND clicked_at BETWEEN ? AND ?`,
        away,
      ),
    );
  }
  return out;
}

/** Bot runs: `bot_id` and `step_id` of a bot the person is in now; ignore_* the opposite. */
function bots(ctx: Context, params: FilterParams): Condition[] {
  const out: Condition[] = [];
  const channelBots = (
    statement(ctx.db, "SELECT id FROM bots WHERE channel_id = ? ORDER BY id").all(
      ctx.channel.id,
    ) as { id: number }[]
  ).map((row) => row.id);
  const inBots = params.bot_id === undefined ? channelBots : ownIds(ctx, "bots", [params.bot_id]);
  const runIn = (steps: boolean) =>
    `EXISTS (SELECT 1 FROM bot_runs b WHERE b.subscriber_id = s.id
               AND b.bot_id IN (SELECT value FROM json_each(?))
               ${steps ? "AND b.step_id IN (SELECT value FROM json_each(?))" : ""})`;
  if (params.bot_id !== undefined && params.step_id === undefined) {
    const botId = params.bot_id;
    out.push({
      name: "bot_id",
      probe: { sql: runIn(false), args: [json(inBots)] },
      driver: ordered(
        () => boundedCount(ctx.db, "SELECT 1 FROM bot_runs WHERE bot_id = ?", [botId], ORDERED_CAP),
        [
          (after, limit) =>
            (
              statement(
                ctx.db,
                `SELECT subscriber_id AS id FROM bot_runs
                  WHERE bot_id = ? AND subscriber_id > ? ORDER BY subscriber_id LIMIT ?`,
              ).all(botId, after, limit) as { id: number }[]
            ).map((row) => row.id),
        ],
      ),
      empty: inBots.length === 0,
    });
  }
  if (params.step_id !== undefined) {
    const steps = [...new Set(params.step_id)];
    const pairs = inBots.flatMap((bot) => steps.map((step) => [bot, step] as const));
    out.push({
      name: "step_id",
      probe: { sql: runIn(true), args: [json(inBots), json(steps)] },
      driver: ordered(
        () =>
          cachedEstimate(ctx.db, `steps\u0000${json(pairs)}`, 30_000, () =>
            pairs.reduce(
              (sum, [bot, step]) =>
                sum +
                (
                  statement(
                    ctx.db,
                    "SELECT count(*) AS n FROM bot_runs WHERE bot_id = ? AND step_id = ?",
                  ).get(bot, step) as { n: number }
                ).n,
              0,
            ),
          ),
        pairs.map(
          ([bot, step]) =>
            (after: number, limit: number) =>
              (
                statement(
                  ctx.db,
                  `SELECT subscriber_id AS id FROM bot_runs
                    WHERE bot_id = ? AND step_id = ? AND subscriber_id > ?
                    ORDER BY subscriber_id LIMIT ?`,
                ).all(bot, step, after, limit) as { id: number }[]
              ).map((row) => row.id),
        ),
      ),
      empty: pairs.length === 0,
    });
  }
  if (params.ignore_bot_id !== undefined) {
    out.push({
      name: "ignore_bot_id",
      probe: { sql: `NOT ${runIn(false)}`, args: [json([params.ignore_bot_id])] },
    });
  }
  if (params.ignore_step_id !== undefined) {
    out.push({
      name: "ignore_step_id",
      probe: { sql: `NOT ${runIn(true)}`, args: [json(inBots), json(params.ignore_step_id)] },
    });
  }
  return out;
}

function status(ctx: Context, params: FilterParams): Condition[] {
  const lead = params.lead_status;
  if (lead === undefined) return [];
  return [
    {
      name: "lead_status",
      probe: { sql: "s.status = ?", args: [lead] },
      driver: ordered(
        () =>
          boundedCount(
            ctx.db,
            "SELECT 1 FROM subscribers WHERE channel_id = ? AND status = ?",
            [ctx.channel.id, lead],
            ORDERED_CAP,
          ),
        [
          (after, limit) =>
            (
              statement(
                ctx.db,
                `SELECT id FROM subscribers WHERE channel_id = ? AND status = ? AND id > ?
                  ORDER BY id LIMIT ?`,
              ).all(ctx.channel.id, lead, after, limit) as { id: number }[]
            ).map((row) => row.id),
        ],
      ),
    },
  ];
}

/** A variable by name (any value), or by name and exact value. */
function variables(ctx: Context, params: FilterParams): Condition[] {
  const { var_name: name, var_value: value } = params;
  if (name === undefined) {
    if (value !== undefined) {
      throw new ApiFailure(ErrorCode.MissingParameter, "var_name is required with var_value");
    }
    return [];
  }
  if (!VARIABLE_NAME_PATTERN.test(name)) {
    throw new ApiFailure(
      ErrorCode.BadVariableName,
      "var_name: variable name must consist of Latin letters, digits and _",
    );
  }
  if (value === undefined) {
    const rows = "SELECT subscriber_id AS id FROM variables WHERE name = ?";
    return [
      {
        name: "var_name",
        probe: {
          sql: "EXISTS (SELECT 1 FROM variables v WHERE v.subscriber_id = s.id AND v.name = ?)",
          args: [name],
        },
        driver: {
          kind: "set",
          estimate: (cap) => boundedCount(ctx.db, rows, [name], cap),
          collect: () =>
            (statement(ctx.db, rows).all(name) as { id: number }[]).map((row) => row.id),
        },
      },
    ];
  }
  return [
    {
      name: "var_value",
      probe: {
        sql: "EXISTS (SELECT 1 FROM variables v WHERE v.subscriber_id = s.id AND v.name = ? AND v.value = ?)",
        args: [name, value],
      },
      driver: ordered(
        () =>
          boundedCount(
            ctx.db,
            "SELECT 1 FROM variables WHERE name = ? AND value = ?",
            [name, value],
            ORDERED_CAP,
          ),
        [
          (after, limit) =>
            (
              statement(
                ctx.db,
                `SELECT subscriber_id AS id FROM variables
                  WHERE name = ? AND value = ? AND subscriber_id > ?
                  ORDER BY subscriber_id LIMIT ?`,
              ).all(name, value, after, limit) as { id: number }[]
            ).map((row) => row.id),
        ],
      ),
    },
  ];
}

export function conditionsOf(ctx: Context, params: FilterParams): Condition[] {
  return [
    ...people(ctx, params),
    ...subscriptions(ctx, params),
    ...deliveries(ctx, params),
    ...dates(ctx, params),
    ...bots(ctx, params),
    ...status(ctx, params),
    ...variables(ctx, params),
  ];
}
