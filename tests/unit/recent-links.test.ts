import { describe, expect, it } from "vitest";
import {
  addRecentLink,
  loadRecentLinks,
  MAX_RECENT_LINKS,
  mergeRecentLinks,
  parseRecentLinks,
  recentLinksKey,
  saveRecentLinks,
  type LinkStorage,
  type RecentLink,
} from "../../src/lib/recent-links";

const entry = (n: number): RecentLink => ({
  link: `https://t.me/bot?start=s1_u${String(n)}`,
  utmId: n,
  tagName: `Tag ${String(n)}`,
  subscriptionId: 1,
  subscriptionName: "News",
  force: n % 2 === 0,
  at: 1_700_000_000_000 + n,
});

function memoryStorage(): LinkStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

describe("recent links", () => {
  it("keeps the newest first, moves a link made again to the top and keeps at most the bound", () => {
    let list: RecentLink[] = [];
    for (let n = 1; n <= MAX_RECENT_LINKS + 3; n++) list = addRecentLink(list, entry(n));
    expect(list).toHaveLength(MAX_RECENT_LINKS);
    expect(list[0]?.utmId).toBe(MAX_RECENT_LINKS + 3);
    const again = addRecentLink(list, { ...entry(10), at: 1 });
    expect(again).toHaveLength(MAX_RECENT_LINKS);
    expect(again[0]).toEqual({ ...entry(10), at: 1 });
    expect(again.filter((item) => item.link === entry(10).link)).toHaveLength(1);
  });

  it("reads broken or foreign storage as empty, skipping items that do not parse", () => {
    expect(parseRecentLinks(null)).toEqual([]);
    expect(parseRecentLinks("{not json")).toEqual([]);
    expect(parseRecentLinks('{"link":"x"}')).toEqual([]);
    expect(parseRecentLinks(JSON.stringify([entry(1), { link: 5 }, entry(2)]))).toEqual([
      entry(1),
      entry(2),
    ]);
  });

  it("stores per channel and clears by removing the key", () => {
    const storage = memoryStorage();
    expect(saveRecentLinks(storage, 1001, [entry(1)])).toBe(true);
    expect(saveRecentLinks(storage, 1002, [entry(2)])).toBe(true);
    expect(loadRecentLinks(storage, 1001)).toEqual([entry(1)]);
    expect(loadRecentLinks(storage, 1002)).toEqual([entry(2)]);
    saveRecentLinks(storage, 1001, []);
    expect(storage.data.has(recentLinksKey(1001))).toBe(false);
    expect(loadRecentLinks(storage, 1002)).toEqual([entry(2)]);
  });

  it("survives storage that throws or is missing", () => {
    const throwing: LinkStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadRecentLinks(throwing, 1001)).toEqual([]);
    expect(saveRecentLinks(throwing, 1001, [entry(1)])).toBe(false);
    expect(saveRecentLinks(undefined, 1001, [entry(1)])).toBe(false);
  });

  it("drops an item whose time no date can show, so that formatting it cannot throw", () => {
    const late = { ...entry(1), at: 8.64e15 + 1 };
    const last = { ...entry(2), at: 8.64e15 };
    expect(parseRecentLinks(JSON.stringify([late, last, { ...entry(3), at: -1 }]))).toEqual([last]);
  });

  it("merges two lists newest first, a link in both once, as made last, at most the bound", () => {
    const mine = [entry(5), entry(3)];
    const stored = [{ ...entry(3), at: entry(4).at }, entry(2)];
    expect(mergeRecentLinks(mine, stored)).toEqual([
      entry(5),
      { ...entry(3), at: entry(4).at },
      entry(2),
    ]);
    const many = Array.from({ length: MAX_RECENT_LINKS }, (_, n) => entry(n + 20));
    expect(mergeRecentLinks(many, [entry(1)])).toHaveLength(MAX_RECENT_LINKS);
    expect(mergeRecentLinks(many, [entry(1)])).not.toContainEqual(entry(1));
  });
});
