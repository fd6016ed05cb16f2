import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SegmentFilters, SubscriberDateFilter } from "@/contract/subscriber-filters";
import { dayToApi } from "./segment-search";

/**
 * The kinds of filter the builder offers: every filter of subscribers/get, named as a person
 * would ask for it. Some are two keys of the API (a date range; a variable and its value).
 */
export const FILTER_KINDS = [
  "people",
  "subscription_id",
  "ignore_subscription_id",
  "source",
  "delivery_id",
  "ignore_delivery_id",
  "read_delivery_id",
  "ignore_read_delivery_id",
  "away_delivery_id",
  "ignore_away_delivery_id",
  "error_delivery_id",
  "date_subscription",
  "date_first",
  "date_delivery",
  "date_first_delivery",
  "date_last_delivery",
  "date_away",
  "bot_id",
  "ignore_bot_id",
  "step_id",
  "ignore_step_id",
  "lead_status",
  "variable",
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export type PickerOf =
  | "people"
  | "subscription"
  | "source"
  | "delivery"
  | "days"
  | "bot"
  | "step"
  | "status"
  | "variable";

export const KIND_GROUPS: readonly {
  label: MessageDescriptor;
  kinds: readonly FilterKind[];
}[] = [
  {
    label: msg({ message: "People and groups", context: "filter group" }),
    kinds: ["people", "subscription_id", "ignore_subscription_id", "source", "lead_status"],
  },
  {
    label: msg({ message: "Mailings", context: "filter group" }),
    kinds: [
      "delivery_id",
      "ignore_delivery_id",
      "read_delivery_id",
      "ignore_read_delivery_id",
      "away_delivery_id",
      "ignore_away_delivery_id",
      "error_delivery_id",
    ],
  },
  {
    label: msg({ message: "Dates", context: "filter group" }),
    kinds: [
      "date_subscription",
      "date_first",
      "date_delivery",
      "date_first_delivery",
      "date_last_delivery",
      "date_away",
    ],
  },
  {
    label: msg({ message: "Bots and variables", context: "filter group" }),
    kinds: ["bot_id", "ignore_bot_id", "step_id", "ignore_step_id", "variable"],
  },
];

export const KIND_LABELS: Record<FilterKind, MessageDescriptor> = {
  people: msg({ message: "People by user id", context: "filter kind" }),
  subscription_id: msg({ message: "In a group", context: "filter kind" }),
  ignore_subscription_id: msg({ message: "Not in a group", context: "filter kind" }),
  source: msg({ message: "Joined via", context: "filter kind" }),
  lead_status: msg({ message: "Active or inactive", context: "filter kind" }),
  delivery_id: msg({ message: "Received a mailing", context: "filter kind" }),
  ignore_delivery_id: msg({ message: "Did not receive a mailing", context: "filter kind" }),
  read_delivery_id: msg({ message: "Read a mailing", context: "filter kind" }),
  ignore_read_delivery_id: msg({ message: "Did not read a mailing", context: "filter kind" }),
  away_delivery_id: msg({ message: "Clicked a link in a mailing", context: "filter kind" }),
  ignore_away_delivery_id: msg({
    message: "Clicked no link in a mailing",
    context: "filter kind",
  }),
  error_delivery_id: msg({ message: "A mailing was not delivered", context: "filter kind" }),
  date_subscription: msg({ message: "Subscribed in a period", context: "filter kind" }),
  date_first: msg({ message: "First subscribed in a period", context: "filter kind" }),
  date_delivery: msg({ message: "Got a message in a period", context: "filter kind" }),
  date_first_delivery: msg({ message: "First message in a period", context: "filter kind" }),
  date_last_delivery: msg({ message: "Last message in a period", context: "filter kind" }),
  date_away: msg({ message: "Clicked a link in a period", context: "filter kind" }),
  bot_id: msg({ message: "In a bot", context: "filter kind" }),
  ignore_bot_id: msg({ message: "Not in a bot", context: "filter kind" }),
  step_id: msg({ message: "At a bot step", context: "filter kind" }),
  ignore_step_id: msg({ message: "Not at a bot step", context: "filter kind" }),
  variable: msg({ message: "A variable", context: "filter kind" }),
};

export function pickerOf(kind: FilterKind): PickerOf {
  switch (kind) {
    case "people":
      return "people";
    case "subscription_id":
    case "ignore_subscription_id":
      return "subscription";
    case "source":
      return "source";
    case "lead_status":
      return "status";
    case "bot_id":
    case "ignore_bot_id":
      return "bot";
    case "step_id":
    case "ignore_step_id":
      return "step";
    case "variable":
      return "variable";
    case "date_subscription":
    case "date_first":
    case "date_delivery":
    case "date_first_delivery":
    case "date_last_delivery":
    case "date_away":
      return "days";
    default:
      return "delivery";
  }
}

/** What a picker gives: one id, a source, days, a bot's step, a status, a variable, or ids. */
export type FilterValue =
  | { picker: "people"; ids: number[]; field: "tg_user_id" | "vk_user_id" }
  | { picker: "id"; id: number }
  | { picker: "source"; source: string }
  | { picker: "days"; from?: string | undefined; to?: string | undefined }
  | { picker: "step"; botId: number; stepId: string }
  | { picker: "status"; status: 1 | 2 }
  | { picker: "variable"; name: string; value?: string | undefined };

/** The filters without keys set to undefined (a segment never carries an empty key). */
export function withoutUndefined(filters: SegmentFilters): SegmentFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]: [string, unknown]) => value !== undefined),
  );
}

const merge = <T>(list: readonly T[] | undefined, items: readonly T[]): T[] => [
  ...new Set([...(list ?? []), ...items]),
];

/**
 * The segment with one more filter (AND). A second value of a list filter joins its list ("in
 * group A or B", as the API reads a list); a single-valued filter is replaced.
 */
export function addFilter(
  filters: SegmentFilters,
  kind: FilterKind,
  value: FilterValue,
): SegmentFilters {
  const next: SegmentFilters = { ...filters };
  switch (value.picker) {
    case "people": {
      const current = next[value.field];
      const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
      next[value.field] = merge(list, value.ids);
      return next;
    }
    case "id":
      if (kind === "bot_id" || kind === "ignore_bot_id") {
        next[kind] = value.id;
      } else if (kind !== "people" && isIdListKind(kind)) {
        next[kind] = merge(next[kind], [value.id]);
      }
      return next;
    case "source":
      next.source = merge(next.source, [value.source]);
      return next;
    case "days": {
      if (!isDateKind(kind)) return next;
      next[`${kind}_from`] = value.from === undefined ? undefined : dayToApi(value.from, false);
      next[`${kind}_to`] = value.to === undefined ? undefined : dayToApi(value.to, true);
      return withoutUndefined(next);
    }
    case "step":
      if (kind === "step_id") {
        // "At a step" of this bot: the step belongs to the bot, so the bot is part of it.
        next.bot_id = value.botId;
        next.step_id = merge(next.bot_id === filters.bot_id ? next.step_id : [], [value.stepId]);
      } else {
        next.ignore_step_id = merge(next.ignore_step_id, [value.stepId]);
      }
      return next;
    case "status":
      next.lead_status = value.status;
      return next;
    case "variable":
      next.var_name = value.name;
      if (value.value === undefined) delete next.var_value;
      else next.var_value = value.value;
      return next;
  }
}

type IdListKind =
  | "subscription_id"
  | "ignore_subscription_id"
  | "delivery_id"
  | "ignore_delivery_id"
  | "read_delivery_id"
  | "ignore_read_delivery_id"
  | "away_delivery_id"
  | "ignore_away_delivery_id"
  | "error_delivery_id";

function isIdListKind(kind: FilterKind): kind is IdListKind {
  const picker = pickerOf(kind);
  return picker === "subscription" || picker === "delivery";
}

export function isDateKind(kind: FilterKind): kind is SubscriberDateFilter {
  return pickerOf(kind) === "days";
}
