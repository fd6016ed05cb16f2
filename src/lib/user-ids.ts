import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { id } from "@/contract/common";
import { formatNumber } from "./format";
import { quoted } from "./quote";

/** At most this many people in one add or remove: more is a job for an import, not a form. */
export const USER_IDS_MAX = 1000;

export interface ParsedUserIds {
  /** The valid ids, in the order first given, each once. */
  ids: number[];
  /** Tokens that are not positive integers, each once, as typed. */
  invalid: string[];
  /** How many repeats of an id already given were dropped. */
  duplicates: number;
}

/** Ids are separated by commas, semicolons, spaces or new lines: whatever a paste brings. */
const SEPARATORS = /[\s,;]+/u;

/**
 * Reads user ids pasted by a person. A token counts only when it is written as digits alone
 * (no sign, no decimal point, no exponent), so "1e3" or "12.0" are reported rather than
 * silently read as other ids; the number must then pass the contract's id schema.
 */
export function parseUserIds(text: string): ParsedUserIds {
  const ids: number[] = [];
  const seen = new Set<number>();
  const invalid = new Set<string>();
  let duplicates = 0;
  for (const token of text.split(SEPARATORS)) {
    if (token === "") continue;
    const value = /^\d+$/.test(token) ? Number(token) : Number.NaN;
    if (!id.safeParse(value).success || !Number.isSafeInteger(value)) {
      invalid.add(token);
    } else if (seen.has(value)) {
      duplicates++;
    } else {
      seen.add(value);
      ids.push(value);
    }
  }
  return { ids, invalid: [...invalid], duplicates };
}

/** "12 ids, 2 duplicates dropped": what the form shows under the field as the person types. */
export function summariseUserIds(parsed: ParsedUserIds, i18n: I18n): string {
  const ids = parsed.ids.length;
  const parts = [i18n._(msg`${plural(ids, { one: "# id", other: "# ids" })}`)];
  if (parsed.duplicates > 0) {
    const duplicates = parsed.duplicates;
    parts.push(
      i18n._(
        msg`${plural(duplicates, {
          one: "# duplicate dropped",
          other: "# duplicates dropped",
        })}`,
      ),
    );
  }
  if (parsed.invalid.length > 0) {
    const invalid = parsed.invalid.length;
    parts.push(
      i18n._(msg`${plural(invalid, { one: "# invalid entry", other: "# invalid entries" })}`),
    );
  }
  return parts.join(", ");
}

/** The first problem that stops the ids being sent, in words; undefined when there is none. */
export function userIdsProblem(
  parsed: ParsedUserIds,
  i18n: I18n,
  max = USER_IDS_MAX,
): string | undefined {
  if (parsed.invalid.length > 0) {
    const shown = parsed.invalid
      .slice(0, 5)
      .map((token) => quoted(clip(token), i18n))
      .join(", ");
    const more = parsed.invalid.length - Math.min(parsed.invalid.length, 5);
    return more > 0
      ? i18n._(msg`Not a user id (a positive whole number): ${shown} and ${more} more`)
      : i18n._(msg`Not a user id (a positive whole number): ${shown}`);
  }
  if (parsed.ids.length === 0) return i18n._(msg`Enter at least one user id`);
  if (parsed.ids.length > max) {
    const limit = formatNumber(max, i18n.locale);
    const count = formatNumber(parsed.ids.length, i18n.locale);
    return i18n._(msg`At most ${limit} ids at a time; there are ${count}`);
  }
  return undefined;
}

/** A pasted token can be a whole paragraph; the message only needs to point at it. */
function clip(token: string): string {
  return token.length > 24 ? `${token.slice(0, 23)}…` : token;
}
