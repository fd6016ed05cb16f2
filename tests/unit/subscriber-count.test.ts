import { describe, expect, it } from "vitest";
import { countRequest, countSearch } from "../../src/features/subscribers/count/count-search";
import { describeFilters } from "../../src/features/subscribers/count/describe-filters";
import { utmSourceOptions } from "../../src/features/subscribers/count/utm-sources";
import { readSearch } from "../../src/lib/url-state";

const read = (query: string) => readSearch(countSearch, new URLSearchParams(query));
const names = {
  subscription: (id: number) => ({ 1: "News", 2: "Offers" })[id],
  bot: (id: number) => (id === 21 ? "Welcome bot" : undefined),
};

describe("the count filters in the URL", () => {
  it("sends no filter by default", () => {
    expect(countRequest(read(""))).toEqual({});
  });

  it("sends each filter as the contract names it", () => {
    expect(countRequest(read("sub=1&sub=2&lead=inactive&bot=21&utm=email&utm=vk%20ads"))).toEqual({
      subscription_id: [1, 2],
      lead_status: 2,
      bot_id: 21,
      utm_source: ["email", "vk ads"],
    });
    expect(countRequest(read("lead=active")).lead_status).toBe(1);
  });

  it("falls back to no filter for bad values, and drops repeated sources", () => {
    expect(read("lead=2&bot=x&sub=-1&utm=a&utm=a")).toEqual({
      sub: [],
      lead: "any",
      bot: 0,
      utm: ["a"],
    });
    expect(read(`utm=${"x".repeat(201)}`).utm).toEqual([]);
  });
});

describe("the sentence under the figure", () => {
  it("says when nothing is filtered", () => {
    expect(describeFilters(read(""), names)).toBe(
      "Counting every subscriber of the channel, with no filters.",
    );
  });

  it("restates every filter, names where known and ids where not", () => {
    expect(describeFilters(read("sub=1&sub=2&sub=9&lead=active&bot=22&utm=a&utm=b"), names)).toBe(
      "Counting subscribers who are active (allow messages), are in “News”, “Offers” or " +
        "subscription 9, have been in the bot with id 22 and came with the UTM sources “a” or “b”.",
    );
  });
});

describe("UTM sources offered by the channel's tags", () => {
  it("lists each source once with its tags, skipping tags without a source", () => {
    const tag = (utm_id: number, name: string, utm_source?: unknown) => ({
      utm_id,
      name,
      subscription_id: 1,
      count: 0,
      ...(utm_source === undefined ? {} : { utm_source }),
    });
    expect(
      utmSourceOptions([
        tag(1, "Spring", "instagram"),
        tag(2, "Mail", "email"),
        tag(3, "Autumn", "instagram"),
        tag(4, "Bare"),
        tag(5, "Odd", 42),
        tag(6, "Blank", "  "),
      ]),
    ).toEqual([
      { source: "email", tags: ["Mail"] },
      { source: "instagram", tags: ["Spring", "Autumn"] },
    ]);
  });
});
