import type { Db } from "./database";

/**
 * Recounts the hourly rollup `event_counts` from `subscription_events` (after a bulk load that
 * ran with the rollup's triggers dropped).
 */
export function rebuildEventCounts(db: Db): void {
  db.exec(`
    DELETE FROM event_counts;
    INSERT INTO event_counts (channel_id, hour, subscription_id, utm_id, action, n)
      SELECT channel_id, at / 3600, subscription_id, coalesce(utm_id, 0), action, count(*)
        FROM subscription_events GROUP BY 1, 2, 3, 4, 5;
  `);
}
