/**
 * A delivery record's outcome alone, without words: free of Lingui's macros, so that the
 * charts benchmark (tsx) can count records as the page does (src/lib/delivery-series.ts).
 */

/** `error` 0 sent; 1 failed with `error_code`; 2 not sent, the person does not allow messages. */
export type DeliveryOutcome = "sent" | "failed" | "not-allowed";

/** The record's outcome alone: 0 sent, 2 not allowed, anything else failed. */
export function deliveryOutcome({ error }: { error: number }): DeliveryOutcome {
  if (error === 0) return "sent";
  return error === 2 ? "not-allowed" : "failed";
}
