import { describe, expect, it } from "vitest";
import { OFFSET_MAX } from "../../src/contract/common";
import { EVENT_PAGE_SIZE, eventPageRequest } from "../../src/lib/chart-strategy";
import {
  EVENTS_SHOWN,
  LAST_EVENTS_PAGE,
  endsApiPage,
  eventsPageAt,
  eventsPageCount,
  eventsPageRows,
} from "../../src/features/subscriptions/subscriptions-search";

const rows = (count: number, from = 0) =>
  Array.from({ length: count }, (_v, index) => from + index);

describe("the events table's pages of 25 within the API's pages of 100", () => {
  it("maps each table page to the API page that holds it and its first row there", () => {
    expect(EVENTS_SHOWN).toBe(25);
    expect(eventsPageAt(1)).toEqual({ apiPage: 0, start: 0 });
    expect(eventsPageAt(2)).toEqual({ apiPage: 0, start: 25 });
    expect(eventsPageAt(4)).toEqual({ apiPage: 0, start: 75 });
    expect(eventsPageAt(5)).toEqual({ apiPage: 1, start: 0 });
    expect(eventsPageAt(8)).toEqual({ apiPage: 1, start: 75 });
    expect(eventsPageAt(9)).toEqual({ apiPage: 2, start: 0 });
  });

  it("ends where the API's offset ends: the last table page lies in the last page it can start", () => {
    const last = eventsPageAt(LAST_EVENTS_PAGE);
    const request = eventPageRequest({ from: 0, to: 1 } as never, last.apiPage);
    expect(request.offset).toBeLessThanOrEqual(OFFSET_MAX);
    expect(request.offset + EVENT_PAGE_SIZE).toBeGreaterThan(OFFSET_MAX);
    expect(last.start).toBe(EVENT_PAGE_SIZE - EVENTS_SHOWN);
  });

  it("counts the table's pages from the period's total, at least one", () => {
    expect(eventsPageCount(0)).toBe(1);
    expect(eventsPageCount(1)).toBe(1);
    expect(eventsPageCount(25)).toBe(1);
    expect(eventsPageCount(26)).toBe(2);
    expect(eventsPageCount(1000)).toBe(40);
    // No further than the API's offset reaches.
    expect(eventsPageCount(10_000_000)).toBe(LAST_EVENTS_PAGE);
  });

  it("takes the page's rows out of the API's page", () => {
    const api = rows(100);
    expect(eventsPageRows(1, api).rows).toEqual(rows(25));
    expect(eventsPageRows(3, api).rows).toEqual(rows(25, 50));
    // Page 5 is the first of the next API page: its rows are that page's first 25.
    expect(eventsPageRows(5, rows(100, 100)).rows).toEqual(rows(25, 100));
  });

  it("reads the next API page only at the end of one", () => {
    expect([1, 2, 3, 4, 5, 8].map(endsApiPage)).toEqual([false, false, false, true, false, true]);
  });

  it("offers a next page only when one may follow", () => {
    // Within a full API page, and at its end (the next API page may hold more).
    expect(eventsPageRows(1, rows(100)).more).toBe(true);
    expect(eventsPageRows(4, rows(100)).more).toBe(true);
    // A short API page: more only while it has rows past this table page.
    expect(eventsPageRows(1, rows(60)).more).toBe(true);
    expect(eventsPageRows(2, rows(60)).more).toBe(true);
    expect(eventsPageRows(3, rows(60))).toEqual({ rows: rows(10, 50), more: false });
    expect(eventsPageRows(2, rows(50)).more).toBe(false);
    expect(eventsPageRows(1, rows(3)).more).toBe(false);
    expect(eventsPageRows(1, []).rows).toEqual([]);
    // At the end of a full API page the next one says whether a page follows...
    expect(eventsPageRows(4, rows(100), { nextApiPageRows: 0 }).more).toBe(false);
    expect(eventsPageRows(4, rows(100), { nextApiPageRows: 3 }).more).toBe(true);
    // ...over the period's count, which leaves out other actions and events come since.
    expect(eventsPageRows(4, rows(100), { total: 100, nextApiPageRows: 3 }).more).toBe(true);
    expect(eventsPageRows(4, rows(100), { total: 400, nextApiPageRows: 0 }).more).toBe(false);
    // Until it is read, the count stands in: a period of exactly 100 events has no page 5.
    expect(eventsPageRows(4, rows(100), { total: 100 }).more).toBe(false);
    expect(eventsPageRows(4, rows(100), { total: 101 }).more).toBe(true);
    expect(eventsPageRows(8, rows(100, 100), { total: 200 }).more).toBe(false);
    // Within an API page the rows themselves say so, whatever the count.
    expect(eventsPageRows(3, rows(100), { total: 60 }).more).toBe(true);
    // Never past the furthest page the API reaches.
    expect(eventsPageRows(LAST_EVENTS_PAGE, rows(100)).more).toBe(false);
    expect(eventsPageRows(LAST_EVENTS_PAGE - 1, rows(100)).more).toBe(true);
  });
});
