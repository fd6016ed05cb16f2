import type { CountSearch } from "./count-search";

/** Names to put in the sentence; an id no lookup knows is still shown, by number. */
export interface FilterNames {
  subscription: (id: number) => string | undefined;
  bot: (id: number) => string | undefined;
}

/**
 * The filters as one sentence ("Counting subscribers who are active, are in “News” or
 * “Offers” and came with the UTM source “email”."), so the figure never stands without
 * saying what it counts.
 */
export function describeFilters(search: CountSearch, names: FilterNames): string {
  const clauses: string[] = [];
  if (search.lead === "active") clauses.push("are active (allow messages)");
  if (search.lead === "inactive") clauses.push("are inactive (do not allow messages)");
  if (search.sub.length > 0) {
    const subs = search.sub.map((id) =>
      quoted(names.subscription(id), `subscription ${String(id)}`),
    );
    clauses.push(`are in ${anyOf(subs)}`);
  }
  if (search.bot > 0) {
    clauses.push(
      `have been in the bot ${quoted(names.bot(search.bot), `with id ${String(search.bot)}`)}`,
    );
  }
  if (search.utm.length > 0) {
    const sources = search.utm.map((source) => `“${source}”`);
    clauses.push(`came with the UTM source${search.utm.length > 1 ? "s" : ""} ${anyOf(sources)}`);
  }
  if (clauses.length === 0) return "Counting every subscriber of the channel, with no filters.";
  return `Counting subscribers who ${allOf(clauses)}.`;
}

function quoted(name: string | undefined, fallback: string): string {
  return name === undefined ? fallback : `“${name}”`;
}

/** "a", "a or b", "a, b or c". */
function anyOf(items: readonly string[]): string {
  return joinLast(items, " or ");
}

/** "a", "a and b", "a, b and c". */
function allOf(items: readonly string[]): string {
  return joinLast(items, " and ");
}

function joinLast(items: readonly string[], last: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${last}${items.at(-1) ?? ""}`;
}
