import type { OperationId } from "./operations";

/**
 * Who may call what: the one table the gateway enforces and the SPA reads to build its
 * navigation. The gateway refuses anything else with HTTP 403, whatever the browser sends.
 */
export const roles = ["admin", "marketing", "support"] as const;
// No zod here: the SPA's entry builds its navigation from this table, and the contract's
// schemas (roleSchema is in session.ts) load after it (src/api/contract-schemas.ts).
export type Role = (typeof roles)[number];

/** Operations that only name things, so every role can show names instead of ids. */
const readNames = [
  "groups/get",
  "subscriptions/get",
  "utms/get",
  "bots/get",
  "deliveries/get",
] as const satisfies readonly OperationId[];

/**
 * Administrators call everything; the writes of subscriptions and the channel-wide variables
 * (`subscriptions/add|edit|del`, `vars_global/*`) are theirs alone.
 */
export const roleOperations = {
  admin: "all",
  marketing: [
    ...readNames,
    "subscribers/statCount",
    "subscribers/statSubscribe",
    "subscribers/subscribersCount",
    "utms/statCount",
    "utms/statSubscribe",
    "utms/getLink",
    "utms/add",
    "utms/edit",
    "utms/del",
    "bots/getSteps",
    "deliveries/statCount",
    "deliveries/stat",
  ],
  support: [
    ...readNames,
    "subscribers/get",
    "subscribers/subscribersCount",
    "vars/get",
    "vars/set",
    "vars/del",
    "bots/addSubscriber",
    "bots/delSubscriber",
  ],
} as const satisfies Record<Role, "all" | readonly OperationId[]>;

export function mayCall(role: Role, operation: OperationId): boolean {
  const allowed: "all" | readonly OperationId[] = roleOperations[role];
  return allowed === "all" || allowed.includes(operation);
}
