import type * as z from "../../../src/contract/zod";
import { MAX_FIELDS, MAX_ITEMS, tooManyFields, tooManyItems } from "./limits";

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

/**
 * What was gathered for one key: `value` (a scalar, or a list once the key came as `key[]` or
 * more than once), and the `key[n]` values apart, to be put in index order at the end. `owned`
 * is true once `value` is a list of ours, so later values are pushed into it in place: copying
 * it on every repeated key made 40,000 `x=1` take 24 s of a blocked event loop (quadratic).
 */
interface Slot {
  value: unknown;
  owned: boolean;
  indexed: { index: number; value: unknown }[];
}

function append(key: string, slot: Slot, value: unknown): void {
  if (slot.owned && isList(slot.value)) {
    if (slot.value.length >= MAX_ITEMS) throw tooManyItems(key);
    slot.value.push(value);
    return;
  }
  // A JSON array sent under a plain key counts as its items when more values follow.
  const list = isList(slot.value) ? [...slot.value, value] : [slot.value, value];
  if (list.length > MAX_ITEMS) throw tooManyItems(key);
  slot.value = list;
  slot.owned = true;
}

function byIndex(a: { index: number }, b: { index: number }): number {
  if (a.index === b.index) return 0;
  return a.index < b.index ? -1 : 1;
}

/**
 * Builds one record from key/value pairs, gathering `key[]`, `key[n]` and repeated keys in
 * linear time; nothing sent is dropped (a scalar and later `key[]` values make one list, and
 * two values for the same `key[n]` are both kept, in the order sent). At most MAX_FIELDS pairs
 * and MAX_ITEMS values per key.
 */
export function fieldsFromPairs(pairs: Iterable<readonly [string, unknown]>): Fields {
  const slots = new Map<string, Slot>();
  let count = 0;
  for (const [rawKey, value] of pairs) {
    count += 1;
    if (count > MAX_FIELDS) throw tooManyFields();
    const match = ARRAY_KEY.exec(rawKey);
    const key = match?.[1] ?? rawKey;
    const indexText = match?.[2];
    let slot = slots.get(key);
    if (indexText !== undefined && indexText !== "") {
      slot ??= { value: undefined, owned: false, indexed: [] };
      slot.indexed.push({ index: Number(indexText), value });
      slots.set(key, slot);
    } else if (slot === undefined) {
      slots.set(key, { value: match ? [value] : value, owned: match !== null, indexed: [] });
    } else if (slot.value === undefined && !slot.owned) {
      slot.value = match ? [value] : value;
      slot.owned = match !== null;
    } else {
      append(key, slot, value);
    }
  }
  const fields: Fields = {};
  for (const [key, slot] of slots) {
    if (slot.indexed.length > 0) {
      // A stable sort: two values for one index stay in the order they came.
      const ordered = slot.indexed.sort(byIndex).map((item) => item.value);
      if (slot.value !== undefined || slot.owned) {
        for (const value of ordered) append(key, slot, value);
      } else {
        if (ordered.length > MAX_ITEMS) throw tooManyItems(key);
        slot.value = ordered;
      }
    }
    // A data property even for "__proto__": the key is a field name, never a prototype.
    Object.defineProperty(fields, key, {
      value: slot.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}

/**
 * The fields of a JSON object body: a `key[]` holding an array counts as its items (as the
 * same key would in a form); any other value is kept as it is.
 */
export function jsonFields(body: Readonly<Record<string, unknown>>): Fields {
  const pairs: [string, unknown][] = [];
  for (const [key, value] of Object.entries(body)) {
    if (isList(value) && ARRAY_KEY.test(key)) {
      for (const item of value) pairs.push([key, item]);
    } else {
      pairs.push([key, value]);
    }
  }
  return fieldsFromPairs(pairs);
}

type FieldKind = "number" | "string" | "array" | "number-or-array" | "other";

interface SchemaDef {
  type: string;
  innerType?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  element?: z.core.$ZodType;
  values?: readonly unknown[];
}

function defOf(schema: z.core.$ZodType): SchemaDef {
  return schema._zod.def;
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
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

function kindOf(schema: z.core.$ZodType): { kind: FieldKind; element?: z.core.$ZodType } {
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
function parseJsonArray(key: string, value: string): unknown[] | undefined {
  const trimmed = value.trim();
  if (!trimmed.startsWith("[")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (!isList(parsed)) return undefined;
  if (parsed.length > MAX_ITEMS) throw tooManyItems(key);
  return parsed;
}

function lone(value: unknown): unknown {
  return isList(value) && value.length === 1 ? value[0] : value;
}

function coerce(schema: z.core.$ZodType, value: unknown, key: string): unknown {
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
          ? parseJsonArray(key, value)
          : undefined;
      if (list) return element ? list.map((item: unknown) => coerce(element, item, key)) : list;
      if (kind === "number-or-array") return toNumber(value);
      return [element ? coerce(element, value, key) : value];
    }
    default:
      return value;
  }
}

/** Forms send `field=` for "not given"; for a text field, though, "" is a real value. */
function isAbsent(schema: z.core.$ZodType, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return value === "" && kindOf(schema).kind !== "string";
}

/**
 * Coerces the fields an object schema declares; other fields are left out (they would be
 * stripped anyway). Nulls, and empty strings outside text fields, count as "not sent".
 */
export function coerceFields(
  shape: Readonly<Record<string, z.core.$ZodType>>,
  fields: Fields,
): Fields {
  const out: Fields = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (isAbsent(schema, value)) continue;
    out[key] = coerce(schema, value, key);
  }
  return out;
}
