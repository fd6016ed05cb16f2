import { describe, expect, it } from "vitest";
import { csvSeparatorFor, defaultCsvSeparator } from "../../src/lib/csv-options";
import { csvText, UTF8_BOM } from "../../src/lib/csv-text";
import { formatTimeZone } from "../../src/lib/format";
import { subscribersCsvHeader, subscribersCsvPage } from "../../src/lib/subscribers-csv";
import { operations } from "../../src/contract/operations";
import { examples } from "../fixtures/payloads";
import { testI18n } from "../support/i18n";

describe("the CSV separator", () => {
  it("is what spreadsheets of the language expect: ; for Russian, , for English", () => {
    expect(defaultCsvSeparator("ru")).toBe(";");
    expect(defaultCsvSeparator("en")).toBe(",");
  });

  it("is the person's remembered choice when there is one", () => {
    expect(csvSeparatorFor("\t", "ru")).toBe("\t");
    expect(csvSeparatorFor(",", "ru")).toBe(",");
    expect(csvSeparatorFor("|", "ru")).toBe(";");
    expect(csvSeparatorFor(null, "en")).toBe(",");
  });
});

describe("CSV text", () => {
  it("starts the file with a BOM, and only the file", () => {
    expect(csvText([["a", "b"]], { separator: ";", first: true })).toBe(`${UTF8_BOM}a;b\r\n`);
    expect(csvText([["a", "b"]], { separator: ";", first: false })).toBe("a;b\r\n");
  });

  it("quotes a cell holding the separator, and neutralises formulas whatever the separator", () => {
    expect(csvText([["1,5", "x;y", "=SUM(A1)"]], { separator: ";", first: false })).toBe(
      `1,5;"x;y";'=SUM(A1)\r\n`,
    );
    expect(csvText([["1,5", "x;y"]], { separator: ",", first: false })).toBe(`"1,5",x;y\r\n`);
    expect(csvText([["a\tb", "c"]], { separator: "\t", first: false })).toBe(`"a\tb"\tc\r\n`);
  });

  it("writes negative numbers as numbers, and still neutralises text that starts like a formula", () => {
    expect(csvText([["-19,7", "-45", "+3", "12.5"]], { separator: ";", first: false })).toBe(
      "-19,7;-45;+3;12.5\r\n",
    );
    expect(
      csvText([["-2+3", "+A1", "@SUM(A1)", "-", "=1"]], { separator: ";", first: false }),
    ).toBe("'-2+3;'+A1;'@SUM(A1);'-;'=1\r\n");
  });

  it("writes a Russian export with Russian headers, ; and a BOM; an English one with ,", () => {
    const items = operations["subscribers/get"].response
      .parse(examples["subscribers/get"].response)
      .items.slice(0, 1);
    const context = (locale: "en" | "ru") => {
      const i18n = testI18n(locale);
      return {
        subscriptionNames: new Map<number, string>(),
        zone: formatTimeZone("Europe/Moscow", Date.UTC(2026, 10, 18), locale).label,
        format: { separator: locale === "ru" ? (";" as const) : ("," as const), i18n },
      };
    };
    const ru = subscribersCsvPage(items, context("ru"), { first: true });
    const [ruHeader = ""] = ru.split("\r\n");
    expect(ruHeader).toBe(UTF8_BOM + subscribersCsvHeader(testI18n("ru"), "МСК (UTC+3)").join(";"));
    expect(ruHeader).toContain("ID записи;ID пользователя;Имя;Фамилия;Статус;Дата, МСК (UTC+3);");
    const en = subscribersCsvPage(items, context("en"), { first: true });
    expect(en.split("\r\n")[0]).toBe(
      `${UTF8_BOM}Record id,User id,First name,Last name,Status,"Date, MSK (UTC+3)",Subscriptions,UTM,Variables`,
    );
  });
});
