import Database from "better-sqlite3";
import { formatApiDateTime } from "../src/contract/datetime";

/**
 * Filtered pages of subscribers/get for `npm run bench:api`: one line per kind of filter, each
 * measured over requests that start at the first page or at a random record and follow the
 * cursor for a second page, one at a time (latency, not throughput). Filter values are picked
 * from the database so that each kind is tried where it is selective and where it is not.
 */

type Post = (path: string, body: object) => Promise<Record<string, unknown>>;

const DAY = 86_400;
const ZONE = "Europe/Moscow";

/** The first column of the first row, as a number or as text. */
function first(db: Database.Database, sql: string, ...args: unknown[]): number | string {
  const value: unknown = db
    .prepare(sql)
    .pluck()
    .get(...args);
  if (typeof value !== "number" && typeof value !== "string") {
    throw new Error(`bench: nothing for ${sql}`);
  }
  return value;
}
const num = (db: Database.Database, sql: string, ...args: unknown[]) =>
  Number(first(db, sql, ...args));
const text = (db: Database.Database, sql: string, ...args: unknown[]) =>
  String(first(db, sql, ...args));

/** The cases, with values read from the demo database of channel 1001. */
function cases(dbPath: string): { label: string; params: Record<string, unknown> }[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const end = num(db, "SELECT max(at) AS t FROM subscription_events");
    const at = (t: number) => formatApiDateTime(t * 1000, ZONE);
    const big = num(
      db,
      "SELECT id FROM subscriptions WHERE channel_id = 1001 ORDER BY members DESC LIMIT 1",
    );
    const small = num(
      db,
      "SELECT id FROM subscriptions WHERE channel_id = 1001 ORDER BY members LIMIT 1",
    );
    const delivery = (order: string) =>
      num(
        db,
        `SELECT st.delivery_id AS id FROM delivery_stats st JOIN deliveries d ON d.id = st.delivery_id
          WHERE d.channel_id = 1001 AND d.status = 'done' AND d.type <> 'chain' ORDER BY ${order} LIMIT 1`,
      );
    const widest = delivery("st.sent DESC");
    const fewClicks = delivery("1.0 * st.clicked / st.sent");
    const bot = num(
      db,
      "SELECT id FROM bots WHERE channel_id = 1001 AND published = 1 ORDER BY id LIMIT 1",
    );
    const lastStep = text(
      db,
      "SELECT step_id FROM bot_steps WHERE bot_id = ? ORDER BY position DESC LIMIT 1",
      bot,
    );
    const firstStep = text(
      db,
      "SELECT step_id FROM bot_steps WHERE bot_id = ? ORDER BY position LIMIT 1",
      bot,
    );
    const people = (
      db
        .prepare(
          `SELECT user_id FROM subscribers WHERE channel_id = 1001
            AND id % (SELECT count(*) / 20 FROM subscribers WHERE channel_id = 1001) = 7 LIMIT 20`,
        )
        .all() as { user_id: number }[]
    ).map((row) => row.user_id);
    const middle = end - 45 * DAY;
    return [
      { label: "tg_user_id, 20 people spread over the list", params: { tg_user_id: people } },
      { label: "subscription_id, the biggest", params: { subscription_id: [big] } },
      { label: "subscription_id, the smallest", params: { subscription_id: [small] } },
      { label: "ignore_subscription_id, the biggest", params: { ignore_subscription_id: [big] } },
      { label: "source hand", params: { source: ["hand"] } },
      { label: "delivery_id, the widest delivery", params: { delivery_id: [widest] } },
      { label: "read_delivery_id", params: { read_delivery_id: [widest] } },
      { label: "ignore_read_delivery_id", params: { ignore_read_delivery_id: [widest] } },
      { label: "error_delivery_id", params: { error_delivery_id: [widest] } },
      { label: "away_delivery_id, fewest clicks", params: { away_delivery_id: [fewClicks] } },
      { label: "ignore_delivery_id", params: { ignore_delivery_id: [widest] } },
      {
        label: "date_subscription, one day",
        params: { date_subscription_from: at(end - DAY), date_subscription_to: at(end) },
      },
      {
        label: "date_subscription, 30 days",
        params: { date_subscription_from: at(end - 30 * DAY) },
      },
      {
        label: "date_first, one day mid-period",
        params: { date_first_from: at(middle), date_first_to: at(middle + DAY) },
      },
      { label: "date_first, 30 days", params: { date_first_from: at(end - 30 * DAY) } },
      {
        label: "date_delivery, 3 days",
        params: { date_delivery_from: at(end - 3 * DAY), date_delivery_to: at(end) },
      },
      {
        label: "date_first_delivery, one day",
        params: { date_first_delivery_from: at(middle), date_first_delivery_to: at(middle + DAY) },
      },
      {
        label: "date_last_delivery, before 30 days",
        params: { date_last_delivery_to: at(end - 30 * DAY) },
      },
      {
        label: "date_away, one week",
        params: { date_away_from: at(end - 14 * DAY), date_away_to: at(end - 7 * DAY) },
      },
      { label: "bot_id", params: { bot_id: bot } },
      { label: "bot_id and its last step", params: { bot_id: bot, step_id: [lastStep] } },
      { label: "ignore_bot_id", params: { ignore_bot_id: bot } },
      {
        label: "bot_id, not at its first step",
        params: { bot_id: bot, ignore_step_id: [firstStep] },
      },
      { label: "lead_status 2", params: { lead_status: 2 } },
      { label: "var_name promo_code", params: { var_name: "promo_code" } },
      { label: "var_name lang = de (rare)", params: { var_name: "lang", var_value: "de" } },
      { label: "lead_status 2 and source hand", params: { lead_status: 2, source: ["hand"] } },
      {
        label: "var lang = de and the biggest subscription",
        params: { var_name: "lang", var_value: "de", subscription_id: [big] },
      },
    ];
  } finally {
    db.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function benchFilteredPages(
  post: Post,
  auth: object,
  dbPath: string,
  maxId: number,
  rounds = 15,
): Promise<void> {
  console.log(
    `subscribers/get with filters (count 20, ${String(rounds)} first pages and ${String(rounds)} random starts, each followed by one more page, one request at a time):`,
  );
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (const { label, params } of cases(dbPath)) {
    const latencies: number[] = [];
    let items = 0;
    for (let round = 0; round < rounds * 2; round++) {
      let cursor = round < rounds ? "" : String(Math.floor(random() * maxId));
      for (let page = 0; page < 2; page++) {
        const started = performance.now();
        const answer = await post("/api/subscribers/get", {
          ...auth,
          ...params,
          count: 20,
          ...(cursor ? { offset_id: cursor } : {}),
        });
        latencies.push(performance.now() - started);
        const found = (answer.items as unknown[]).length;
        items += found;
        if (found < 20) break;
        cursor = String(answer.offset_id);
      }
    }
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms, ` +
        `${(items / latencies.length).toFixed(1)} items a page over ${String(latencies.length)} pages`,
    );
  }
}
