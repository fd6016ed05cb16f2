import { queryKeys } from "../../../src/lib/name-key";
import { ftsWord } from "../store/directory-fts";

/**
 * How a name query is asked of the search index, in three tiers (best first):
 * 1. every word whole ("ivan petrov" → Иван Петров, not Иванов Петросян);
 * 2. every word whole but the last, which may be the start of a word (typing: "ivan pet");
 * 3. every word the start of a word ("iv pet").
 * Words are the skeletons of name-key.ts, so both scripts and the usual spellings meet. While
 * typing, a last word ending in i ("Vasili…", on its way to Vasiliev, whose key is "vasilev")
 * is also tried without that i.
 */
export interface NamePlan {
  exact: string;
  lastPrefix: string;
  allPrefix: string;
  /** The query was typed in Cyrillic (matches are then listed Cyrillic names first). */
  cyrillic: boolean;
}

function lastAlternatives(key: string): string {
  const words = [ftsWord(key, true)];
  if (key.length > 2 && key.endsWith("i")) words.push(ftsWord(key.slice(0, -1), true));
  return words.length === 1 ? (words[0] ?? "") : `(${words.join(" OR ")})`;
}

export function namePlan(query: string): NamePlan | undefined {
  const keys = queryKeys(query);
  const last = keys.at(-1);
  if (last === undefined) return undefined;
  const head = keys.slice(0, -1);
  return {
    exact: keys.map((key) => ftsWord(key, false)).join(" AND "),
    lastPrefix: [...head.map((key) => ftsWord(key, false)), lastAlternatives(last)].join(" AND "),
    allPrefix: [...head.map((key) => ftsWord(key, true)), lastAlternatives(last)].join(" AND "),
    cyrillic: /\p{Script=Cyrillic}/u.test(query),
  };
}
