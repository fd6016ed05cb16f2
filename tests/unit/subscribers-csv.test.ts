import { describe, expect, it } from "vitest";
import type { Subscriber } from "../../src/contract/entities";
import {
  csvDate,
  subscriberCsvRow,
  subscribersCsvHeader,
  subscribersCsvPage,
  UTF8_BOM,
  type SubscribersCsvContext,
} from "../../src/lib/subscribers-csv";
import { parseCsv } from "../support/parse-csv";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const context: SubscribersCsvContext = {
  subscriptionNames: new Map([
    [1, "News"],
    [2, "Offers, weekly"],
  ]),
  userIdField: "tg_user_id",
  zone: "MSK (UTC+3)",
  format: { separator: "," as const, i18n },
};

function person(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: "17",
    date: "05.03.2026 13:00:00",
    status: 1,
    tg_user_id: 700000001,
    first_name: "Anna",
    last_name: "Petrova",
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
    ...overrides,
  };
}

/** The file's records, after checking it starts with exactly one BOM. */
function records(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return parseCsv(text.slice(UTF8_BOM.length));
}

describe("a subscriber as a CSV row", () => {
  it("has the columns of the header, in order", () => {
    const row = subscriberCsvRow(
      person({
        subscriptions: [
          { subscription_id: 1, date: "05.03.2026 13:00:00", source: "widget" },
          { subscription_id: 2 },
          { subscription_id: 9 },
        ],
        utms: [
          { utm_id: 11, utm_source: "instagram", utm_medium: "cpc", utm_campaign: "" },
          { utm_id: 12 },
        ],
        vars: [
          { n: "city", v: "Москва" },
          { n: "plan", v: "gold" },
        ],
      }),
      context,
    );
    expect(subscribersCsvHeader(i18n, "MSK (UTC+3)")).toEqual([
      "Record id",
      "User id",
      "First name",
      "Last name",
      "Status",
      "Date, MSK (UTC+3)",
      "Subscriptions",
      "UTM",
      "Variables",
    ]);
    expect(row).toEqual([
      "17",
      "700000001",
      "Anna",
      "Petrova",
      "Active",
      "2026-03-05 13:00:00",
      "News; Offers, weekly; #9",
      "utm_source=instagram, utm_medium=cpc; utm_id=12",
      "city=Москва; plan=gold",
    ]);
  });

  it("takes the channel's kind of user id, and shows an unknown status raw", () => {
    const vk = person({ tg_user_id: undefined, vk_user_id: 500001, status: 7 });
    expect(subscriberCsvRow(vk, { ...context, userIdField: "vk_user_id" }).slice(1, 5)).toEqual([
      "500001",
      "Anna",
      "Petrova",
      "Status 7",
    ]);
    expect(subscriberCsvRow(vk, { ...context, userIdField: undefined })[1]).toBe("500001");
    expect(subscriberCsvRow(vk, context)[1]).toBe("");
  });

  it("reorders API dates and leaves anything else as it came", () => {
    expect(csvDate("31.12.2025 23:59:59")).toBe("2025-12-31 23:59:59");
    expect(csvDate("2025-12-31")).toBe("2025-12-31");
  });
});

describe("a page of CSV", () => {
  it("starts the first page with the BOM and the header, and no other page", () => {
    const first = subscribersCsvPage([person()], context, { first: true });
    const second = subscribersCsvPage([person({ id: "18" })], context, { first: false });
    expect(first.indexOf(UTF8_BOM)).toBe(0);
    expect(first.lastIndexOf(UTF8_BOM)).toBe(0);
    expect(second).not.toContain(UTF8_BOM);
    const all = records(first + second);
    expect(all.map((record) => record[0])).toEqual(["Record id", "17", "18"]);
    expect(first.endsWith("\r\n")).toBe(true);
  });

  it("gives an empty channel a header and nothing else", () => {
    const text = subscribersCsvPage([], context, { first: true });
    expect(records(text)).toEqual([subscribersCsvHeader(i18n, "MSK (UTC+3)")]);
    expect(subscribersCsvPage([], context, { first: false })).toBe("");
  });

  it("keeps quotes, commas, line breaks and Cyrillic intact", () => {
    const tricky = person({
      first_name: 'Ann "the Great"',
      last_name: "Smith, Jr.",
      vars: [
        { n: "note", v: "line one\nline two\r\nline three" },
        { n: "lf", v: "only\nLF" },
      ],
      utms: [{ utm_id: 1, utm_source: "only\rCR" }],
    });
    const cyrillic = person({ id: "18", first_name: "Ёжик", last_name: "Туманов" });
    const [, first, second] = records(
      subscribersCsvPage([tricky, cyrillic], context, { first: true }),
    );
    expect(first?.[2]).toBe('Ann "the Great"');
    expect(first?.[3]).toBe("Smith, Jr.");
    expect(first?.[7]).toBe("utm_source=only\rCR");
    expect(first?.[8]).toBe("note=line one\nline two\r\nline three; lf=only\nLF");
    expect(second?.slice(2, 4)).toEqual(["Ёжик", "Туманов"]);
    // UTF-8 with a BOM: the bytes a spreadsheet program looks for.
    const bytes = new TextEncoder().encode(
      subscribersCsvPage([cyrillic], context, { first: true }),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each([
    ["=", '=HYPERLINK("https://evil.example","click")'],
    ["+", "+1+cmd|' /C calc'!A0"],
    ["-", "-2+3"],
    ["@", "@SUM(A1:A2)"],
    ["tab", "\t=1+1"],
    ["carriage return", "\r=1+1"],
  ])("neutralises a cell starting with %s", (_what, hostile) => {
    const row = records(
      subscribersCsvPage(
        [
          person({
            first_name: hostile,
            last_name: hostile,
            subscriptions: [{ subscription_id: 3 }],
          }),
        ],
        { ...context, subscriptionNames: new Map([[3, hostile]]) },
        { first: true },
      ),
    )[1];
    expect(row?.[2]).toBe(`'${hostile}`);
    expect(row?.[3]).toBe(`'${hostile}`);
    // Subscription names are trimmed (as in the list) before they are neutralised.
    expect(row?.[6]).toBe(`'${hostile.trim()}`);
  });

  it("leaves harmless cells that merely contain those characters alone", () => {
    const row = records(
      subscribersCsvPage(
        [person({ first_name: "Anna-Maria", last_name: "a=b", vars: [{ n: "x", v: "=1" }] })],
        context,
        { first: true },
      ),
    )[1];
    expect(row?.slice(2, 4)).toEqual(["Anna-Maria", "a=b"]);
    expect(row?.[8]).toBe("x==1");
  });

  it("writes 100,000 rows page by page, holding one page at a time", () => {
    const PAGES = 1000;
    const PAGE = 100;
    let bytes = 0;
    let lines = 0;
    let boms = 0;
    let largestChunk = 0;
    let lastRecord: string[] | undefined;
    for (let page = 0; page < PAGES; page++) {
      // Each page exists only inside this iteration, as in the export.
      const items = Array.from({ length: PAGE }, (_, index) => {
        const n = page * PAGE + index + 1;
        return person({
          id: String(n),
          tg_user_id: 700_000_000 + n,
          first_name: `Имя${String(n)}`,
        });
      });
      const chunk = subscribersCsvPage(items, context, { first: page === 0 });
      bytes += chunk.length;
      largestChunk = Math.max(largestChunk, chunk.length);
      lines += chunk.split("\r\n").length - 1;
      if (chunk.includes(UTF8_BOM)) boms += 1;
      if (page === PAGES - 1) lastRecord = parseCsv(chunk).at(-1);
    }
    expect(lines).toBe(PAGES * PAGE + 1);
    expect(boms).toBe(1);
    expect(lastRecord?.slice(0, 3)).toEqual(["100000", "700100000", "Имя100000"]);
    // No chunk grows with the export: each is about one page, a hundredth of a percent of all.
    expect(largestChunk).toBeLessThan((bytes / PAGES) * 1.2);
  });
});
