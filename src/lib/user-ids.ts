import { id } from "@/contract/common";

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

const numbers = new Intl.NumberFormat("en");

/** "12 ids, 2 duplicates dropped": what the form shows under the field as the person types. */
export function summariseUserIds(parsed: ParsedUserIds): string {
  const parts = [plural(parsed.ids.length, "id", "ids")];
  if (parsed.duplicates > 0) {
    parts.push(`${plural(parsed.duplicates, "duplicate", "duplicates")} dropped`);
  }
  if (parsed.invalid.length > 0) {
    parts.push(plural(parsed.invalid.length, "invalid entry", "invalid entries"));
  }
  return parts.join(", ");
}

/** The first problem that stops the ids being sent, in words; undefined when there is none. */
export function userIdsProblem(parsed: ParsedUserIds, max = USER_IDS_MAX): string | undefined {
  if (parsed.invalid.length > 0) {
    const shown = parsed.invalid.slice(0, 5).map((token) => `"${clip(token)}"`);
    const more = parsed.invalid.length - shown.length;
    return (
      `Not a user id (a positive whole number): ${shown.join(", ")}` +
      (more > 0 ? ` and ${numbers.format(more)} more` : "")
    );
  }
  if (parsed.ids.length === 0) return "Enter at least one user id";
  if (parsed.ids.length > max) {
    return `At most ${numbers.format(max)} ids at a time; there are ${numbers.format(parsed.ids.length)}`;
  }
  return undefined;
}

function plural(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}

/** A pasted token can be a whole paragraph; the message only needs to point at it. */
function clip(token: string): string {
  return token.length > 24 ? `${token.slice(0, 23)}…` : token;
}
