import { describe, it, expect } from "vitest";
import * as fc from "fast-check";
import {
  API_DATETIME_PATTERN,
  addUnits,
  endOf,
  formatApiDateTime,
  fromWallTime,
  isApiDateTime,
  isApiDateTimeInput,
  isValidTimeZone,
  parseApiDateTime,
  parseWallTime,
  startOf,
  toWallTime,
  type TimeUnit,
} from "../../src/contract/datetime";
import { ODD_ZONES } from "../support/odd-zones";

const ZONES = ["UTC", "Europe/Moscow", "Europe/Berlin"] as const;
type Zone = (typeof ZONES)[number];
const UNITS: readonly TimeUnit[] = ["hour", "day", "week", "month", "year"];
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Month is 1-based, as in the API text. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function parse(text: string, zone: string): number {
  const instant = parseApiDateTime(text, zone);
  if (instant === null) throw new Error(`did not parse: ${JSON.stringify(text)}`);
  return instant;
}

// An oracle independent of the module under test: the offset as Intl names it ("GMT+03:00").
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function oracleOffset(instant: number, zone: string): number {
  let formatter = offsetFormatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? "");
  if (!match) throw new Error(`unexpected offset name ${String(name)}`);
  const size = (Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)) * 60_000;
  return match[1] === "-" ? -size : size;
}

/** The earliest instant showing the same wall time as `instant` (itself unless in an overlap). */
function earliestSameWall(instant: number, zone: string): number {
  const local = instant + oracleOffset(instant, zone);
  const candidates = [instant - DAY, instant, instant + DAY]
    .map((probe) => local - oracleOffset(probe, zone))
    .filter((candidate) => candidate + oracleOffset(candidate, zone) === local);
  return Math.min(...candidates);
}

/**
 * Clock changes of a zone in a span, to the second. Uniform instants almost never land in an
 * overlap (one hour a year), so the properties also draw instants around these.
 */
function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  const step = 7 * DAY;
  let before = oracleOffset(from, zone);
  for (let t = from + step; t <= to; t += step) {
    const after = oracleOffset(t, zone);
    if (after !== before) {
      let lo = t - step;
      let hi = t;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (oracleOffset(mid, zone) === before) lo = mid;
        else hi = mid;
      }
      found.push(hi);
    }
    before = after;
  }
  return found;
}

const MIN_INSTANT = utc(1970, 1, 1);
const MAX_INSTANT = utc(2100, 12, 31, 23, 59, 59);
const TRANSITIONS: Record<Zone, number[]> = {
  UTC: [],
  "Europe/Moscow": transitions("Europe/Moscow", MIN_INSTANT, MAX_INSTANT),
  "Europe/Berlin": transitions("Europe/Berlin", MIN_INSTANT, MAX_INSTANT),
};

const anyInstant = fc
  .integer({ min: MIN_INSTANT / 1000, max: MAX_INSTANT / 1000 })
  .map((seconds) => seconds * 1000);

function instantIn(zone: Zone): fc.Arbitrary<number> {
  const changes = TRANSITIONS[zone];
  if (changes.length === 0) return anyInstant;
  const nearChange = fc
    .constantFrom(...changes)
    .chain((change) =>
      fc.integer({ min: -3 * 3600, max: 3 * 3600 }).map((seconds) => change + seconds * 1000),
    );
  return fc.oneof(anyInstant, nearChange);
}

const zonedInstant = fc
  .constantFrom(...ZONES)
  .chain((zone) => instantIn(zone).map((instant) => ({ zone, instant })));

const RUNS = 2000;

describe("the date-time codec", () => {
  describe("examples", () => {
    it("formats and parses UTC", () => {
      const t = utc(2024, 1, 15, 12, 34, 56);
      expect(formatApiDateTime(t, "UTC")).toBe("15.01.2024 12:34:56");
      expect(formatApiDateTime(new Date(t), "UTC")).toBe("15.01.2024 12:34:56");
      expect(parseApiDateTime("15.01.2024 12:34:56", "UTC")).toBe(t);
      expect(formatApiDateTime(utc(1970, 1, 1), "UTC")).toBe("01.01.1970 00:00:00");
      expect(formatApiDateTime(utc(2100, 12, 31, 23, 59, 59), "UTC")).toBe("31.12.2100 23:59:59");
    });

    it("drops milliseconds by flooring, before 1970 too", () => {
      expect(formatApiDateTime(utc(2024, 1, 15, 12, 34, 56) + 999, "UTC")).toBe(
        "15.01.2024 12:34:56",
      );
      expect(formatApiDateTime(-1, "UTC")).toBe("31.12.1969 23:59:59");
    });

    it("follows Moscow's offsets: +3 now, DST 1981–2010, +4 in 2011–2014", () => {
      const zone = "Europe/Moscow";
      expect(parse("01.07.2024 12:00:00", zone)).toBe(utc(2024, 7, 1, 9));
      expect(parse("15.01.2024 12:00:00", zone)).toBe(utc(2024, 1, 15, 9));
      expect(parse("01.07.2009 12:00:00", zone)).toBe(utc(2009, 7, 1, 8));
      expect(parse("15.01.2009 12:00:00", zone)).toBe(utc(2009, 1, 15, 9));
      expect(parse("01.07.1985 12:00:00", zone)).toBe(utc(1985, 7, 1, 8));
      expect(parse("15.01.1985 12:00:00", zone)).toBe(utc(1985, 1, 15, 9));
      expect(parse("15.01.2013 12:00:00", zone)).toBe(utc(2013, 1, 15, 8));
      expect(parse("01.07.2013 12:00:00", zone)).toBe(utc(2013, 7, 1, 8));
      expect(formatApiDateTime(utc(2024, 7, 1, 9), zone)).toBe("01.07.2024 12:00:00");
    });

    it("moves a Moscow wall time in the 2011 gap forward and takes the earlier of the 2014 pair", () => {
      const zone = "Europe/Moscow";
      // 27.03.2011 02:00 (+3) became 03:00 (+4) for good.
      expect(parse("27.03.2011 02:30:00", zone)).toBe(utc(2011, 3, 26, 23, 30));
      expect(formatApiDateTime(parse("27.03.2011 02:30:00", zone), zone)).toBe(
        "27.03.2011 03:30:00",
      );
      // 26.10.2014 02:00 (+4) went back to 01:00 (+3): 01:30 happened twice.
      expect(parse("26.10.2014 01:30:00", zone)).toBe(utc(2014, 10, 25, 21, 30));
      expect(formatApiDateTime(utc(2014, 10, 25, 22, 30), zone)).toBe("26.10.2014 01:30:00");
    });

    it("handles Berlin's spring-forward gap (last Sunday of March)", () => {
      const zone = "Europe/Berlin";
      expect(parse("31.03.2024 01:59:59", zone)).toBe(utc(2024, 3, 31, 0, 59, 59));
      expect(parse("31.03.2024 03:00:00", zone)).toBe(utc(2024, 3, 31, 1));
      // 02:00..02:59:59 does not exist; it moves forward by the gap's hour.
      expect(parse("31.03.2024 02:00:00", zone)).toBe(utc(2024, 3, 31, 1));
      expect(parse("31.03.2024 02:30:00", zone)).toBe(utc(2024, 3, 31, 1, 30));
      expect(formatApiDateTime(utc(2024, 3, 31, 1, 30), zone)).toBe("31.03.2024 03:30:00");
      expect(
        fromWallTime({ year: 2024, month: 3, day: 31, hour: 2, minute: 59, second: 59 }, zone),
      ).toBe(utc(2024, 3, 31, 1, 59, 59));
    });

    it("handles Berlin's fall-back overlap (last Sunday of October) with the earlier instant", () => {
      const zone = "Europe/Berlin";
      const first = utc(2024, 10, 27, 0, 30); // 02:30 CEST
      const second = utc(2024, 10, 27, 1, 30); // 02:30 CET
      expect(formatApiDateTime(first, zone)).toBe("27.10.2024 02:30:00");
      expect(formatApiDateTime(second, zone)).toBe("27.10.2024 02:30:00");
      expect(parse("27.10.2024 02:30:00", zone)).toBe(first);
      expect(parse("27.10.2024 01:59:59", zone)).toBe(utc(2024, 10, 26, 23, 59, 59));
      expect(parse("27.10.2024 03:00:00", zone)).toBe(utc(2024, 10, 27, 2));
    });

    it("gives DST days their real length and keeps hour buckets contiguous", () => {
      const zone = "Europe/Berlin";
      const spring = utc(2024, 3, 31, 10);
      const autumn = utc(2024, 10, 27, 10);
      expect(endOf("day", spring, zone) - startOf("day", spring, zone)).toBe(23 * HOUR - 1000);
      expect(endOf("day", autumn, zone) - startOf("day", autumn, zone)).toBe(25 * HOUR - 1000);
      // The repeated 02:00 hour carries one label, so it is one two-hour period.
      const repeated = utc(2024, 10, 27, 1, 30);
      expect(startOf("hour", repeated, zone)).toBe(utc(2024, 10, 27, 0));
      expect(endOf("hour", repeated, zone)).toBe(utc(2024, 10, 27, 1, 59, 59));
      expect(addUnits("hour", 1, utc(2024, 10, 27, 0), zone)).toBe(utc(2024, 10, 27, 2));
    });

    it("starts a day at its first instant when midnight was skipped", () => {
      // Brazil, Lebanon and the USSR of 1981–1983 moved clocks from 00:00 to 01:00.
      const saoPaulo = startOf("day", utc(2018, 11, 4, 15), "America/Sao_Paulo");
      expect(saoPaulo).toBe(utc(2018, 11, 4, 3));
      expect(formatApiDateTime(saoPaulo, "America/Sao_Paulo")).toBe("04.11.2018 01:00:00");
      expect(endOf("day", utc(2018, 11, 3, 15), "America/Sao_Paulo")).toBe(saoPaulo - 1000);
      const moscow = startOf("month", utc(1981, 4, 15), "Europe/Moscow");
      expect(formatApiDateTime(moscow, "Europe/Moscow")).toBe("01.04.1981 01:00:00");
      const beirut = startOf("day", utc(2024, 3, 31, 12), "Asia/Beirut");
      expect(formatApiDateTime(beirut, "Asia/Beirut")).toBe("31.03.2024 01:00:00");
      // Toronto's 1919 gap ran from 23:30 to 00:30: the day began at 00:30, not at 01:00
      // where the skipped midnight itself maps.
      const toronto = startOf("day", utc(1919, 3, 31, 17), "America/Toronto");
      expect(formatApiDateTime(toronto, "America/Toronto")).toBe("31.03.1919 00:30:00");
      expect(
        formatApiDateTime(parse("31.03.1919 00:00:00", "America/Toronto"), "America/Toronto"),
      ).toBe("31.03.1919 01:00:00");
    });

    it("keeps periods contiguous where clocks fell back across midnight", () => {
      // Goose Bay fell back from 00:01 to 23:01 of the day before.
      const zone = "America/Goose_Bay";
      const t = utc(1988, 10, 30, 3, 10, 9);
      expect(startOf("day", t, zone)).toBeLessThanOrEqual(t);
      expect(endOf("day", t, zone)).toBeGreaterThanOrEqual(t);
    });

    it("starts weeks on Monday", () => {
      const zone = "Europe/Moscow";
      const monday = parse("15.01.2024 00:00:00", zone);
      expect(startOf("week", parse("17.01.2024 13:14:15", zone), zone)).toBe(monday);
      expect(startOf("week", parse("21.01.2024 23:59:59", zone), zone)).toBe(monday);
      expect(startOf("week", monday, zone)).toBe(monday);
      expect(formatApiDateTime(endOf("week", monday, zone), zone)).toBe("21.01.2024 23:59:59");
      expect(
        formatApiDateTime(startOf("week", parse("01.01.2025 12:00:00", zone), zone), zone),
      ).toBe("30.12.2024 00:00:00");
      expect(toWallTime(monday, zone).weekday).toBe(1);
      expect(toWallTime(parse("21.01.2024 12:00:00", zone), zone).weekday).toBe(7);
    });

    it("ends periods one second before the next starts, month ends and leap years included", () => {
      const zone = "UTC";
      const end = (unit: TimeUnit, text: string) =>
        formatApiDateTime(endOf(unit, parse(text, zone), zone), zone);
      expect(end("month", "10.02.2024 12:00:00")).toBe("29.02.2024 23:59:59");
      expect(end("month", "10.02.2023 12:00:00")).toBe("28.02.2023 23:59:59");
      expect(end("month", "10.02.2000 12:00:00")).toBe("29.02.2000 23:59:59");
      expect(end("month", "10.02.2100 12:00:00")).toBe("28.02.2100 23:59:59");
      expect(end("month", "30.04.2024 23:59:59")).toBe("30.04.2024 23:59:59");
      expect(end("month", "01.12.2024 00:00:00")).toBe("31.12.2024 23:59:59");
      expect(end("year", "01.07.2024 00:00:00")).toBe("31.12.2024 23:59:59");
      expect(end("day", "31.12.2024 05:00:00")).toBe("31.12.2024 23:59:59");
      expect(end("hour", "31.12.2024 05:06:07")).toBe("31.12.2024 05:59:59");
      expect(
        formatApiDateTime(startOf("year", parse("31.12.2024 23:59:59", zone), zone), zone),
      ).toBe("01.01.2024 00:00:00");
      // Kolkata is +05:30: hours start at :00 of its wall clock.
      expect(startOf("hour", utc(2024, 1, 1, 5, 15), "Asia/Kolkata")).toBe(utc(2024, 1, 1, 4, 30));
    });

    it("adds months and years on the calendar, clamping the day", () => {
      const zone = "Europe/Moscow";
      const add = (unit: TimeUnit, n: number, text: string) =>
        formatApiDateTime(addUnits(unit, n, parse(text, zone), zone), zone);
      expect(add("month", 1, "31.01.2024 10:00:00")).toBe("29.02.2024 10:00:00");
      expect(add("month", 1, "31.01.2023 10:00:00")).toBe("28.02.2023 10:00:00");
      expect(add("month", -1, "31.03.2024 10:00:00")).toBe("29.02.2024 10:00:00");
      expect(add("month", 13, "31.01.2024 10:00:00")).toBe("28.02.2025 10:00:00");
      expect(add("month", -12, "15.06.2024 10:00:00")).toBe("15.06.2023 10:00:00");
      expect(add("year", 1, "29.02.2024 10:00:00")).toBe("28.02.2025 10:00:00");
      expect(add("year", 4, "29.02.2024 10:00:00")).toBe("29.02.2028 10:00:00");
      expect(add("year", 76, "29.02.2024 10:00:00")).toBe("28.02.2100 10:00:00");
      expect(add("week", -1, "03.01.2024 10:00:00")).toBe("27.12.2023 10:00:00");
      expect(add("day", 1, "31.12.2024 23:59:59")).toBe("01.01.2025 23:59:59");
      expect(add("hour", 2, "31.12.2024 23:30:00")).toBe("01.01.2025 01:30:00");
      expect(add("day", 0, "31.12.2024 23:30:00")).toBe("31.12.2024 23:30:00");
      expect(() => addUnits("day", 1.5, 0, zone)).toThrow(RangeError);
    });

    it("adds calendar days across a DST change, not 24 hours", () => {
      const zone = "Europe/Berlin";
      const before = parse("30.03.2024 12:00:00", zone);
      expect(addUnits("day", 1, before, zone) - before).toBe(23 * HOUR);
      expect(formatApiDateTime(addUnits("day", 1, before, zone), zone)).toBe("31.03.2024 12:00:00");
      const autumn = parse("26.10.2024 12:00:00", zone);
      expect(addUnits("day", 1, autumn, zone) - autumn).toBe(25 * HOUR);
      // Milliseconds ride along untouched.
      expect(addUnits("day", 1, before + 250, zone)).toBe(before + 23 * HOUR + 250);
    });

    it("converts wall times both ways", () => {
      const zone = "Europe/Moscow";
      const wall = { year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 };
      const t = fromWallTime(wall, zone);
      expect(t).toBe(utc(2024, 2, 29, 20, 59, 59));
      expect(toWallTime(t, zone)).toEqual({ ...wall, weekday: 4 });
      expect(toWallTime(new Date(t), "UTC")).toEqual({ ...wall, hour: 20, weekday: 4 });
    });

    it("parses the lenient request forms", () => {
      const zone = "Europe/Moscow";
      const t = utc(2018, 11, 6, 7, 5, 9);
      expect(parse("06.11.2018 10:05:09", zone)).toBe(t);
      expect(parse("6.11.2018 10:5:9", zone)).toBe(t);
      expect(parse("  6.11.2018 10:05:09\n", zone)).toBe(t);
      expect(parse("06.11.2018", zone)).toBe(utc(2018, 11, 5, 21));
      expect(parse("2018-11-06T10:05:09", zone)).toBe(t);
      expect(parse("2018-11-06", zone)).toBe(utc(2018, 11, 5, 21));
      expect(parse("2018-11-26T10:00:00.000Z", zone)).toBe(utc(2018, 11, 26, 10));
      expect(parse("2018-11-26T10:00:00.999Z", zone)).toBe(utc(2018, 11, 26, 10));
      expect(parse("2018-11-26T13:00:00+03:00", "UTC")).toBe(utc(2018, 11, 26, 10));
      expect(parse("2018-11-26T05:30:00-0430", "UTC")).toBe(utc(2018, 11, 26, 10));
      expect(parseWallTime("2018-11-26T10:00:00Z")).toEqual({ instant: utc(2018, 11, 26, 10) });
      expect(parseWallTime("1.2.2018")).toEqual({
        year: 2018,
        month: 2,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
      });
    });

    it("tells the strict response form from the lenient request forms", () => {
      expect(API_DATETIME_PATTERN.test("01.02.2024 03:04:05")).toBe(true);
      expect(isApiDateTime("01.02.2024 03:04:05")).toBe(true);
      expect(isApiDateTime("29.02.2024 23:59:59")).toBe(true);
      for (const lenient of [
        "1.02.2024 03:04:05",
        "01.02.2024 3:04:05",
        "01.02.2024",
        "2024-02-01T03:04:05Z",
        " 01.02.2024 03:04:05",
      ]) {
        expect(isApiDateTime(lenient), lenient).toBe(false);
        expect(isApiDateTimeInput(lenient), lenient).toBe(true);
      }
      // Matches the pattern but is no date.
      expect(API_DATETIME_PATTERN.test("31.02.2024 00:00:00")).toBe(true);
      expect(isApiDateTime("31.02.2024 00:00:00")).toBe(false);
    });

    it("rejects malformed text and impossible dates", () => {
      for (const text of [
        "",
        "   ",
        "abc",
        "31.02.2024 00:00:00",
        "29.02.2023 00:00:00",
        "29.02.2100",
        "31.04.2024",
        "00.01.2024 00:00:00",
        "01.00.2024 00:00:00",
        "01.13.2024 00:00:00",
        "01.01.2024 24:00:00",
        "01.01.2024 23:60:00",
        "01.01.2024 23:59:60",
        "01.01.0999 00:00:00",
        "01.01.10000 00:00:00",
        "1.1.24 1:2:3",
        "001.01.2024 00:00:00",
        "01.01.2024 000:00:00",
        "01.01.2024 10:00",
        "01.01.2024 10",
        "01.01.2024T10:00:00",
        "01.01.2024  10:00:00",
        "01/01/2024 10:00:00",
        "01-01-2024",
        "2024-1-01",
        "2024-13-01",
        "2024-02-30T00:00:00Z",
        "2024-01-01T24:00:00",
        "2024-01-01T10:00:00+24:00",
        "2024-01-01T10:00:00+03:60",
        "2024-01-01Z",
        "0999-12-31T00:00:00Z",
        "1 января 2024",
        "１.１.２０２４",
      ]) {
        expect(parseWallTime(text), text).toBeNull();
        expect(isApiDateTimeInput(text), text).toBe(false);
        expect(isApiDateTime(text), text).toBe(false);
        expect(parseApiDateTime(text, "UTC"), text).toBeNull();
      }
    });

    it("rejects unknown time zones with a RangeError", () => {
      expect(isValidTimeZone("Europe/Moscow")).toBe(true);
      expect(isValidTimeZone("UTC")).toBe(true);
      expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
      expect(isValidTimeZone("")).toBe(false);
      const bad = "Mars/Olympus_Mons";
      const wall = { year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
      expect(() => formatApiDateTime(0, bad)).toThrow(RangeError);
      expect(() => formatApiDateTime(0, bad)).toThrow(/Mars\/Olympus_Mons/);
      expect(() => formatApiDateTime(0, "")).toThrow(RangeError);
      expect(() => toWallTime(0, bad)).toThrow(RangeError);
      expect(() => fromWallTime(wall, bad)).toThrow(RangeError);
      expect(() => parseApiDateTime("01.01.2024 00:00:00", bad)).toThrow(RangeError);
      expect(() => startOf("day", 0, bad)).toThrow(RangeError);
      expect(() => endOf("day", 0, bad)).toThrow(RangeError);
      expect(() => addUnits("day", 1, 0, bad)).toThrow(RangeError);
    });

    it("rejects instants it cannot write", () => {
      expect(() => formatApiDateTime(Number.NaN, "UTC")).toThrow(RangeError);
      expect(() => formatApiDateTime(new Date("nonsense"), "UTC")).toThrow(RangeError);
      expect(() => formatApiDateTime(utc(10000, 1, 1), "UTC")).toThrow(RangeError);
    });
  });

  describe("properties (1970–2100; UTC, Moscow, Berlin)", () => {
    it("writes back exactly the text it read", () => {
      fc.assert(
        fc.property(zonedInstant, ({ zone, instant }) => {
          const text = formatApiDateTime(instant, zone);
          expect(text).toMatch(API_DATETIME_PATTERN);
          expect(isApiDateTime(text)).toBe(true);
          expect(formatApiDateTime(parse(text, zone), zone)).toBe(text);
        }),
        { numRuns: RUNS },
      );
    });

    it("reads every instant back, the earlier one where a wall time occurs twice", () => {
      let overlaps = 0;
      fc.assert(
        fc.property(zonedInstant, ({ zone, instant }) => {
          const expected = earliestSameWall(instant, zone);
          if (expected !== instant) overlaps += 1;
          expect(parse(formatApiDateTime(instant, zone), zone)).toBe(expected);
        }),
        { numRuns: RUNS },
      );
      // The property is only as good as its share of instants that fall in an overlap.
      expect(overlaps).toBeGreaterThan(0);
    });

    it("reads every lenient form as its padded form", () => {
      const unpadded = fc.record({
        day: fc.boolean(),
        month: fc.boolean(),
        hour: fc.boolean(),
        minute: fc.boolean(),
        second: fc.boolean(),
      });
      const space = fc.constantFrom("", " ", "  ", "\t", "\n", " \r\n\t");
      fc.assert(
        fc.property(
          zonedInstant,
          unpadded,
          space,
          space,
          ({ zone, instant }, strip, lead, tail) => {
            const text = formatApiDateTime(instant, zone);
            const expected = parse(text, zone);
            const [date = "", time = ""] = text.split(" ");
            const [dd = "", mm = "", yyyy = ""] = date.split(".");
            const [hh = "", mi = "", ss = ""] = time.split(":");
            const cut = (field: string, yes: boolean) => (yes ? String(Number(field)) : field);
            const lenient =
              `${cut(dd, strip.day)}.${cut(mm, strip.month)}.${yyyy} ` +
              `${cut(hh, strip.hour)}:${cut(mi, strip.minute)}:${cut(ss, strip.second)}`;
            expect(parse(lead + lenient + tail, zone)).toBe(expected);

            const midnight = parse(`${date} 00:00:00`, zone);
            expect(parse(lead + date + tail, zone)).toBe(midnight);
            expect(parse(`${cut(dd, strip.day)}.${cut(mm, strip.month)}.${yyyy}`, zone)).toBe(
              midnight,
            );

            const isoDate = `${yyyy}-${mm}-${dd}`;
            expect(parse(`${isoDate}T${time}`, zone)).toBe(expected);
            expect(parse(`${lead}${isoDate}T${time}.${ss}7${tail}`, zone)).toBe(expected);
            expect(parse(isoDate, zone)).toBe(midnight);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it("reads ISO text with an offset as that instant, whatever the zone", () => {
      const offsetMinutes = fc.integer({ min: -56, max: 56 }).map((quarters) => quarters * 15);
      fc.assert(
        fc.property(
          zonedInstant,
          fc.integer({ min: 0, max: 999 }),
          offsetMinutes,
          ({ zone, instant }, ms, offset) => {
            expect(parse(new Date(instant + ms).toISOString(), zone)).toBe(instant);
            const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
            const size = Math.abs(offset);
            const sign = offset < 0 ? "-" : "+";
            const suffix = `${sign}${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
            expect(parse(wall + suffix, zone)).toBe(instant);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it("tiles time into periods that start where their label says", () => {
      fc.assert(
        fc.property(zonedInstant, fc.constantFrom(...UNITS), ({ zone, instant }, unit) => {
          const start = startOf(unit, instant, zone);
          const end = endOf(unit, instant, zone);
          expect(start).toBeLessThanOrEqual(instant);
          expect(end).toBeGreaterThanOrEqual(instant);
          expect(startOf(unit, start, zone)).toBe(start);
          expect(startOf(unit, end, zone)).toBe(start);
          expect(startOf(unit, end + 1000, zone)).toBe(end + 1000);
          expect(startOf(unit, addUnits(unit, 1, start, zone), zone)).toBe(end + 1000);
          const wall = toWallTime(start, zone);
          expect([wall.minute, wall.second]).toEqual([0, 0]);
          // Moscow 1981–1983 sprang forward at midnight: those periods begin at the change.
          const skipped = oracleOffset(start, zone) > oracleOffset(start - 1000, zone);
          if (unit !== "hour" && !skipped) expect(wall.hour).toBe(0);
          if (unit === "week") expect(wall.weekday).toBe(1);
          if (unit === "month" || unit === "year") expect(wall.day).toBe(1);
          if (unit === "year") expect(wall.month).toBe(1);
        }),
        { numRuns: RUNS },
      );
    });
  });
});

describe("formatting many instants (the offset cache)", () => {
  const referenceFormats = new Map<string, Intl.DateTimeFormat>();
  const referenceFormat = (timeZone: string) => {
    let format = referenceFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-GB", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
      referenceFormats.set(timeZone, format);
    }
    return format;
  };
  const reference = (instant: number, timeZone: string) => {
    const parts = Object.fromEntries(
      referenceFormat(timeZone)
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    ) as Record<string, string>;
    return `${parts.day ?? ""}.${parts.month ?? ""}.${(parts.year ?? "").padStart(4, "0")} ${
      parts.hour ?? ""
    }:${parts.minute ?? ""}:${parts.second ?? ""}`;
  };
  const zones = ["Europe/Moscow", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "UTC"];

  it("agrees with Intl at every second around clock changes", () => {
    // 2026-03-29 01:00 UTC (Berlin springs forward) and 2026-10-25 01:00 UTC (falls back).
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let t = change - 3600_000; t <= change + 3600_000; t += 1000) {
        expect(formatApiDateTime(t, "Europe/Berlin")).toBe(reference(t, "Europe/Berlin"));
      }
    }
  });

  it("agrees with Intl through years of zones whose clocks change often or oddly", () => {
    // Every 37 minutes of 2011–2012 (so each hour of the day is met), and every 7 seconds of
    // the hour before each change found.
    for (const zone of ODD_ZONES) {
      let before = "";
      for (let t = Date.UTC(2011, 0, 1); t < Date.UTC(2013, 0, 1); t += 37 * 60_000) {
        const shown = formatApiDateTime(t, zone);
        expect(shown).toBe(reference(t, zone));
        const hour = shown.slice(11, 13);
        if (before !== "" && hour !== before && Number(hour) !== (Number(before) + 1) % 24) {
          for (let s = t - 3600_000; s <= t; s += 7000) {
            expect(formatApiDateTime(s, zone)).toBe(reference(s, zone));
          }
        }
        before = hour;
      }
    }
  }, 60_000);

  it("agrees with Intl for random instants and zones", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (instant, zone) => formatApiDateTime(instant, zone) === reference(instant, zone),
      ),
      { numRuns: 5000 },
    );
  });
});
