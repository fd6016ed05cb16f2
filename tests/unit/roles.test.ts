import { describe, expect, it } from "vitest";
import { operationIds, type OperationId } from "../../src/contract/operations";
import { mayCall, mayCallWith } from "../../src/contract/roles";

/** The role table for the operations beyond the seed (the gateway test calls each one too). */
describe("roles for the operations beyond the seed", () => {
  const tagsAndSteps: OperationId[] = ["utms/add", "utms/edit", "utms/del", "bots/getSteps"];
  const adminOnly: OperationId[] = [
    "subscriptions/add",
    "subscriptions/edit",
    "subscriptions/del",
    "vars_global/get",
    "vars_global/set",
    "vars_global/del",
  ];

  it("lets marketing create, rename and delete tags and read bot steps", () => {
    for (const op of tagsAndSteps) expect(mayCall("marketing", op), op).toBe(true);
    expect(mayCall("marketing", "deliveries/get")).toBe(true);
  });

  it("keeps subscription writes and channel-wide variables to administrators", () => {
    for (const op of adminOnly) {
      expect(mayCall("admin", op), op).toBe(true);
      expect(mayCall("marketing", op), op).toBe(false);
      expect(mayCall("support", op), op).toBe(false);
    }
  });

  it("leaves support as it was: none of the new operations", () => {
    for (const op of [...tagsAndSteps, ...adminOnly]) {
      expect(mayCall("support", op), op).toBe(false);
    }
    expect(mayCall("support", "subscriptions/get")).toBe(true);
  });

  it("still gives administrators everything", () => {
    for (const op of operationIds) expect(mayCall("admin", op), op).toBe(true);
  });
});

describe("marketing's lists of a delivery's audience (roleScopedOperations)", () => {
  it("lets marketing call subscribers/get only with a delivery's read or click filter", () => {
    expect(mayCall("marketing", "subscribers/get")).toBe(false);
    expect(mayCallWith("marketing", "subscribers/get", {})).toBe(false);
    expect(mayCallWith("marketing", "subscribers/get", { count: 100, offset_id: "5" })).toBe(false);
    expect(mayCallWith("marketing", "subscribers/get", { ignore_read_delivery_id: [] })).toBe(
      false,
    );
    expect(mayCallWith("marketing", "subscribers/get", { ignore_read_delivery_id: "" })).toBe(
      false,
    );
    expect(mayCallWith("marketing", "subscribers/get", { delivery_id: [3] })).toBe(false);
    for (const field of [
      "read_delivery_id",
      "ignore_read_delivery_id",
      "away_delivery_id",
      "ignore_away_delivery_id",
    ]) {
      expect(mayCallWith("marketing", "subscribers/get", { [field]: [3] }), field).toBe(true);
      expect(mayCallWith("marketing", "subscribers/get", { [field]: 3 }), field).toBe(true);
    }
  });

  it("scopes nothing else: support and admin as the table says", () => {
    expect(mayCallWith("support", "subscribers/get", {})).toBe(true);
    expect(mayCallWith("support", "deliveries/stat", { delivery_id: [1] })).toBe(false);
    expect(mayCallWith("marketing", "vars/get", { ignore_read_delivery_id: [3] })).toBe(false);
    expect(mayCallWith("admin", "subscribers/get", {})).toBe(true);
  });
});
