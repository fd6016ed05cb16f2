import { describe, expect, it } from "vitest";
import {
  deliveriesCsvHeader,
  deliveriesCsvPage,
  type DeliveriesCsvContext,
} from "../../src/lib/deliveries-csv";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { parseCsv } from "../support/parse-csv";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const context: DeliveriesCsvContext = {
  names: { deliveries: new Map([[31, '=HYPERLINK("x")']]), bots: new Map([[21, "Welcome bot"]]) },
  userIdField: "tg_user_id",
  zone: "MSK (UTC+3)",
  format: { separator: "," as const, i18n },
};

const person = { first_name: "Anna", last_name: 'Petrova, "A"', tg_user_id: 700000001 };

describe("deliveriesCsvPage", () => {
  it("writes both shapes with status, ids and parts, escaping formulas, after a BOM and the header", () => {
    const text =
      deliveriesCsvPage(
        [
          {
            ...person,
            date: "05.03.2026 13:00:00",
            delivery_id: 31,
            error: 0,
            error_code: 0,
            conversation_message_id: 106,
            conversation_part_ids: [201, 202],
          },
        ],
        context,
        { first: true },
      ) +
      deliveriesCsvPage(
        [
          {
            ...person,
            date: "10.03.2026 09:01:00",
            bot_id: 21,
            step_id: "a1",
            step_title: "Hello\nthere",
            part_id: 1,
            bot_test: 1,
            vk_id: 0,
            error: 1,
            error_code: 400,
          },
        ],
        context,
        { first: false },
      );
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.indexOf(UTF8_BOM, 1)).toBe(-1);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(deliveriesCsvHeader(i18n, "MSK (UTC+3)"));
    expect(rows[1]).toEqual([
      "2026-03-05 13:00:00",
      "700000001",
      'Anna Petrova, "A"',
      "Mass delivery",
      "31",
      '\'=HYPERLINK("x")',
      "",
      "",
      "",
      "",
      "",
      "Sent",
      "no",
      "",
      "106",
      "201 202",
    ]);
    expect(rows[2]).toEqual([
      "2026-03-10 09:01:00",
      "700000001",
      'Anna Petrova, "A"',
      "Bot step",
      "",
      "",
      "21",
      "Welcome bot",
      "a1",
      "Hello\nthere",
      "yes",
      "Failed (code 400)",
      "yes",
      "400",
      "",
      "",
    ]);
  });
});
