import { describe, expect, it } from "vitest";
import {
  groupCounts,
  leaderOf,
  rankRows,
  totalsOf,
  type TagCount,
} from "../../src/lib/utm-ranking";

const names = new Map([
  [1, "Black Friday — VK Ads"],
  [2, "Black Friday — Telegram"],
  [3, "Bring a friend — VK Ads"],
  [4, "Black friday - Site banner"],
  [5, "Newsletter"],
]);
const count = (utm_id: number, s: number, u: number): TagCount => ({
  utm_id,
  count_subscribe: s,
  count_unsubscribe: u,
});

// Tag 3 alone has the most events, but Black Friday's tags together bring the most people.
const current = [
  count(1, 40, 30),
  count(2, 30, 2),
  count(3, 60, 12),
  count(4, 20, 1),
  count(9, 4, 4),
];
const previous = [count(1, 100, 10), count(3, 30, 3), count(5, 8, 0)];

describe("groupCounts", () => {
  it("adds tags up by campaign, suggested from names up to case, and keeps both periods", () => {
    const rows = groupCounts({ current, previous, names, labels: new Map() }, "campaign");
    const black = rows.find((row) => row.label === "Black Friday");
    expect(black?.utmIds).toEqual([1, 2, 4]);
    expect(black?.current).toEqual({
      subscribed: 90,
      unsubscribed: 33,
      net: 57,
      unsubscribeRate: 33 / 90,
    });
    expect(black?.previous.subscribed).toBe(100);
    // A tag counted only before has a row of zeros now; a tag without a name stands alone.
    expect(rows.find((row) => row.label === "Newsletter")?.current.subscribed).toBe(0);
    expect(rows.find((row) => row.key === "tag:9")).toMatchObject({
      label: undefined,
      utmIds: [9],
    });
    expect(rows).toHaveLength(4);
  });

  it("follows the labels the gateway keeps over the names", () => {
    const labels = new Map([
      [3, "Black Friday"],
      [2, "Telegram push"],
    ]);
    const rows = groupCounts({ current, previous, names, labels }, "campaign");
    expect(rows.find((row) => row.label === "Black Friday")?.utmIds).toEqual([1, 3, 4]);
    expect(rows.find((row) => row.label === "Telegram push")?.utmIds).toEqual([2]);
  });

  it("lists a named tag with no events in either period, with zeros", () => {
    const withNew = new Map([...names, [6, "Winter sale — VK Ads"]]);
    const rows = groupCounts({ current, previous, names: withNew, labels: new Map() }, "tag");
    expect(rows.find((row) => row.key === "tag:6")?.current).toEqual({
      subscribed: 0,
      unsubscribed: 0,
      net: 0,
      unsubscribeRate: undefined,
    });
  });

  it("gives one row per tag by tag", () => {
    const rows = groupCounts({ current, previous, names, labels: new Map() }, "tag");
    expect(rows.map((row) => row.key).sort()).toEqual([
      "tag:1",
      "tag:2",
      "tag:3",
      "tag:4",
      "tag:5",
      "tag:9",
    ]);
    expect(rows.find((row) => row.key === "tag:3")?.label).toBe("Bring a friend — VK Ads");
  });
});

describe("rankRows and leaderOf", () => {
  const byCampaign = groupCounts({ current, previous, names, labels: new Map() }, "campaign");
  const byTag = groupCounts({ current, previous, names, labels: new Map() }, "tag");

  it("names the campaign that brought the most subscribers, not the busiest tag", () => {
    expect(leaderOf(rankRows(byCampaign, "subscribed"), "subscribed")?.label).toBe("Black Friday");
    expect(leaderOf(rankRows(byTag, "subscribed"), "subscribed")?.label).toBe(
      "Bring a friend — VK Ads",
    );
  });

  it("ranks by net", () => {
    const ranked = rankRows(byTag, "net").map((row) => row.key);
    expect(ranked).toEqual(["tag:3", "tag:2", "tag:4", "tag:1", "tag:9", "tag:5"]);
  });

  it("ranks by unsubscribe rate, highest first, rows nobody subscribed through last", () => {
    const ranked = rankRows(byTag, "rate");
    expect(ranked.map((row) => row.key)).toEqual([
      "tag:9",
      "tag:1",
      "tag:3",
      "tag:2",
      "tag:4",
      "tag:5",
    ]);
    expect(leaderOf(ranked, "rate")?.key).toBe("tag:9");
  });

  it("has no leader when nothing was counted", () => {
    const empty = groupCounts({ current: [], previous: previous, names, labels: new Map() }, "tag");
    expect(leaderOf(rankRows(empty, "subscribed"), "subscribed")).toBeUndefined();
    expect(leaderOf(rankRows(empty, "rate"), "rate")).toBeUndefined();
    expect(leaderOf([], "net")).toBeUndefined();
  });

  it("totals each period", () => {
    expect(totalsOf(byCampaign, "current")).toEqual({
      subscribed: 154,
      unsubscribed: 49,
      net: 105,
      unsubscribeRate: 49 / 154,
    });
    expect(totalsOf(byCampaign, "previous").subscribed).toBe(138);
  });
});
