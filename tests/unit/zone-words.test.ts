import { describe, expect, it } from "vitest";
import { bucketAxisLabel, bucketCaption } from "../../src/components/chart/bucket-words";
import { formatPeriod, formatTimeZone } from "../../src/lib/format";
import { dateHeader, withZone } from "../../src/lib/zone-words";
import { plainSpaces, testI18n } from "../support/i18n";

const MSK = "Europe/Moscow";
// 18 to 24 November 2026 in Moscow, both days whole.
const FROM = Date.UTC(2026, 10, 17, 21);
const TO = Date.UTC(2026, 10, 24, 20, 59, 59);

describe("the one way of naming a zone", () => {
  const en = testI18n("en");
  const ru = testI18n("ru");
  const msk = (locale: "en" | "ru") => formatTimeZone(MSK, FROM, locale).label;

  it("follows what it qualifies after a comma, never in nested brackets", () => {
    expect(dateHeader(msk("ru"), ru)).toBe("Дата, МСК (UTC+3)");
    expect(dateHeader(msk("en"), en)).toBe("Date, MSK (UTC+3)");
    expect(dateHeader("UTC", ru)).toBe("Дата, UTC");
    expect(dateHeader(undefined, ru)).toBe("Дата");
    expect(bucketAxisLabel("day", msk("ru"), ru)).toBe("День, МСК (UTC+3)");
    expect(bucketAxisLabel("week", msk("en"), en)).toBe("Week, MSK (UTC+3)");
    expect(bucketCaption("Новые подписки", "day", msk("ru"), ru)).toBe(
      "Новые подписки по дням, МСК (UTC+3)",
    );
    expect(bucketCaption("Sent and failed messages", "month", "UTC", en)).toBe(
      "Sent and failed messages by month, UTC",
    );
  });

  it("says a period the same way: its days in full, then the zone", () => {
    expect(withZone(formatPeriod(FROM, TO, MSK, "ru"), msk("ru"), ru)).toBe(
      "18–24 ноября 2026, МСК (UTC+3)",
    );
    expect(plainSpaces(withZone(formatPeriod(FROM, TO, MSK, "en"), msk("en"), en))).toBe(
      "18 – 24 November 2026, MSK (UTC+3)",
    );
    // The same instants read in UTC are other days.
    expect(withZone(formatPeriod(FROM, TO, "UTC", "ru"), "UTC", ru)).toBe("17–24 ноября 2026, UTC");
  });
});
