/**
 * Page state kept in the URL's query string, read through a schema whose fields each fall back
 * to a default on a bad value: a shared link restores the page, and a hand-edited or stale URL
 * never breaks it (unknown keys are ignored).
 *
 * Hand-written rather than zod: the route loaders read the URL (src/features/* /prefetch.ts),
 * and they are part of the entry, which must not carry zod (issue 15, README "Bundle size").
 * tests/unit/url-state.test.ts checks every field against the zod schemas it replaced.
 *
 * Arrays are written as repeated keys (`?sub=1&sub=2`); a single value is the key's last.
 */

/** One key of the query string: reads all of that key's values (none when absent). */
export interface SearchField<T> {
  read: (values: readonly string[]) => T;
  /** The same field with its value passed through `map` (after the fallback, if any). */
  transform: <U>(map: (value: T) => U) => SearchField<U>;
}

export type SearchSchema = Readonly<Record<string, SearchField<unknown>>>;
export type SearchState<S extends SearchSchema> = {
  [K in keyof S]: S[K] extends SearchField<infer T> ? T : never;
};

/** A field from a reading function that never throws. */
export function searchFieldOf<T>(read: (values: readonly string[]) => T): SearchField<T> {
  return { read, transform: (map) => searchFieldOf((values) => map(read(values))) };
}

/** The schema as given, its state's type inferred from its fields. */
export function searchSchema<S extends SearchSchema>(fields: S): S {
  return fields;
}

/** Reads the page state; never throws. */
export function readSearch<S extends SearchSchema>(
  schema: S,
  params: URLSearchParams,
): SearchState<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) state[key] = field.read(params.getAll(key));
  return state as SearchState<S>;
}

/**
 * The query string for `state`, keeping what the schema does not own (another component's
 * keys) and leaving out values equal to their defaults, so URLs stay short.
 */
export function writeSearch<S extends SearchSchema>(
  schema: S,
  current: URLSearchParams,
  state: Partial<SearchState<S>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(state)) {
    const field = schema[key];
    if (!field) continue;
    next.delete(key);
    if (value === undefined || sameValue(value, field.read([]))) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, String(item));
  }
  return next;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return a === b;
}

const ID = /^[1-9]\d{0,15}$/;
const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;

/** Building blocks for search schemas: each falls back to its default on a bad value. */
export const searchField = {
  /**
   * An integer in [min, max]; anything else reads as `fallback`. Read as `Number()` reads it
   * (zod's `coerce`): "  7 " and "0x10" are numbers, "" is 0.
   */
  int: (fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
    searchFieldOf((values) => {
      const last = values.at(-1);
      const value = last === undefined ? Number.NaN : Number(last);
      return Number.isSafeInteger(value) && value >= min && value <= max ? value : fallback;
    }),
  /** One of a few allowed values. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    searchFieldOf((raw): T[number] => {
      const last = raw.at(-1);
      return last !== undefined && (values as readonly string[]).includes(last) ? last : fallback;
    }),
  /** The last value as it is; "" when absent. */
  string: () => searchFieldOf((values) => values.at(-1) ?? ""),
  /** Every value as it is, in order. */
  strings: () => searchFieldOf((values): string[] => [...values]),
  /** Positive integer ids, repeated keys; bad items are dropped, duplicates removed. */
  ids: () =>
    searchFieldOf((values) => [
      ...new Set(
        values
          .filter((value) => ID.test(value))
          .map((value) => Number(value))
          .filter((value) => Number.isSafeInteger(value)),
      ),
    ]),
  /** Free text of at most `max` characters; longer or missing reads as "". */
  text: (max = 200) =>
    searchFieldOf((values) => {
      const last = values.at(-1) ?? "";
      return last.length <= max ? last : "";
    }),
  /** Opaque cursors (record ids), repeated keys, at most `max` of them; else none. */
  cursors: (max = 200) =>
    searchFieldOf((values): string[] =>
      values.length <= max && values.every((value) => CURSOR.test(value)) ? [...values] : [],
    ),
};
