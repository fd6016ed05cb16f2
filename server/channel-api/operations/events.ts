import { notifyHooks } from "../hooks/registry";
import { statement } from "../store/statements";
import type { Context, SubscriberRow } from "./context";

/**
 * Records a subscribe (1) or unsubscribe (2) event. Triggers keep the hourly rollup, the
 * deliveries' unsubscribe counters and the WebHook queue; `eventsRecorded` wakes the sender.
 */
export function recordEvent(
  ctx: Context,
  person: Pick<SubscriberRow, "id" | "ignore">,
  subscriptionId: number,
  action: 1 | 2,
  source: string,
  utmId: number | null,
  at: number,
): void {
  statement(
    ctx.db,
    `INSERT INTO subscription_events
       (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(ctx.channel.id, person.id, subscriptionId, action, source, utmId, person.ignore, at);
}

/** Call once the transaction that recorded events has committed. */
export function eventsRecorded(ctx: Context): void {
  notifyHooks(ctx.db);
}
