import { describe, expect, it } from "vitest";
import { parseApiDateTime } from "../../src/contract/datetime";
import { formatDayRange, recentDays } from "../../src/lib/recent-days";

// 2026-03-15 12:00 UTC is 15:00 in Moscow (UTC+3 all year).
const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

describe("recentDays", () => {
  it("covers whole days in the channel's zone, today included", () => {
    const week = recentDays(7, NOW, "Europe/Moscow");
    expect(week.date_from).toBe("09.03.2026 00:00:00");
    expect(week.date_to).toBe("15.03.2026 23:59:59");
    expect(week.start).toBe(Date.UTC(2026, 2, 8, 21, 0, 0));
    expect(parseApiDateTime(week.date_to, "Europe/Moscow")).toBe(week.end);
  });

  it("counts 30 days back across a month boundary", () => {
    const month = recentDays(30, NOW, "UTC");
    expect(month.date_from).toBe("14.02.2026 00:00:00");
    expect(month.date_to).toBe("15.03.2026 23:59:59");
  });

  it("takes the day from the zone, not from UTC", () => {
    // 22:30 UTC on 15 March is already 16 March in Moscow and still 15 March in New York.
    const late = Date.UTC(2026, 2, 15, 22, 30, 0);
    expect(recentDays(1, late, "Europe/Moscow").date_from).toBe("16.03.2026 00:00:00");
    expect(recentDays(1, late, "America/New_York").date_from).toBe("15.03.2026 00:00:00");
  });

  it("keeps whole days across a daylight-saving change", () => {
    // New York springs forward on 8 March 2026: that day has 23 hours.
    const week = recentDays(7, NOW, "America/New_York");
    expect(week.date_from).toBe("09.03.2026 00:00:00");
    const across = recentDays(10, NOW, "America/New_York");
    expect(across.date_from).toBe("06.03.2026 00:00:00");
    expect(across.end + 1000 - across.start).toBe(10 * 86_400_000 - 3_600_000);
  });

  it("is the same all day long, so a query key built from it is stable", () => {
    const morning = recentDays(7, Date.UTC(2026, 2, 14, 21, 0, 0), "Europe/Moscow");
    const evening = recentDays(7, Date.UTC(2026, 2, 15, 20, 59, 59), "Europe/Moscow");
    expect(morning).toEqual(evening);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses %s days", (days) => {
    expect(() => recentDays(days, NOW, "UTC")).toThrow(RangeError);
  });

  it("refuses an unknown zone", () => {
    expect(() => recentDays(7, NOW, "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("formatDayRange", () => {
  // ICU puts thin spaces around the dash; which ones depends on its version.
  const plain = (text: string) => text.replace(/\s+/gu, " ");

  it("names the first and the last day in the zone", () => {
    expect(plain(formatDayRange(recentDays(7, NOW, "Europe/Moscow")))).toBe("9 – 15 March 2026");
    expect(plain(formatDayRange(recentDays(30, NOW, "UTC")))).toBe("14 February – 15 March 2026");
    expect(plain(formatDayRange(recentDays(7, NOW, "Europe/Moscow"), "ru"))).toBe(
      "9–15 марта 2026",
    );
  });
});
