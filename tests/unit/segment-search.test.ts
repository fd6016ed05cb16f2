import { describe, expect, it } from "vitest";
import { VARIABLE_NAME_MAX, VARIABLE_VALUE_MAX } from "../../src/contract/common";
import { type SegmentFilters, segmentFilters } from "../../src/contract/subscriber-filters";
import {
  apiToDay,
  hasFilters,
  readSegment,
  SEGMENT_IDS_MAX,
  unreadSegmentKeys,
  VARIABLE_NAME_MAX as URL_NAME_MAX,
  VARIABLE_VALUE_MAX as URL_VALUE_MAX,
  writeSegment,
} from "../../src/features/subscribers/segment/segment-search";

const ZONE = "Europe/Moscow";
const read = (query: string) => readSegment(new URLSearchParams(query));
const write = (filters: SegmentFilters, query = "") =>
  writeSegment(new URLSearchParams(query), filters, ZONE).toString();

/** Every filter at once, dates on whole days, as the page makes them. */
const EVERY: SegmentFilters = {
  tg_user_id: [11, 12],
  vk_user_id: [13],
  subscription_id: [1, 2],
  ignore_subscription_id: [3],
  delivery_id: [4],
  ignore_delivery_id: [5],
  error_delivery_id: [6],
  read_delivery_id: [7],
  ignore_read_delivery_id: [8, 9],
  away_delivery_id: [10],
  ignore_away_delivery_id: [14],
  source: ["hand", "api"],
  date_subscription_from: "01.10.2026 00:00:00",
  date_subscription_to: "31.10.2026 23:59:59",
  date_first_from: "01.01.2026 00:00:00",
  date_delivery_to: "15.11.2026 23:59:59",
  date_first_delivery_from: "02.11.2026 00:00:00",
  date_first_delivery_to: "02.11.2026 23:59:59",
  date_last_delivery_to: "01.09.2026 23:59:59",
  date_away_from: "10.11.2026 00:00:00",
  bot_id: 3,
  step_id: ["s1", "s2"],
  ignore_bot_id: 4,
  ignore_step_id: ["s0"],
  lead_status: 2,
  var_name: "plan",
  var_value: "pro",
};

describe("the segment in the subscribers page's URL", () => {
  it("is empty without filters, and keeps the list's own keys", () => {
    expect(read("size=50&source=api&from=abc")).toEqual({});
    expect(hasFilters(read(""))).toBe(false);
    expect(write({}, "size=50&source=api")).toBe("size=50&source=api");
  });

  it("round-trips every filter", () => {
    const query = write(EVERY, "size=50");
    expect(query).toContain("size=50");
    expect(query).toContain("date_subscription=2026-10-01..2026-10-31");
    expect(query).toContain("date_first=2026-01-01..");
    expect(query).toContain("date_delivery=..2026-11-15");
    expect(query).toContain("via=hand&via=api");
    expect(query).toContain("status=inactive");
    expect(read(query)).toEqual(EVERY);
    expect(hasFilters(read(query))).toBe(true);
  });

  it("removes a filter that is no longer set, and keeps an empty variable value", () => {
    const query = write({ var_name: "plan", var_value: "" }, write(EVERY));
    expect(read(query)).toEqual({ var_name: "plan", var_value: "" });
  });

  it("takes a single user id as a list", () => {
    expect(read(write({ tg_user_id: 5 }))).toEqual({ tg_user_id: [5] });
  });

  it("widens a time inside a day to the whole day, and reads offsets in the channel's zone", () => {
    expect(
      read(
        write({
          date_away_from: "01.10.2026 10:30:00",
          date_away_to: "2026-10-31T21:30:00Z",
        }),
      ),
    ).toEqual({ date_away_from: "01.10.2026 00:00:00", date_away_to: "01.11.2026 23:59:59" });
    expect(apiToDay("nonsense", ZONE)).toBeUndefined();
  });

  it("drops each bad filter alone and keeps the rest", () => {
    const good = "subscription_id=5&status=active";
    const cases = [
      "subscription_id=5&subscription_id=x&read_delivery_id=7", // one bad id: the list goes
      "read_delivery_id=0",
      "read_delivery_id=99999999999999999",
      "bot_id=-1&ignore_bot_id=1.5",
      "date_first=2026-02-30..2026-03-01",
      "date_first=2026-03-02..2026-03-01",
      "date_first=..",
      "date_first=2026-03-01",
      "date_first=2026-03-01..2026-03-02..2026-03-03",
      "status=sleepy",
      "var_name=bad name&var_value=x",
      `var_name=${"a".repeat(VARIABLE_NAME_MAX + 1)}`,
      "var_value=lonely",
      `via=${"s".repeat(33)}`,
      "via=",
      "step_id=",
      `step_id=${"s".repeat(65)}`,
    ];
    for (const bad of cases) {
      const filters = read(`${good}&${bad}`);
      // The last `status` is the one read: a bad one drops the filter.
      expect(filters.lead_status, bad).toBe(bad.startsWith("status") ? undefined : 1);
      if (!bad.startsWith("subscription_id")) expect(filters.subscription_id, bad).toEqual([5]);
      expect(segmentFilters.safeParse(filters).success).toBe(true);
    }
    expect(read("subscription_id=5&subscription_id=x&read_delivery_id=7")).toEqual({
      read_delivery_id: [7],
    });
    expect(read("var_name=bad name&var_value=x")).toEqual({});
    expect(read("var_value=lonely")).toEqual({});
    expect(read("date_first=2026-03-02..2026-03-01&bot_id=3")).toEqual({ bot_id: 3 });
  });

  it("drops a list longer than a link would hold", () => {
    const many = Array.from(
      { length: SEGMENT_IDS_MAX + 1 },
      (_, i) => `tg_user_id=${String(i + 1)}`,
    );
    expect(read(many.join("&"))).toEqual({});
    expect(read(many.slice(1).join("&")).tg_user_id).toHaveLength(SEGMENT_IDS_MAX);
  });

  it("removes duplicates and keeps the last of a single value", () => {
    expect(read("subscription_id=2&subscription_id=2&bot_id=1&bot_id=4&status=active")).toEqual({
      subscription_id: [2],
      bot_id: 4,
      lead_status: 1,
    });
  });

  it("agrees with the contract's variable rules", () => {
    expect(URL_NAME_MAX).toBe(VARIABLE_NAME_MAX);
    expect(URL_VALUE_MAX).toBe(VARIABLE_VALUE_MAX);
  });

  it("reads nothing the contract refuses (seeded random URLs)", () => {
    const keys = [
      "subscription_id",
      "tg_user_id",
      "read_delivery_id",
      "via",
      "date_subscription",
      "date_away",
      "bot_id",
      "step_id",
      "ignore_bot_id",
      "status",
      "var_name",
      "var_value",
    ];
    const values = [
      "1",
      "0",
      "-3",
      "12a",
      "",
      " ",
      "2026-01-01..",
      "..2026-12-31",
      "2026-13-01..",
      "active",
      "inactive",
      "plan",
      "ü",
      "x".repeat(70),
      "1e3",
      "0x10",
      "9007199254740993",
    ];
    let seed = 7;
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return list[seed % list.length] as T;
    };
    for (let round = 0; round < 2_000; round++) {
      const params = new URLSearchParams();
      for (let n = 0; n < 1 + (round % 6); n++) params.append(pick(keys), pick(values));
      const filters = readSegment(params);
      const parsed = segmentFilters.safeParse(filters);
      expect(parsed.success, params.toString()).toBe(true);
      // What is read is written back to the same segment.
      expect(read(write(filters))).toEqual(filters);
    }
  });
});

describe("unreadSegmentKeys", () => {
  const unread = (query: string) => unreadSegmentKeys(new URLSearchParams(query));

  it("names the filters of a link that could not be read, and only those", () => {
    expect(
      unread(
        "subscription_id=1&subscription_id=x&date_first=2026-02-30..&status=bogus&bot_id=-3" +
          "&var_name=no+spaces&via=hand&read_delivery_id=7&page_size=50&cols=a,b",
      ),
    ).toEqual(["subscription_id", "date_first", "status", "bot_id", "var_name"]);
  });

  it("finds nothing in a link the page wrote, nor in keys that are not the segment's", () => {
    expect(unread(write(EVERY))).toEqual([]);
    expect(unread("status=any&after=12&from=3&q=anna")).toEqual([]);
    expect(unread("")).toEqual([]);
  });

  it("names a variable's value given without its name", () => {
    expect(unread("var_value=pro")).toEqual(["var_value"]);
  });
});
