import { describe, expect, it } from "vitest";
import {
  DIRECTORY_SCAN_MAX,
  directoryMayCount,
  filtersDirectoryCannotCount,
} from "../../src/contract/directory-count-rule";

describe("which segments the directory counts", () => {
  it("counts user ids and first-subscription dates on any channel", () => {
    const filters = { tg_user_id: [1, 2], date_first_from: "01.03.2026 00:00:00" };
    expect(filtersDirectoryCannotCount(filters, false)).toEqual([]);
    expect(directoryMayCount(filters)).toBe(true);
  });

  it("counts memberships and their source only where hooks keep them current", () => {
    const filters = { subscription_id: [1], ignore_subscription_id: [2], source: ["api"] };
    expect(filtersDirectoryCannotCount(filters, true)).toEqual([]);
    expect(filtersDirectoryCannotCount(filters, false)).toEqual([
      "subscription_id",
      "ignore_subscription_id",
      "source",
    ]);
    expect(directoryMayCount(filters)).toBe(true);
  });

  it("leaves memberships of a large directory to the pages (no index: a count would scan it)", () => {
    const filters = { subscription_id: [1], date_first_to: "01.03.2026 00:00:00" };
    expect(filtersDirectoryCannotCount(filters, true, DIRECTORY_SCAN_MAX)).toEqual([]);
    expect(filtersDirectoryCannotCount(filters, true, DIRECTORY_SCAN_MAX + 1)).toEqual([
      "subscription_id",
    ]);
    expect(filtersDirectoryCannotCount({ tg_user_id: [1] }, true, 700_000)).toEqual([]);
  });

  it("names every filter it does not keep, and then the browser counts", () => {
    const filters = {
      subscription_id: [1],
      lead_status: 1 as const,
      var_name: "plan",
      var_value: "pro",
      read_delivery_id: [5],
      date_subscription_from: "01.03.2026 00:00:00",
      bot_id: 3,
    };
    expect(filtersDirectoryCannotCount(filters, true)).toEqual([
      "lead_status",
      "var_name",
      "var_value",
      "read_delivery_id",
      "date_subscription_from",
      "bot_id",
    ]);
    expect(directoryMayCount(filters)).toBe(false);
    expect(directoryMayCount({ source: ["api"], lead_status: 2 })).toBe(false);
  });

  it("asks nothing for a segment without filters (the channel's total says it)", () => {
    expect(directoryMayCount({})).toBe(false);
    expect(directoryMayCount({ subscription_id: undefined })).toBe(false);
  });
});
