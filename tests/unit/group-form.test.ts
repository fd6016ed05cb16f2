import { describe, expect, it } from "vitest";
import { operations } from "../../src/contract/operations";
import {
  apiDateTimeFromInput,
  emptyGroupForm,
  groupDraftFromForm,
  groupErrorField,
  groupFormFromDraft,
  groupFormFromInfo,
  groupRequestFromForm,
  inputFromApiDateTime,
  type GroupFormValues,
} from "../../src/lib/group-form";

const filled: GroupFormValues = {
  name: "  Loyalty club ",
  title: "Join the club",
  btn_ok: "Join",
  btn_cancel: "Not now",
  short_description: "Short",
  description: "Long\ntext",
  inactive: true,
  hide_subscriptions: false,
  disabled_notify: true,
  vk_pixel: " VK-123 ",
  fb_pixel: "",
  ya_metrica: "9876",
  ga_metrica: "G-ABC",
  url_after_subscribing: " https://example.com/thanks ",
  url_after_unsubscribing: "",
  limit_period: true,
  limit_period_from: "2026-12-01T09:30",
  limit_period_to: "2026-12-31T23:59:30",
  exclude_subscription_id: ["3", "2", "3"],
  bot_ids: ["7"],
};

describe("the time limit's ends between the form and the API", () => {
  it("turns a datetime-local value into the API's wall time, and back", () => {
    expect(apiDateTimeFromInput("2026-12-01T09:30")).toBe("01.12.2026 09:30:00");
    expect(apiDateTimeFromInput("2026-12-31T23:59:30")).toBe("31.12.2026 23:59:30");
    expect(inputFromApiDateTime("01.12.2026 09:30:00")).toBe("2026-12-01T09:30");
    expect(inputFromApiDateTime("31.12.2026 23:59:30")).toBe("2026-12-31T23:59:30");
    expect(inputFromApiDateTime("1.2.2026")).toBe("2026-02-01T00:00");
  });

  it("leaves out what is not a date-time", () => {
    expect(apiDateTimeFromInput("")).toBeUndefined();
    expect(apiDateTimeFromInput("2026-12-01")).toBeUndefined();
    expect(inputFromApiDateTime("")).toBe("");
    expect(inputFromApiDateTime(undefined)).toBe("");
  });
});

describe("groupRequestFromForm", () => {
  it("sends every field, trimmed ids and URLs, flags as 0/1 and distinct ids", () => {
    expect(groupRequestFromForm(filled)).toEqual({
      name: "Loyalty club",
      title: "Join the club",
      btn_ok: "Join",
      btn_cancel: "Not now",
      short_description: "Short",
      description: "Long\ntext",
      inactive: 1,
      hide_subscriptions: 0,
      disabled_notify: 1,
      vk_pixel: "VK-123",
      fb_pixel: "",
      ya_metrica: "9876",
      ga_metrica: "G-ABC",
      url_after_subscribing: "https://example.com/thanks",
      url_after_unsubscribing: "",
      limit_period: 1,
      limit_period_from: "01.12.2026 09:30:00",
      limit_period_to: "31.12.2026 23:59:30",
      exclude_subscription_id: [3, 2],
      bot_ids: [7],
    });
  });

  it("is a request the contract takes, for add and for edit", () => {
    const request = groupRequestFromForm(filled);
    expect(operations["subscriptions/add"].request.safeParse(request).success).toBe(true);
    expect(
      operations["subscriptions/edit"].request.safeParse({ subscription_id: 4, ...request })
        .success,
    ).toBe(true);
  });

  it("sends empty texts and lists (so an emptied field is cleared) and no empty dates", () => {
    const request = groupRequestFromForm({ ...emptyGroupForm, name: "News" });
    expect(request.title).toBe("");
    expect(request.url_after_subscribing).toBe("");
    expect(request.exclude_subscription_id).toEqual([]);
    expect(request.limit_period).toBe(0);
    expect(request).not.toHaveProperty("limit_period_from");
    expect(request).not.toHaveProperty("limit_period_to");
  });
});

describe("groupFormFromInfo", () => {
  it("reads back what was sent, as subscriptions/get answers it", () => {
    const request = groupRequestFromForm(filled);
    const info = {
      subscription_id: 4,
      ...request,
      exclude_subscription_id: [2, 3],
      count_subscribers: 12,
    };
    expect(groupFormFromInfo(info)).toEqual({
      ...filled,
      name: "Loyalty club",
      vk_pixel: "VK-123",
      url_after_subscribing: "https://example.com/thanks",
      exclude_subscription_id: ["2", "3"],
    });
  });

  it("fills what the service leaves out with empty values", () => {
    expect(groupFormFromInfo({ subscription_id: 1, name: "News", limit_period_from: "" })).toEqual({
      ...emptyGroupForm,
      name: "News",
    });
  });
});

describe("the form's draft", () => {
  it("keeps every field as text and gives the same form back", () => {
    const draft = groupDraftFromForm(filled);
    expect(Object.values(draft).every((value) => typeof value === "string")).toBe(true);
    expect(draft.inactive).toBe("1");
    expect(draft.hide_subscriptions).toBe("");
    expect(draft.exclude_subscription_id).toBe("3,2,3");
    expect(groupFormFromDraft(draft as Parameters<typeof groupFormFromDraft>[0])).toEqual(filled);
  });

  it("is all empty for an empty form, so no draft is kept", () => {
    expect(Object.values(groupDraftFromForm(emptyGroupForm)).every((v) => v === "")).toBe(true);
  });
});

describe("groupErrorField", () => {
  it("puts a refusal beside the field it names", () => {
    expect(
      groupErrorField({ kind: "service", code: 10, message: "bot_ids: bot 9 not found" }),
    ).toBe("bot_ids");
    expect(
      groupErrorField({
        kind: "service",
        code: 7,
        message: "exclude_subscription_id: subscription 9 not found",
      }),
    ).toBe("exclude_subscription_id");
    expect(
      groupErrorField({
        kind: "service",
        code: 12,
        message: "limit_period_from must not be after limit_period_to",
      }),
    ).toBe("limit_period_from");
    expect(groupErrorField({ kind: "request", path: "url_after_subscribing", message: "x" })).toBe(
      "url_after_subscribing",
    );
  });

  it("leaves the rest to the whole form", () => {
    expect(groupErrorField({ kind: "network", message: "offline" })).toBeUndefined();
    expect(
      groupErrorField({ kind: "service", code: 7, message: "subscription_id: not found" }),
    ).toBeUndefined();
    expect(groupErrorField({ kind: "http", code: undefined, message: "role" })).toBeUndefined();
  });
});
