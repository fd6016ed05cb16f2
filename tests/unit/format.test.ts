import { describe, expect, it } from "vitest";
import {
  formatApiDateTimeText,
  formatAxisNumber,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatRelativeTime,
  formatTimeAgo,
  formatSigned,
  formatTimeZone,
} from "../../src/lib/format";
import { plainSpaces } from "../support/i18n";

// Tests compare with plain spaces: ICU versions differ in which no-break space they put between
// thousands and around a range's dash, and the browser's ICU is not Node's.
const plain = plainSpaces;

const MSK = "Europe/Moscow";
// 18 November 2026, 00:42 in Moscow.
const AT = Date.UTC(2026, 10, 17, 21, 42, 7);

describe("numbers", () => {
  it("group thousands as each language does, with a space that never breaks a line in Russian", () => {
    expect(formatNumber(3500, "en")).toBe("3,500");
    expect(plain(formatNumber(3500, "ru"))).toBe("3 500");
    expect(formatNumber(3500, "ru")).toMatch(/^3[\u00a0\u202f]500$/u);
    expect(plain(formatNumber(1_234_567, "ru"))).toBe("1 234 567");
  });

  it("write fractions, percentages and signed changes by the language", () => {
    expect(formatDecimal(1.5, "en")).toBe("1.5");
    expect(formatDecimal(1.5, "ru")).toBe("1,5");
    expect(formatDecimal(2, "ru")).toBe("2");
    expect(formatPercent(0.125, "en")).toBe("12.5%");
    expect(plain(formatPercent(0.125, "ru"))).toBe("12,5 %");
    expect(formatSigned(12, "en")).toBe("+12");
    expect(formatSigned(0, "ru")).toBe("0");
    expect(formatSigned(-3, "en")).toBe("\u22123");
    expect(plain(formatSigned(-1200, "ru"))).toBe("\u22121 200");
  });

  it("write a chart axis's negative numbers with a true minus, never a hyphen", () => {
    expect(formatAxisNumber(-45, "en")).toBe("\u221245");
    expect(plain(formatAxisNumber(-1200, "ru"))).toBe("\u22121 200");
    expect(plain(formatAxisNumber(1200, "ru"))).toBe("1 200");
    expect(formatAxisNumber(0, "ru")).toBe("0");
  });
});

describe("dates", () => {
  it("have one date and one date-time format across the product, in the channel's zone", () => {
    expect(formatDate(AT, MSK, "en")).toBe("18 Nov 2026");
    expect(formatDate(AT, MSK, "ru")).toBe("18 нояб. 2026");
    expect(formatDate(AT, "UTC", "en")).toBe("17 Nov 2026");
    expect(formatDateTime(AT, MSK, "en")).toBe("18 Nov 2026, 00:42");
    expect(formatDateTime(AT, MSK, "ru")).toBe("18 нояб. 2026, 00:42");
  });

  it("drop only the year's mark in Russian, never the end of August's abbreviation", () => {
    const august = Date.UTC(2026, 7, 27, 10, 0);
    expect(formatDate(august, MSK, "ru")).toBe("27 авг. 2026");
    expect(formatDateTime(august, MSK, "ru")).toBe("27 авг. 2026, 13:00");
    expect(formatApiDateTimeText("27.08.2026 13:00:05", MSK, "ru")).toBe("27 авг. 2026, 13:00:05");
  });

  it("read the API's date-times in the zone, and show anything else as it came", () => {
    expect(formatApiDateTimeText("18.11.2026 00:42:07", MSK, "ru")).toBe("18 нояб. 2026, 00:42:07");
    expect(formatApiDateTimeText("not a date", MSK, "ru")).toBe("not a date");
  });

  it("write a period of days as one range, without Russian's year mark", () => {
    const from = Date.UTC(2026, 10, 17, 21);
    const to = Date.UTC(2026, 10, 24, 20, 59, 59);
    expect(formatPeriod(from, to, MSK, "ru")).toBe("18–24 ноября 2026");
    expect(plain(formatPeriod(from, to, MSK, "en"))).toBe("18 – 24 November 2026");
    expect(plain(formatPeriod(Date.UTC(2026, 9, 29, 21), to, MSK, "ru"))).toBe(
      "30 октября – 24 ноября 2026",
    );
    expect(formatPeriod(from, from + 3600_000, MSK, "ru")).toBe("18 ноября 2026");
  });

  it("say how long ago, in words", () => {
    expect(formatRelativeTime(AT - 3 * 60_000, AT, "ru")).toBe("3 минуты назад");
    expect(formatRelativeTime(AT - 3 * 60_000, AT, "en")).toBe("3 minutes ago");
    expect(formatRelativeTime(AT - 86_400_000, AT, "ru")).toBe("вчера");
    expect(formatRelativeTime(AT + 2 * 3_600_000, AT, "en")).toBe("in 2 hours");
  });

  it("say a time gone by as past or now, never ahead, for a server's clock a little ahead", () => {
    expect(formatTimeAgo(AT + 2000, AT, "ru")).toBe("сейчас");
    expect(formatTimeAgo(AT + 2000, AT, "en")).toBe("now");
    expect(formatTimeAgo(AT - 3 * 60_000, AT, "ru")).toBe("3 минуты назад");
    expect(formatTimeAgo(AT - 2000, AT, "en")).toBe("2 seconds ago");
  });
});

describe("time zones", () => {
  const winter = Date.UTC(2026, 0, 15, 12);
  const summer = Date.UTC(2026, 6, 15, 12);

  it("are said as people say them, with the IANA name for a hint", () => {
    expect(formatTimeZone(MSK, winter, "ru")).toEqual({
      label: "МСК (UTC+3)",
      iana: MSK,
      offset: "UTC+3",
    });
    expect(formatTimeZone(MSK, winter, "en").label).toBe("MSK (UTC+3)");
    expect(formatTimeZone("UTC", winter, "ru").label).toBe("UTC");
    expect(formatTimeZone("Etc/UTC", winter, "en").label).toBe("UTC");
  });

  it("name Russia's zones by their distance from Moscow", () => {
    expect(formatTimeZone("Asia/Yekaterinburg", winter, "ru").label).toBe("МСК+2 (UTC+5)");
    expect(formatTimeZone("Europe/Kaliningrad", winter, "ru").label).toBe("МСК\u22121 (UTC+2)");
    expect(formatTimeZone("Asia/Vladivostok", winter, "en").label).toBe("MSK+7 (UTC+10)");
  });

  it("follow summer time where the zone has it, and fall back to the offset", () => {
    expect(formatTimeZone("Europe/Berlin", winter, "ru").label).toBe("CET (UTC+1)");
    expect(formatTimeZone("Europe/Berlin", summer, "en").label).toBe("CEST (UTC+2)");
    expect(formatTimeZone("Asia/Tokyo", winter, "ru").label).toBe("UTC+9");
    expect(formatTimeZone("Asia/Kolkata", winter, "en").label).toBe("UTC+5:30");
    expect(formatTimeZone("America/Sao_Paulo", winter, "en").label).toBe("UTC\u22123");
  });

  it("keep a zone the browser does not know by its name", () => {
    expect(formatTimeZone("Mars/Olympus", winter, "ru")).toEqual({
      label: "Mars/Olympus",
      iana: "Mars/Olympus",
      offset: "",
    });
  });
});
