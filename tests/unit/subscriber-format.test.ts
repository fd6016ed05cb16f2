import { describe, expect, it } from "vitest";
import {
  personName,
  statusLabel,
  subscriptionNames,
  userIdField,
  userIdOf,
  utmLabels,
} from "../../src/lib/subscriber-format";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

describe("statusLabel", () => {
  it("names the two known statuses", () => {
    expect(statusLabel(1, i18n)).toBe("Active");
    expect(statusLabel(2, i18n)).toBe("Inactive");
  });

  it("shows any other value raw", () => {
    expect(statusLabel(0, i18n)).toBe("Status 0");
    expect(statusLabel(7, i18n)).toBe("Status 7");
    expect(statusLabel(-3, i18n)).toBe("Status -3");
  });
});

describe("personName", () => {
  it("joins first and last name, trimmed", () => {
    expect(personName({ first_name: " Anna ", last_name: " Petrova " }, i18n)).toBe("Anna Petrova");
  });

  it("leaves out a blank part", () => {
    expect(personName({ first_name: "Anna", last_name: "  " }, i18n)).toBe("Anna");
    expect(personName({ first_name: "", last_name: "Petrova" }, i18n)).toBe("Petrova");
  });

  it("says Unnamed when there is no name at all", () => {
    expect(personName({ first_name: "", last_name: "" }, i18n)).toBe("Unnamed");
    expect(personName({ first_name: " \t", last_name: "\n" }, i18n)).toBe("Unnamed");
  });

  it("keeps markup as plain text", () => {
    expect(personName({ first_name: "<img src=x onerror=alert(1)>", last_name: "" }, i18n)).toBe(
      "<img src=x onerror=alert(1)>",
    );
  });
});

describe("userIdField", () => {
  it("reads type_id and type_name", () => {
    expect(userIdField("2")).toBe("tg_user_id");
    expect(userIdField("tg")).toBe("tg_user_id");
    expect(userIdField("1")).toBe("vk_user_id");
    expect(userIdField("VK")).toBe("vk_user_id");
  });

  it("does not guess an unknown kind", () => {
    expect(userIdField("3")).toBeUndefined();
    expect(userIdField("")).toBeUndefined();
  });
});

describe("userIdOf", () => {
  it("takes the Telegram id, else the VK id", () => {
    expect(userIdOf({ tg_user_id: 11 })).toBe(11);
    expect(userIdOf({ vk_user_id: 22 })).toBe(22);
    expect(userIdOf({ tg_user_id: 11, vk_user_id: 22 })).toBe(11);
    expect(userIdOf({})).toBeUndefined();
  });

  it("takes only the channel's field when given", () => {
    expect(userIdOf({ tg_user_id: 11, vk_user_id: 22 }, "vk_user_id")).toBe(22);
    expect(userIdOf({ vk_user_id: 22 }, "tg_user_id")).toBeUndefined();
  });
});

describe("subscriptionNames", () => {
  const names = new Map([
    [1, "News"],
    [2, "Offers"],
    [3, ""],
  ]);

  it("names each subscription in the record's order", () => {
    expect(subscriptionNames([{ subscription_id: 2 }, { subscription_id: 1 }], names)).toEqual([
      "Offers",
      "News",
    ]);
  });

  it("shows the id of a subscription without a known name", () => {
    expect(subscriptionNames([{ subscription_id: 9 }, { subscription_id: 3 }], names)).toEqual([
      "#9",
      "#3",
    ]);
    expect(subscriptionNames([], names)).toEqual([]);
  });
});

describe("utmLabels", () => {
  it("takes utm_source, else the tag's id", () => {
    expect(
      utmLabels([
        { utm_id: 11, utm_source: "instagram" },
        { utm_id: 12, utm_source: "  " },
        { utm_id: 13 },
      ]),
    ).toEqual(["instagram", "#12", "#13"]);
  });
});
