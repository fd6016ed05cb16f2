import { searchField, searchSchema } from "@/lib/url-state";
import { UTM_GROUPINGS, UTM_MEASURES } from "@/lib/utm-ranking";

export const EVENT_ACTIONS = ["all", "subscribe", "unsubscribe"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
export const EVENT_PAGE_SIZE = 25;
/** The service pages these events by `offset`, at most 100,000 (src/contract/common.ts). */
export const MAX_EVENT_PAGE = 100_000 / EVENT_PAGE_SIZE;

/**
 * The UTM page's state in the URL, besides the period: figures by campaign or by tag (`by`),
 * ranked by which measure (`rank`); which events (`action`), of which tag (`tag`), and the
 * page of them (`page`). Bad values fall back to campaigns by subscribed, all events, page 1.
 */
export const utmSearch = searchSchema({
  by: searchField.oneOf(UTM_GROUPINGS, "campaign"),
  rank: searchField.oneOf(UTM_MEASURES, "subscribed"),
  action: searchField.oneOf(EVENT_ACTIONS, "all"),
  tag: searchField.ids().transform((ids) => ids.slice(0, 1)),
  page: searchField.int(1, 1, MAX_EVENT_PAGE),
});
