import type { Db } from "./database";
import { rebuildEventCounts } from "./event-counts";

/**
 * Recounts every table that triggers keep in step with others (after a bulk load that ran with
 * the triggers dropped): the hourly event rollup, the mass deliveries' counters, the
 * subscriptions' member counts and the zone map of first-subscription times. The same SQL as the migration that made them.
 */
export function rebuildRollups(db: Db, options: { deliveryStats?: boolean } = {}): void {
  rebuildEventCounts(db);
  if (options.deliveryStats !== false) rebuildDeliveryStats(db);
  db.exec(`
    DELETE FROM subscriber_blocks;
    INSERT INTO subscriber_blocks (channel_id, block, min_created, max_created, n)
      SELECT channel_id, id / 4096, min(created_at), max(created_at), count(*) FROM subscribers
       GROUP BY 1, 2;
    UPDATE subscriptions SET members = coalesce(
      (SELECT n FROM (SELECT subscription_id, count(*) AS n FROM memberships
                       GROUP BY subscription_id) AS x
        WHERE x.subscription_id = subscriptions.id), 0);
  `);
}

export function rebuildDeliveryStats(db: Db): void {
  db.exec(`
    DELETE FROM delivery_stats;
    INSERT INTO delivery_stats (delivery_id, recipients, sent, errors, read, clicked, unsubscribed)
      SELECT delivery_id, count(*), sum(error = 0), sum(error <> 0), sum(is_read = 1),
             sum(clicked_at IS NOT NULL), sum(unsubscribed = 1)
        FROM delivery_records WHERE delivery_id IS NOT NULL GROUP BY delivery_id;
  `);
}
