import type { Db } from "../../store/database";
import { statement } from "../../store/statements";
import type { Context, Params, SubscriberRow } from "../context";
import type { Condition } from "./condition";
import { conditionsOf } from "./conditions";
import { cachedEstimate } from "./estimates";

type ListParams = Params<"subscribers/get">;

const NOT_FILTERS = new Set(["count", "offset_id"]);

export function hasFilters(params: ListParams): boolean {
  // Absent fields are left out by the contract's parse, but a present undefined is no filter.
  return Object.entries(params as Record<string, unknown>).some(
    ([key, value]) => !NOT_FILTERS.has(key) && value !== undefined,
  );
}

/** A set driver is collected whole only while it holds at most this many rows. */
export const SET_CAP = 20_000;
/** A driver matching more than this share of the channel is no cheaper than walking it. */
const SCAN_SHARE = 0.25;
const FIRST_BATCH = 64;
const MAX_BATCH = 4096;

const COLUMNS =
  "s.id, s.user_id, s.first_name, s.last_name, s.photo, s.status, s.ignore, s.created_at";

/** Only steers the plan, and changes slowly: counted once every ten minutes. */
function channelSize(db: Db, channel: number): number {
  return cachedEstimate(db, `channel size ${String(channel)}`, 600_000, () => {
    const row = statement(db, "SELECT count(*) AS n FROM subscribers WHERE channel_id = ?").get(
      channel,
    ) as { n: number };
    return row.n;
  });
}

interface Plan {
  driver?: Condition;
  estimate: number;
}

/** The condition whose own index yields the fewest candidates, if it beats walking the channel. */
function plan(ctx: Context, conditions: Condition[]): Plan {
  let best: Plan = { estimate: Number.POSITIVE_INFINITY };
  for (const condition of conditions) {
    const driver = condition.driver;
    if (!driver) continue;
    const estimate = driver.kind === "set" ? driver.estimate(SET_CAP) : driver.estimate();
    if (driver.kind === "set" && estimate > SET_CAP) continue;
    if (estimate < best.estimate) best = { driver: condition, estimate };
  }
  if (best.estimate > SCAN_SHARE * channelSize(ctx.db, ctx.channel.id)) {
    return { estimate: best.estimate };
  }
  return best;
}

function probes(conditions: Condition[]) {
  if (conditions.length === 0) return { sql: "1", args: [] };
  return {
    sql: conditions.map((c) => `(${c.probe.sql})`).join(" AND "),
    args: conditions.flatMap((c) => c.probe.args),
  };
}

/**
 * The people among `candidates` (ascending) that pass every probe, at most `limit`. NOT INDEXED:
 * each candidate is looked up by its record id; left to itself the planner may prefer an index
 * of a probed column (first-subscription dates, say) and read a whole period to check a batch.
 */
function check(ctx: Context, conditions: Condition[], candidates: number[], limit: number) {
  const { sql, args } = probes(conditions);
  return statement(
    ctx.db,
    `SELECT ${COLUMNS} FROM subscribers s NOT INDEXED
      WHERE s.id IN (SELECT value FROM json_each(?)) AND s.channel_id = ? AND ${sql}
      ORDER BY s.id LIMIT ?`,
  ).all(JSON.stringify(candidates), ctx.channel.id, ...args, limit) as SubscriberRow[];
}

/**
 * A page of people who pass every filter, after the cursor `after`, in record id order.
 *
 * Which rows are read depends on the filters' sizes: the most selective filter with an index
 * of its own drives the page (its candidates come in id order, or all at once when they are
 * few) and the others are probed per candidate; when no filter is selective, the channel is
 * walked by id with every filter probed per person, which is cheap because most people pass.
 * Either way no page skips rows with OFFSET, and a page's cost follows the rows it returns,
 * not its position in the list.
 */
export function filteredPage(
  ctx: Context,
  params: ListParams,
  after: number,
  limit: number,
): SubscriberRow[] {
  const conditions = conditionsOf(ctx, params);
  if (conditions.some((c) => c.empty)) return [];
  const { driver } = plan(ctx, conditions);
  if (driver?.driver === undefined) {
    // The walk goes by record id, whatever index a probed column has.
    const { sql, args } = probes(conditions);
    return statement(
      ctx.db,
      `SELECT ${COLUMNS} FROM subscribers s INDEXED BY subscribers_by_channel
        WHERE s.channel_id = ? AND s.id > ? AND ${sql} ORDER BY s.id LIMIT ?`,
    ).all(ctx.channel.id, after, ...args, limit) as SubscriberRow[];
  }
  // Every probe, the driver's too: a set driver may collect more people than its filter takes.
  const rest = conditions;
  const source = driver.driver;
  const found: SubscriberRow[] = [];
  if (source.kind === "set") {
    const ids = [...new Set(source.collect())].filter((id) => id > after).sort((a, b) => a - b);
    for (let i = 0; i < ids.length && found.length < limit; i += MAX_BATCH) {
      found.push(...check(ctx, rest, ids.slice(i, i + MAX_BATCH), limit - found.length));
    }
    return found;
  }
  let cursor = after;
  let batch = FIRST_BATCH;
  for (;;) {
    const candidates = source.next(cursor, batch);
    const last = candidates.at(-1);
    if (last === undefined) return found;
    found.push(...check(ctx, rest, candidates, limit - found.length));
    if (found.length >= limit) return found;
    cursor = last;
    batch = Math.min(batch * 4, MAX_BATCH);
  }
}
