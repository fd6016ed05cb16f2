import { describe, expect, it } from "vitest";
import { formatApiDateTime, parseApiDateTime } from "../../src/contract/datetime";
import { instantOf } from "../../server/gateway/store/directory-people";

/** Every `step` minutes of wall time from `from` (UTC ms, read as wall time) for `hours`. */
function wallTimes(from: number, hours: number, step: number): string[] {
  const out: string[] = [];
  for (let t = from; t < from + hours * 3_600_000; t += step * 60_000 + 7_000) {
    out.push(formatApiDateTime(t, "UTC"));
  }
  return out;
}

describe("instantOf (the directory's cached date reading)", () => {
  // Transition days: spring forward and fall back in Berlin and New York, Lord Howe's
  // half-hour shift, and Samoa skipping 30.12.2011 altogether.
  const cases: [string, number][] = [
    ["Europe/Berlin", Date.UTC(2025, 2, 29, 22)],
    ["Europe/Berlin", Date.UTC(2025, 9, 25, 22)],
    ["America/New_York", Date.UTC(2025, 2, 9, 0)],
    ["America/New_York", Date.UTC(2025, 10, 2, 0)],
    ["Australia/Lord_Howe", Date.UTC(2025, 9, 5, 0)],
    ["Australia/Lord_Howe", Date.UTC(2025, 3, 6, 0)],
    ["Pacific/Apia", Date.UTC(2011, 11, 29, 0)],
    ["Europe/Moscow", Date.UTC(2014, 9, 25, 22)],
  ];
  for (const [zone, from] of cases) {
    it(`agrees with parseApiDateTime around ${zone} ${new Date(from).toISOString()}`, () => {
      for (const text of wallTimes(from, 30, 7)) {
        expect(instantOf(text, zone), text).toBe(parseApiDateTime(text, zone));
      }
    });
  }

  it("reads unreadable dates as 0 and ISO dates with an offset as written", () => {
    expect(instantOf("", "Europe/Moscow")).toBe(0);
    expect(instantOf("31.02.2025 10:00:00", "Europe/Moscow")).toBe(0);
    expect(instantOf("01.01.2025 10:61:00", "Europe/Moscow")).toBe(0);
    expect(instantOf("2025-01-01T10:00:00+03:00", "UTC")).toBe(Date.UTC(2025, 0, 1, 7));
  });

  it("keeps a minute past the first of an hour apart from a bad one in the same hour", () => {
    expect(instantOf("01.01.2025 10:00:00", "Europe/Moscow")).toBe(Date.UTC(2025, 0, 1, 7));
    expect(instantOf("01.01.2025 10:99:00", "Europe/Moscow")).toBe(0);
  });
});
