import { deliveryStatuses, deliveryTypes } from "@/contract/delivery-constants";
import { cleanCursorStack, MAX_CURSORS } from "@/lib/cursor-stack";
import { searchField, searchSchema, type SearchState } from "@/lib/url-state";

export const RECORD_PAGE_SIZES = ["20", "50", "100"] as const;

/** Whom a delivery's funnel lists: received and did not read it, or clicked no link in it. */
export const AUDIENCES = ["unread", "unclicked"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A user id as the filter takes it: a positive integer of at most 16 digits. */
const USER_ID = /^[1-9]\d{0,15}$/;

/**
 * The page's state in the URL, besides the period: `user` (recipient) and `delivery` filters,
 * `size` records a page and `after` the cursor stack of the pages behind this one. A bad value
 * of any of them falls back to no filter and the first page. The funnel's own: `type` and
 * `status` of the deliveries it sums, `funnel` the delivery opened in it, `audience` whom of
 * its recipients to list and `people` that list's cursor stack.
 */
export const deliveriesSearch = searchSchema({
  user: searchField
    .string()
    .transform((value) =>
      USER_ID.test(value) && Number.isSafeInteger(Number(value)) ? value : "",
    ),
  delivery: searchField.ids().transform((ids) => ids.slice(0, 1)),
  size: searchField.oneOf(RECORD_PAGE_SIZES, "20"),
  after: searchField.cursors(MAX_CURSORS).transform(cleanCursorStack),
  type: searchField.oneOf(["", ...deliveryTypes], ""),
  status: searchField.oneOf(["", ...deliveryStatuses], ""),
  funnel: searchField.ids().transform((ids) => ids.slice(0, 1)),
  audience: searchField.oneOf(["", ...AUDIENCES], ""),
  people: searchField.cursors(MAX_CURSORS).transform(cleanCursorStack),
});

export type DeliveriesSearch = SearchState<typeof deliveriesSearch>;
