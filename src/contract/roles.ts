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

/**
 * Calls a role may make only with one of some fields given: marketing lists the people a
 * delivery's funnel names (who read it or not, who clicked a link or not), never the whole
 * channel, so `mayCall(marketing, "subscribers/get")` stays false (no subscribers page, no
 * directory) while these filtered lists are allowed. The gateway enforces it like the table.
 */
export const roleScopedOperations = {
  admin: {},
  marketing: {
    "subscribers/get": [
      "read_delivery_id",
      "ignore_read_delivery_id",
      "away_delivery_id",
      "ignore_away_delivery_id",
    ],
  },
  support: {},
} as const satisfies Record<Role, Partial<Record<OperationId, readonly string[]>>>;

/** A field counts as given unless it is absent, null, "" or an empty list. */
function given(value: unknown): boolean {
  return !(
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** mayCall, or a scoped call (roleScopedOperations) carrying one of its fields. */
export function mayCallWith(
  role: Role,
  operation: OperationId,
  fields: Readonly<Record<string, unknown>>,
): boolean {
  if (mayCall(role, operation)) return true;
  const scoped: Partial<Record<OperationId, readonly string[]>> = roleScopedOperations[role];
  const needed = scoped[operation];
  return needed?.some((field) => given(fields[field])) ?? false;
}
