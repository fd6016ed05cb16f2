import { describe, expect, it } from "vitest";
import { wantedLookups } from "../../src/features/subscribers/segment/wanted-lookups";

describe("the segment builder's lists asked for", () => {
  it("asks for no mailings and no bots on a list without filters", () => {
    expect(wantedLookups({}, false)).toEqual({ deliveries: false, bots: false });
  });

  it("asks for every list once a filter is about to be added", () => {
    expect(wantedLookups({}, true)).toEqual({ deliveries: true, bots: true });
  });

  it("asks for a list a chip names, and only that one", () => {
    for (const key of [
      "delivery_id",
      "ignore_delivery_id",
      "error_delivery_id",
      "read_delivery_id",
      "ignore_read_delivery_id",
      "away_delivery_id",
      "ignore_away_delivery_id",
    ] as const) {
      expect(wantedLookups({ [key]: [7] }, false), key).toEqual({ deliveries: true, bots: false });
    }
    expect(wantedLookups({ bot_id: 3 }, false)).toEqual({ deliveries: false, bots: true });
    expect(wantedLookups({ ignore_bot_id: 3 }, false)).toEqual({ deliveries: false, bots: true });
  });

  it("asks for nothing for filters that name neither a mailing nor a bot", () => {
    expect(
      wantedLookups(
        { subscription_id: [5], lead_status: 1, var_name: "plan", delivery_id: [] },
        false,
      ),
    ).toEqual({ deliveries: false, bots: false });
  });
});
