import * as z from "@/contract/zod";

/**
 * Page state kept in the URL's query string, read through a zod schema whose fields each
 * carry a `.catch()` default: a shared link restores the page, and a hand-edited or stale URL
 * never breaks it (a bad value falls back to its default, unknown keys are ignored).
 *
 * Arrays are written as repeated keys (`?sub=1&sub=2`); a key of the schema that is absent
 * from the URL reads as `undefined`, so the schema's default applies.
 */
export type SearchSchema = z.ZodObject<Record<string, z.ZodType>>;

/** The URL's values for the schema's keys: a string, a string array, or undefined. */
function rawValues(schema: SearchSchema, params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    raw[key] = isArrayField(schema.shape[key]) ? values : values[values.length - 1];
  }
  return raw;
}

function isArrayField(field: z.ZodType | undefined): boolean {
  let current: unknown = field;
  // Look through .catch(), .default(), .optional() and pipes to the field's own type.
  for (let depth = 0; depth < 8 && current instanceof z.ZodType; depth++) {
    if (current instanceof z.ZodArray) return true;
    const def = (current as { def?: { innerType?: unknown; in?: unknown } }).def;
    current = def?.innerType ?? def?.in;
  }
  return false;
}

/** Reads the page state; never throws when every field of the schema has a `.catch()`. */
export function readSearch<S extends SearchSchema>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const parsed = schema.safeParse(rawValues(schema, params));
  // Every field catches its own errors, so this only fails for a schema written without
  // catches; its defaults are then the whole answer.
  return parsed.success ? parsed.data : schema.parse({});
}

/**
 * The query string for `state`, keeping what the schema does not own (another component's
 * keys) and leaving out values equal to their defaults, so URLs stay short.
 */
export function writeSearch<S extends SearchSchema>(
  schema: S,
  current: URLSearchParams,
  state: Partial<z.output<S>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const defaults = schema.parse({}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(state)) {
    if (!(key in schema.shape)) continue;
    next.delete(key);
    if (value === undefined || sameValue(value, defaults[key])) continue;
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

/** Building blocks for search schemas: each falls back to its default on a bad value. */
export const searchField = {
  /** An integer in [min, max]; anything else reads as `fallback`. */
  int: (fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
    z.coerce.number().int().min(min).max(max).catch(fallback),
  /** One of a few allowed values. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.enum(values).catch(fallback),
  /** Positive integer ids, repeated keys; bad items are dropped, duplicates removed. */
  ids: () =>
    z
      .array(z.string())
      .catch([])
      .transform((values) => [
        ...new Set(
          values
            .filter((value) => /^[1-9]\d{0,15}$/.test(value))
            .map((value) => Number(value))
            .filter((value) => Number.isSafeInteger(value)),
        ),
      ]),
  /** Free text of at most `max` characters; longer or missing reads as "". */
  text: (max = 200) => z.string().max(max).catch(""),
  /** Opaque cursors (record ids), repeated keys, at most `max` of them. */
  cursors: (max = 200) =>
    z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .max(max)
      .catch([]),
};
