import { describe, expect, it, vi } from "vitest";
import { lazyRecord } from "@/contract/lazy-record";
import { operationIds, operations } from "@/contract/operations";

describe("lazyRecord", () => {
  it("builds a value on its first read only, and keeps it", () => {
    const buildA = vi.fn(() => ({ name: "a" }));
    const buildB = vi.fn(() => ({ name: "b" }));
    const record = lazyRecord({ a: buildA, b: buildB });
    expect(buildA).not.toHaveBeenCalled();
    expect(buildB).not.toHaveBeenCalled();

    const first = record.a;
    expect(first).toEqual({ name: "a" });
    expect(record.a).toBe(first);
    expect(buildA).toHaveBeenCalledTimes(1);
    expect(buildB).not.toHaveBeenCalled();
  });

  it("has every key from the start, as an own enumerable property", () => {
    const build = vi.fn(() => 1);
    const record = lazyRecord({ x: build, y: build });
    expect(Object.keys(record)).toEqual(["x", "y"]);
    expect(Object.hasOwn(record, "y")).toBe(true);
    expect("x" in record).toBe(true);
    expect(build).not.toHaveBeenCalled();
  });

  it("cannot be written over once built", () => {
    const record = lazyRecord({ x: () => 1 });
    expect(record.x).toBe(1);
    expect(() => {
      (record as { x: number }).x = 2;
    }).toThrow(TypeError);
  });
});

describe("operations", () => {
  it("lists every operation without building one, and builds each on its own", () => {
    // Read through the property descriptors: a getter still in place is one not built yet.
    const unbuilt = () =>
      operationIds.filter(
        (op) => Object.getOwnPropertyDescriptor(operations, op)?.get !== undefined,
      );
    const before = unbuilt();
    expect(operationIds.length).toBeGreaterThan(20);
    expect(before).toContain("vars_global/del");

    expect(operations["vars_global/del"].kind).toBe("write");
    expect(unbuilt()).toEqual(before.filter((op) => op !== "vars_global/del"));
  });
});
