import type * as z from "zod";

/**
 * Turns what real clients send into the plain values the contract's request schemas expect.
 *
 * Form encodings carry only strings, PHP-style array keys (`key[]`, `key[0]`) and sometimes a
 * lone scalar where an array is meant; JSON clients send numbers as strings now and then. The
 * contract stays strict; this module is the one lenient layer in front of it, and it is
 * driven by the shape of each operation's request schema, not by a list of field names.
 */

export type Fields = Record<string, unknown>;

const ARRAY_KEY = /^(.+?)\[(\d*)\]$/;

/** `Array.isArray` narrows to `any[]`; this keeps the items `unknown`. */
function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Builds one record from key/value pairs, gathering `key[]`, `key[n]` and repeated keys. */
export function fieldsFromPairs(pairs: Iterable<readonly [string, unknown]>): Fields {
  const values = new Map<string, unknown>();
  const indexed = new Map<string, Map<number, unknown>>();
  for (const [rawKey, value] of pairs) {
    const match = ARRAY_KEY.exec(rawKey);
    if (match?.[1] !== undefined) {
      const key = match[1];
      const index = match[2] === "" || match[2] === undefined ? undefined : Number(match[2]);
      if (index === undefined) {
        const list = values.get(key);
        values.set(key, isList(list) ? [...list, value] : [value]);
      } else {
        const slots = indexed.get(key) ?? new Map<number, unknown>();
        slots.set(index, value);
        indexed.set(key, slots);
      }
      continue;
    }
    const previous = values.get(rawKey);
    if (previous === undefined) values.set(rawKey, value);
    else values.set(rawKey, isList(previous) ? [...previous, value] : [previous, value]);
  }
  for (const [key, slots] of indexed) {
    const ordered = [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
    const list = values.get(key);
    values.set(key, isList(list) ? [...list, ...ordered] : ordered);
  }
  return Object.fromEntries(values);
}

type FieldKind = "number" | "string" | "array" | "number-or-array" | "other";

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  element?: z.ZodType;
  values?: readonly unknown[];
}

function defOf(schema: z.ZodType): SchemaDef {
  return schema._zod.def;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (
      (def.type === "optional" || def.type === "nullable" || def.type === "default") &&
      def.innerType
    ) {
      current = def.innerType;
    } else {
      return current;
    }
  }
}

function kindOf(schema: z.ZodType): { kind: FieldKind; element?: z.ZodType } {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case "number":
      return { kind: "number" };
    case "string":
      return { kind: "string" };
    case "literal":
      return { kind: def.values?.every((v) => typeof v === "number") ? "number" : "other" };
    case "array":
      return def.element ? { kind: "array", element: def.element } : { kind: "other" };
    case "union": {
      const kinds = (def.options ?? []).map((option) => kindOf(option));
      const array = kinds.find((k) => k.kind === "array");
      if (array && kinds.some((k) => k.kind === "number")) {
        return { kind: "number-or-array", ...(array.element ? { element: array.element } : {}) };
      }
      if (kinds.length > 0 && kinds.every((k) => k.kind === "number")) return { kind: "number" };
      return { kind: "other" };
    }
    default:
      return { kind: "other" };
  }
}

const INTEGER_TEXT = /^\s*-?\d+(?:\.0*)?\s*$/;

function toNumber(value: unknown): unknown {
  if (typeof value === "string" && INTEGER_TEXT.test(value)) return Number(value);
  if (typeof value === "bigint") return Number(value);
  return value;
}

function toText(value: unknown): unknown {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value;
}

/** A JSON array sent as the text of a form field (`subscription_id=[1,2]`). */
function parseJsonArray(value: string): unknown[] | undefined {
  const trimmed = value.trim();
  if (!trimmed.startsWith("[")) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function lone(value: unknown): unknown {
  return isList(value) && value.length === 1 ? value[0] : value;
}

function coerce(schema: z.ZodType, value: unknown): unknown {
  const { kind, element } = kindOf(schema);
  switch (kind) {
    case "number":
      return toNumber(lone(value));
    case "string":
      return toText(lone(value));
    case "array":
    case "number-or-array": {
      const list = isList(value)
        ? value
        : typeof value === "string"
          ? parseJsonArray(value)
          : undefined;
      if (list) return element ? list.map((item: unknown) => coerce(element, item)) : list;
      if (kind === "number-or-array") return toNumber(value);
      return [element ? coerce(element, value) : value];
    }
    default:
      return value;
  }
}

/** Forms send `field=` for "not given"; for a text field, though, "" is a real value. */
function isAbsent(schema: z.ZodType, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return value === "" && kindOf(schema).kind !== "string";
}

/**
 * Coerces the fields an object schema declares; other fields are left out (they would be
 * stripped anyway). Nulls, and empty strings outside text fields, count as "not sent".
 */
export function coerceFields(shape: Readonly<Record<string, z.ZodType>>, fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (isAbsent(schema, value)) continue;
    out[key] = coerce(schema, value);
  }
  return out;
}
