import { parseApiDateTime } from "@/contract/datetime";
import type { DeliveryInfo } from "@/contract/entities";

/**
 * The funnel of mass deliveries from the counters of deliveries/get: recipients → sent → read →
 * clicked a link → unsubscribed, plus errors. The counters are each delivery's whole life (the
 * API has no period for them); a period chooses deliveries by their own date.
 */
export interface Funnel {
  recipients: number;
  sent: number;
  read: number;
  clicked: number;
  unsubscribed: number;
  errors: number;
}

export const FUNNEL_STAGES = ["recipients", "sent", "read", "clicked", "unsubscribed"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Each stage's rate is of this one: sent of recipients, the rest of what was sent. */
export const RATE_BASE: Record<FunnelStage | "errors", FunnelStage | undefined> = {
  recipients: undefined,
  sent: "recipients",
  read: "sent",
  clicked: "sent",
  unsubscribed: "sent",
  errors: "recipients",
};

const DIGITS = /^\d+$/;

/** A counter as the API sends it (a string of digits); missing or anything else: 0. */
export function counter(value: string | undefined): number {
  if (value === undefined || !DIGITS.test(value)) return 0;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : 0;
}

/** Whether the answer carried counters at all (older answers lack them). */
export function hasCounters(item: DeliveryInfo): boolean {
  return item.count_recipients !== undefined;
}

export function deliveryFunnel(item: DeliveryInfo): Funnel {
  return {
    recipients: counter(item.count_recipients),
    sent: counter(item.count_send),
    read: counter(item.count_read),
    clicked: counter(item.count_transits),
    unsubscribed: counter(item.count_unsubscribers),
    errors: counter(item.count_error),
  };
}

export const EMPTY_FUNNEL: Funnel = {
  recipients: 0,
  sent: 0,
  read: 0,
  clicked: 0,
  unsubscribed: 0,
  errors: 0,
};

export function sumFunnels(funnels: readonly Funnel[]): Funnel {
  return funnels.reduce<Funnel>(
    (sum, f) => ({
      recipients: sum.recipients + f.recipients,
      sent: sum.sent + f.sent,
      read: sum.read + f.read,
      clicked: sum.clicked + f.clicked,
      unsubscribed: sum.unsubscribed + f.unsubscribed,
      errors: sum.errors + f.errors,
    }),
    EMPTY_FUNNEL,
  );
}

/** `part` of `whole` as a ratio; undefined when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | undefined {
  return whole > 0 ? part / whole : undefined;
}

/** The rate of a stage (or of errors) against its base, as RATE_BASE says. */
export function stageRate(funnel: Funnel, stage: FunnelStage | "errors"): number | undefined {
  const base = RATE_BASE[stage];
  return base === undefined ? undefined : ratio(funnel[stage], funnel[base]);
}

export interface DatedDelivery {
  item: DeliveryInfo;
  /** The delivery's date as an instant (ms); null when the text could not be read. */
  at: number | null;
  funnel: Funnel;
}

/** A delivery with its date read in the channel's zone and its funnel. */
export function datedDelivery(item: DeliveryInfo, timeZone: string): DatedDelivery {
  return { item, at: parseApiDateTime(item.date, timeZone), funnel: deliveryFunnel(item) };
}

/**
 * The deliveries dated within [from, to] (both inclusive, ms), newest first (ties: the higher
 * id first). A date that cannot be read keeps the delivery out of a period: it cannot be placed.
 */
export function deliveriesInPeriod(
  items: readonly DeliveryInfo[],
  period: { from: number; to: number },
  timeZone: string,
): DatedDelivery[] {
  return items
    .map((item) => datedDelivery(item, timeZone))
    .filter(
      (entry): entry is DatedDelivery & { at: number } =>
        entry.at !== null && entry.at >= period.from && entry.at <= period.to,
    )
    .sort((a, b) => b.at - a.at || b.item.delivery_id - a.item.delivery_id);
}

/** Read rate (read of sent, in %) per delivery that sent anything, oldest first. */
export function readRateSeries(
  deliveries: readonly DatedDelivery[],
): { delivery: DatedDelivery; percent: number }[] {
  return deliveries
    .filter((entry) => entry.funnel.sent > 0)
    .map((entry) => ({
      delivery: entry,
      percent: Math.round((entry.funnel.read / entry.funnel.sent) * 1000) / 10,
    }))
    .reverse();
}
