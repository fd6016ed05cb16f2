import { describe, expect, it } from "vitest";
import { operationIds, type OperationId } from "../../src/contract/operations";
import { mayCall } from "../../src/contract/roles";

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
