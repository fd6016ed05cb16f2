import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatList } from "../words/list-format";
import type { CountSearch } from "./count-search";

/** Names to put in the sentence; an id no lookup knows is still shown, as `#id`. */
export interface FilterNames {
  subscription: (id: number) => string | undefined;
  bot: (id: number) => string | undefined;
}

/**
 * The filters as one sentence ("Counting subscribers who are active, are in “News” or
 * “Offers” and came with the UTM source “email”."), so the figure never stands without
 * saying what it counts. Each filter is a whole phrase of the language, and the phrases are
 * joined as the language joins a list ("a, b and c" / "a, b и c").
 */
export function describeFilters(search: CountSearch, names: FilterNames, i18n: I18n): string {
  const clauses: string[] = [];
  if (search.lead === "active") clauses.push(i18n._(msg`are active (allow messages)`));
  if (search.lead === "inactive") {
    clauses.push(i18n._(msg`are inactive (do not allow messages)`));
  }
  if (search.sub.length > 0) {
    const count = search.sub.length;
    const subscriptions = anyOf(
      search.sub.map((id) => quotedOrId(names.subscription(id), id, i18n)),
      i18n,
    );
    clauses.push(
      i18n._(
        msg`${plural(count, { 1: `are in ${subscriptions}`, other: `are in ${subscriptions}` })}`,
      ),
    );
  }
  if (search.bot > 0) {
    const id = search.bot;
    const name = names.bot(id);
    clauses.push(
      name === undefined
        ? i18n._(msg`have been in the bot #${id}`)
        : i18n._(msg`have been in the bot “${name}”`),
    );
  }
  if (search.utm.length > 0) {
    const count = search.utm.length;
    const sources = anyOf(
      search.utm.map((source) => quoted(source, i18n)),
      i18n,
    );
    clauses.push(
      i18n._(
        msg`${plural(count, {
          1: `came with the UTM source ${sources}`,
          other: `came with the UTM sources ${sources}`,
        })}`,
      ),
    );
  }
  if (clauses.length === 0) {
    return i18n._(msg`Counting every subscriber of the channel, with no filters.`);
  }
  const filters = formatList(clauses, i18n.locale, "conjunction");
  return i18n._(msg`Counting subscribers who ${filters}.`);
}

/** A name in the language's quotation marks: “News” / «Новости». */
function quoted(name: string, i18n: I18n): string {
  return i18n._(msg({ message: `“${name}”`, context: "a name in quotation marks" }));
}

function quotedOrId(name: string | undefined, id: number, i18n: I18n): string {
  return name === undefined ? `#${String(id)}` : quoted(name, i18n);
}

/** "a", "a or b", "a, b or c" in the language. */
function anyOf(items: readonly string[], i18n: I18n): string {
  return formatList(items, i18n.locale, "disjunction");
}
