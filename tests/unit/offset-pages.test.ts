import { describe, expect, it } from "vitest";
import { collectOffsetPages, type OffsetPage } from "../../src/lib/offset-pages";

/** A list of `total` numbers served like the name lookups, recording each request. */
function server(total: number, reportedCount = total) {
  const requests: [number, number][] = [];
  const fetchPage = (offset: number, count: number): Promise<OffsetPage<number>> => {
    requests.push([offset, count]);
    const items = Array.from(
      { length: Math.max(0, Math.min(count, total - offset)) },
      (_, i) => offset + i,
    );
    return Promise.resolve({ count: reportedCount, items });
  };
  return { requests, fetchPage };
}

describe("collectOffsetPages", () => {
  it("reads one page when the list fits", async () => {
    const { requests, fetchPage } = server(3);
    expect(await collectOffsetPages(fetchPage)).toEqual([0, 1, 2]);
    expect(requests).toEqual([[0, 100]]);
  });

  it("reads page after page until the count is reached", async () => {
    const { requests, fetchPage } = server(250);
    const items = await collectOffsetPages(fetchPage);
    expect(items).toHaveLength(250);
    expect(items.at(-1)).toBe(249);
    expect(requests).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it("stops at an exact multiple without asking for an empty page", async () => {
    const { requests, fetchPage } = server(200);
    expect(await collectOffsetPages(fetchPage)).toHaveLength(200);
    expect(requests).toHaveLength(2);
  });

  it("stops at a short page even when the count promises more", async () => {
    const { requests, fetchPage } = server(150, 1000);
    expect(await collectOffsetPages(fetchPage)).toHaveLength(150);
    expect(requests).toHaveLength(2);
  });

  it("stops at maxItems", async () => {
    const { requests, fetchPage } = server(1000);
    expect(await collectOffsetPages(fetchPage, { pageSize: 100, maxItems: 250 })).toHaveLength(250);
    expect(requests).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
  });

  it("passes a failure on", async () => {
    await expect(collectOffsetPages(() => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
  });
});
