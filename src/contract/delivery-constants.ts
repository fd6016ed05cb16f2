/**
 * The values of a mass delivery's `type` and `status` (deliveries/get), without zod: the
 * deliveries page's URL state reads them in the entry (src/features/deliveries/prefetch.ts).
 */
export const deliveryTypes = ["chain", "subscription", "once", "single"] as const;
export const deliveryStatuses = ["waiting", "progress", "done"] as const;
export type MassDeliveryType = (typeof deliveryTypes)[number];
export type MassDeliveryStatus = (typeof deliveryStatuses)[number];
