import type { RequestOf } from "@/contract/operations";
import { searchField, searchSchema, type SearchState } from "@/lib/url-state";

export const leadStatuses = ["any", "active", "inactive"] as const;
export type LeadStatusChoice = (typeof leadStatuses)[number];

/** api-facts.md: lead_status 1 = active (allows messages), 2 = inactive. */
const LEAD_STATUS_VALUES: Record<Exclude<LeadStatusChoice, "any">, number> = {
  active: 1,
  inactive: 2,
};

const UTM_SOURCE_MAX = 200;
const UTM_SOURCES_MAX = 50;

/**
 * The filters in the URL. UTM sources are free text (a source is whatever a campaign put in
 * its link), so they get their own field: any string within bounds, each once; a list too
 * long or with an odd item falls back to no filter, as every other field does.
 */
export const countSearch = searchSchema({
  sub: searchField.ids(),
  lead: searchField.oneOf(leadStatuses, "any"),
  /** 0: any bot. */
  bot: searchField.int(0, 0),
  utm: searchField.strings().transform((values) => {
    const sources = values.map((value) => value.trim());
    const fits = sources.every((source) => source.length >= 1 && source.length <= UTM_SOURCE_MAX);
    return fits && sources.length <= UTM_SOURCES_MAX ? [...new Set(sources)] : [];
  }),
});
export type CountSearch = SearchState<typeof countSearch>;

/** The request for the filters: a filter left at "any" is not sent at all. */
export function countRequest(search: CountSearch): RequestOf<"subscribers/subscribersCount"> {
  return {
    ...(search.sub.length > 0 && { subscription_id: search.sub }),
    ...(search.lead !== "any" && { lead_status: LEAD_STATUS_VALUES[search.lead] }),
    ...(search.bot > 0 && { bot_id: search.bot }),
    ...(search.utm.length > 0 && { utm_source: search.utm }),
  };
}
