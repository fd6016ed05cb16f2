import type { OperationId } from "./operations";

/**
 * The operations that only read (`kind: "read"` in operations.ts), without zod: the SPA's
 * client sends them while the contract's chunk is still loading (src/api/client.ts). A unit
 * test keeps this list equal to operations.ts.
 */
export const readOperations: ReadonlySet<OperationId> = new Set<OperationId>([
  "subscribers/get",
  "subscribers/statSubscribe",
  "subscribers/statCount",
  "subscribers/subscribersCount",
  "vars/get",
  "deliveries/statCount",
  "deliveries/stat",
  "utms/statCount",
  "utms/statSubscribe",
  "utms/getLink",
  "groups/get",
  "subscriptions/get",
  "utms/get",
  "bots/get",
  "bots/getSteps",
  "deliveries/get",
  "vars_global/get",
]);
