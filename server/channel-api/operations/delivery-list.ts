import { PAGE_SIZE_DEFAULT } from "../../../src/contract/common";
import { statement } from "../store/statements";
import { formatDate, type Handler } from "./context";

interface DeliveryRow {
  delivery_id: number;
  name: string;
  type: string;
  status: string;
  created_at: number;
  inactive: number;
  recipients: number;
  sent: number;
  errors: number;
  read: number;
  clicked: number;
  unsubscribed: number;
}

/**
 * Mass deliveries with their counters, from the `delivery_stats` rollup (exact by triggers):
 * recipients = its delivery records, send = records with error 0, error = the others, read =
 * records read, transits = records whose recipient clicked a link, unsubscribers = recipients
 * who left a subscription within 24 hours after it. Counters and `inactive` are strings of
 * digits, as the service sends them. Filters by id, type and status match any of their values;
 * the total `count` is of the deliveries found.
 */
export const getDeliveries: Handler<"deliveries/get"> = (ctx, params) => {
  const where = [
    "d.channel_id = ?",
    "(? IS NULL OR d.id IN (SELECT value FROM json_each(?)))",
    "(? IS NULL OR d.type IN (SELECT value FROM json_each(?)))",
    "(? IS NULL OR d.status IN (SELECT value FROM json_each(?)))",
  ].join(" AND ");
  const list = (values: unknown[] | undefined) =>
    values === undefined ? [null, null] : [JSON.stringify(values), JSON.stringify(values)];
  const args = [
    ctx.channel.id,
    ...list(params.delivery_id),
    ...list(params.type),
    ...list(params.status),
  ];
  const total = statement(ctx.db, `SELECT count(*) AS n FROM deliveries d WHERE ${where}`).get(
    ...args,
  ) as { n: number };
  const rows = statement(
    ctx.db,
    `SELECT d.id AS delivery_id, d.name, d.type, d.status, d.created_at, d.inactive,
            coalesce(st.recipients, 0) AS recipients, coalesce(st.sent, 0) AS sent,
            coalesce(st.errors, 0) AS errors, coalesce(st.read, 0) AS read,
            coalesce(st.clicked, 0) AS clicked, coalesce(st.unsubscribed, 0) AS unsubscribed
       FROM deliveries d LEFT JOIN delivery_stats st ON st.delivery_id = d.id
      WHERE ${where} ORDER BY d.id LIMIT ? OFFSET ?`,
  ).all(...args, params.count ?? PAGE_SIZE_DEFAULT, params.offset ?? 0) as DeliveryRow[];
  return {
    success: true,
    count: total.n,
    items: rows.map((row) => ({
      delivery_id: row.delivery_id,
      name: row.name,
      type: row.type,
      status: row.status,
      date: formatDate(ctx, row.created_at),
      inactive: String(row.inactive),
      count_recipients: String(row.recipients),
      count_send: String(row.sent),
      count_error: String(row.errors),
      count_transits: String(row.clicked),
      count_read: String(row.read),
      count_unsubscribers: String(row.unsubscribed),
    })),
  };
};
