import { campaignKey, campaignOf } from "./campaigns";

/**
 * The UTM table's rows: utms/statCount of a period (and of the period before) added up by tag
 * or by campaign, ranked by the measure a person chose. Pure; the page only draws.
 */

export interface TagCount {
  utm_id: number;
  count_subscribe: number;
  count_unsubscribe: number;
}

export interface Figures {
  subscribed: number;
  unsubscribed: number;
  /** Subscribed less unsubscribed. */
  net: number;
  /** Unsubscribed per subscribed; undefined when nobody subscribed. */
  unsubscribeRate: number | undefined;
}

export interface UtmRow {
  /** `tag:<id>` or `campaign:<key>`: stable across periods. */
  key: string;
  /** The campaign's label or the tag's name; undefined for a tag whose name is not known. */
  label: string | undefined;
  /** The tags in the row (one when by tag). */
  utmIds: number[];
  current: Figures;
  previous: Figures;
}

export const UTM_GROUPINGS = ["campaign", "tag"] as const;
export type UtmGrouping = (typeof UTM_GROUPINGS)[number];
export const UTM_MEASURES = ["subscribed", "net", "rate"] as const;
export type UtmMeasure = (typeof UTM_MEASURES)[number];

export function figuresOf(subscribed: number, unsubscribed: number): Figures {
  return {
    subscribed,
    unsubscribed,
    net: subscribed - unsubscribed,
    unsubscribeRate: subscribed > 0 ? unsubscribed / subscribed : undefined,
  };
}

export interface GroupInput {
  current: readonly TagCount[];
  previous: readonly TagCount[];
  /** Tag names by id (utms/get); a deleted tag has none. */
  names: ReadonlyMap<number, string>;
  /** Campaign labels the gateway keeps, by tag id. */
  labels: ReadonlyMap<number, string>;
}

interface Sums {
  label: string | undefined;
  utmIds: Set<number>;
  now: [number, number];
  before: [number, number];
}

/**
 * One row per tag, or per campaign (tags whose labels match up to case and spaces; a tag with
 * neither name nor label stands alone). A tag counted in only one of the periods, or in none
 * (but named), still has a row, with zeros.
 */
export function groupCounts(input: GroupInput, grouping: UtmGrouping): UtmRow[] {
  const rows = new Map<string, Sums>();
  const add = (item: TagCount, slot: "now" | "before") => {
    const name = input.names.get(item.utm_id);
    const campaign =
      grouping === "campaign" ? campaignOf(name, input.labels.get(item.utm_id)) : undefined;
    const key =
      campaign === undefined
        ? `tag:${String(item.utm_id)}`
        : `campaign:${campaignKey(campaign.label)}`;
    let row = rows.get(key);
    if (!row) {
      const label = campaign?.label ?? (name?.trim() === "" ? undefined : name?.trim());
      row = { label, utmIds: new Set(), now: [0, 0], before: [0, 0] };
      rows.set(key, row);
    }
    row.utmIds.add(item.utm_id);
    row[slot][0] += item.count_subscribe;
    row[slot][1] += item.count_unsubscribe;
  };
  for (const item of input.current) add(item, "now");
  for (const item of input.previous) add(item, "before");
  // Every known tag has a row, counted or not, so a tag just made can be renamed or deleted.
  for (const utmId of input.names.keys()) {
    add({ utm_id: utmId, count_subscribe: 0, count_unsubscribe: 0 }, "now");
  }
  return [...rows].map(([key, row]) => ({
    key,
    label: row.label,
    utmIds: [...row.utmIds].sort((a, b) => a - b),
    current: figuresOf(row.now[0], row.now[1]),
    previous: figuresOf(row.before[0], row.before[1]),
  }));
}

/**
 * The value a measure ranks by. The unsubscribe rate ranks highest first (the campaign that
 * loses the most of whom it brought); a row nobody subscribed through has no rate and goes last.
 */
export function measureOf(figures: Figures, measure: UtmMeasure): number | undefined {
  if (measure === "subscribed") return figures.subscribed;
  if (measure === "net") return figures.net;
  return figures.unsubscribeRate;
}

/** Rows best first by the measure; ties by subscribed, then by label, then by key. */
export function rankRows(rows: readonly UtmRow[], measure: UtmMeasure): UtmRow[] {
  return [...rows].sort((a, b) => {
    const va = measureOf(a.current, measure);
    const vb = measureOf(b.current, measure);
    if (va === undefined || vb === undefined) {
      if (va !== vb) return va === undefined ? 1 : -1;
    } else if (va !== vb) {
      return vb - va;
    }
    return (
      b.current.subscribed - a.current.subscribed ||
      (a.label ?? "").localeCompare(b.label ?? "") ||
      a.key.localeCompare(b.key)
    );
  });
}

/**
 * The leader by the measure: the first ranked row with something to rank by (a rate needs
 * someone subscribed; counts need a figure other than zero). Undefined when there is none.
 */
export function leaderOf(ranked: readonly UtmRow[], measure: UtmMeasure): UtmRow | undefined {
  const first = ranked[0];
  if (!first) return undefined;
  const value = measureOf(first.current, measure);
  if (value === undefined) return undefined;
  if (measure !== "rate" && value <= 0) return undefined;
  return first;
}

/** The totals of every row of a period. */
export function totalsOf(rows: readonly UtmRow[], which: "current" | "previous"): Figures {
  let subscribed = 0;
  let unsubscribed = 0;
  for (const row of rows) {
    subscribed += row[which].subscribed;
    unsubscribed += row[which].unsubscribed;
  }
  return figuresOf(subscribed, unsubscribed);
}
