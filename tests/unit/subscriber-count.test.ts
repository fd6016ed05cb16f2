import { describe, expect, it } from "vitest";
import { countRequest, countSearch } from "../../src/features/subscribers/count/count-search";
import { describeFilters } from "../../src/features/subscribers/count/describe-filters";
import { utmSourceOptions } from "../../src/features/subscribers/count/utm-sources";
import { readSearch } from "../../src/lib/url-state";
import { messages as subscribersRu } from "../../src/features/subscribers/locales/ru.po";
import { plainSpaces, testI18n } from "../support/i18n";

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

/** Russian with this feature's catalog, as the count page has it once its route loaded. */
function russian() {
  const i18n = testI18n("ru");
  i18n.load("ru", subscribersRu);
  return i18n;
}

describe("the sentence under the figure", () => {
  it("says when nothing is filtered", () => {
    expect(describeFilters(read(""), names, testI18n("en"))).toBe(
      "Counting every subscriber of the channel, with no filters.",
    );
    expect(describeFilters(read(""), names, russian())).toBe(
      "Считаются все подписчики канала, без фильтров.",
    );
  });

  it("restates every filter, names where known and ids where not", () => {
    const search = read("sub=1&sub=2&sub=9&lead=active&bot=22&utm=a&utm=b");
    expect(describeFilters(search, names, testI18n("en"))).toBe(
      "Counting subscribers who are active (allow messages), are in “News”, “Offers” or #9, " +
        "have been in the bot #22 and came with the UTM sources “a” or “b”.",
    );
    expect(plainSpaces(describeFilters(search, names, russian()))).toBe(
      "Считаются подписчики, которые активны (разрешают сообщения), состоят в одной из групп: " +
        "«News», «Offers» или #9, были в боте #22 и пришли с одним из UTM-источников: «a» или «b».",
    );
  });

  it("says one subscription, one source and a known bot in the singular, in Russian too", () => {
    const search = read("sub=1&lead=inactive&bot=21&utm=email");
    expect(describeFilters(search, names, testI18n("en"))).toBe(
      "Counting subscribers who are inactive (do not allow messages), are in “News”, " +
        "have been in the bot “Welcome bot” and came with the UTM source “email”.",
    );
    expect(describeFilters(search, names, russian())).toBe(
      "Считаются подписчики, которые неактивны (не разрешают сообщения), состоят в группе " +
        "«News», были в боте «Welcome bot» и пришли с UTM-источником «email».",
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
