import { describe, expect, it } from "vitest";
import {
  deliverySource,
  deliverySourceText,
  deliveryStatus,
  messageIds,
  messageIdsText,
  type DeliveryNames,
} from "../../src/lib/delivery-format";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

const names: DeliveryNames = {
  deliveries: new Map([[31, "March sale"]]),
  bots: new Map([[21, "Welcome bot"]]),
};

describe("deliveryStatus", () => {
  it.each([
    [0, 0, "sent", "Sent"],
    [1, 400, "failed", "Failed (code 400)"],
    [1, 0, "failed", "Failed"],
    [2, 0, "not-allowed", "Not allowed"],
    // A value api-facts.md does not name is shown raw, as a failure.
    [3, 0, "failed", "Failed (error 3)"],
    [7, 500, "failed", "Failed (error 7, code 500)"],
  ])("error %i, code %i → %s", (error, code, outcome, label) => {
    const status = deliveryStatus({ error, error_code: code }, i18n);
    expect(status.outcome).toBe(outcome);
    expect(status.label).toBe(label);
    expect(status.description).not.toBe("");
  });
});

describe("deliverySource", () => {
  it("names a mass delivery, or its id when the name is not known", () => {
    expect(deliverySource({ error: 0, error_code: 0, delivery_id: 31 }, names, i18n)).toEqual({
      kind: "mass",
      deliveryId: 31,
      name: "March sale",
    });
    expect(
      deliverySourceText(
        deliverySource({ error: 0, error_code: 0, delivery_id: 99 }, names, i18n),
        i18n,
      ),
    ).toBe("Delivery #99");
  });

  it("names a bot step by bot and step title and marks a test run", () => {
    const source = deliverySource(
      {
        error: 0,
        error_code: 0,
        bot_id: 21,
        step_id: "a1",
        step_title: "Hello",
        part_id: 1,
        bot_test: 1,
      },
      names,
      i18n,
    );
    expect(source).toMatchObject({
      kind: "bot",
      botName: "Welcome bot",
      stepTitle: "Hello",
      test: true,
    });
    expect(deliverySourceText(source, i18n)).toBe("Welcome bot — Hello (test run)");
  });

  it("falls back to the step id and the bot id when titles are missing", () => {
    const source = deliverySource(
      {
        error: 0,
        error_code: 0,
        bot_id: 5,
        step_id: "x9",
        step_title: " ",
        part_id: 0,
        bot_test: 0,
      },
      names,
      i18n,
    );
    expect(deliverySourceText(source, i18n)).toBe("Bot #5 — Step x9");
  });
});

describe("messageIds", () => {
  it("gives the message id, the part ids of a multi-part message, or nothing for a failed send", () => {
    expect(messageIds({ error: 0, error_code: 0, conversation_message_id: 104 })).toEqual({
      message: 104,
      parts: [],
    });
    const parts = {
      error: 0,
      error_code: 0,
      conversation_message_id: 106,
      conversation_part_ids: [201, 202],
    };
    expect(messageIds(parts)).toEqual({ message: 106, parts: [201, 202] });
    expect(messageIdsText(parts, i18n)).toBe("106; parts 201, 202");
    expect(messageIdsText({ error: 1, error_code: 400 }, i18n)).toBe("");
  });
});
