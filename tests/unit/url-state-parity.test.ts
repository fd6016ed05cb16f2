import * as z from "zod";
import { describe, expect, it } from "vitest";
import { deliveryStatuses, deliveryTypes } from "../../src/contract/delivery-constants";
import { AUDIENCES, deliveriesSearch } from "../../src/features/deliveries/deliveries-search";
import { countSearch } from "../../src/features/subscribers/count/count-search";
import { subscribersSearch } from "../../src/features/subscribers/list/subscribers-search";
import {
  LAST_EVENTS_PAGE,
  subscriptionsSearch,
} from "../../src/features/subscriptions/subscriptions-search";
import { MAX_EVENT_PAGE, utmSearch } from "../../src/features/utm/utm-search";
import { variablesSearch } from "../../src/features/variables/variables-search";
import { cleanCursorStack, MAX_CURSORS } from "../../src/lib/cursor-stack";
import { readSearch, type SearchSchema } from "../../src/lib/url-state";
import { UTM_GROUPINGS, UTM_MEASURES } from "../../src/lib/utm-ranking";

// The pages' URL state was read by zod schemas until issue 15 took zod out of the entry
// (src/lib/url-state.ts). These are those schemas as they were, and the hand-written fields
// must read every URL exactly as they did.

const zodField = {
  int: (fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
    z.coerce.number().int().min(min).max(max).catch(fallback),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.enum(values).catch(fallback),
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
  text: (max = 200) => z.string().max(max).catch(""),
  cursors: (max = 200) =>
    z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .max(max)
      .catch([]),
};

/** zod's reading of a URL: arrays as every value of the key, other fields its last value. */
function zodRead(schema: z.ZodObject, arrays: readonly string[], params: URLSearchParams) {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    raw[key] = arrays.includes(key) ? values : values.at(-1);
  }
  return schema.parse(raw);
}

const DIRECTORY_CURSOR = /^[A-Za-z0-9_-]{1,400}$/;
const pageSizes = ["20", "50", "100"] as const;

/** The schemas as they were (the pages' own bounds and choices), with their array keys. */
const references: {
  name: string;
  schema: SearchSchema;
  zod: z.ZodObject;
  arrays: string[];
}[] = [
  {
    name: "subscribers",
    schema: subscribersSearch,
    arrays: ["after", "from"],
    zod: z.object({
      size: zodField.oneOf(pageSizes, "20"),
      after: zodField.cursors(MAX_CURSORS).transform(cleanCursorStack),
      mode: zodField.oneOf(["pages", "more"], "pages"),
      source: zodField.oneOf(["auto", "directory", "api"], "auto"),
      order: zodField.oneOf(["date-desc", "date-asc", "name-asc", "name-desc"], "date-desc"),
      q: zodField.text(200),
      from: z
        .array(z.string())
        .catch([])
        .transform((stack) =>
          stack.length <= 200 && stack.every((item) => DIRECTORY_CURSOR.test(item)) ? stack : [],
        ),
      // Added with saved views (issue 18), never zod in the app: what its reader means.
      cols: z
        .string()
        .max(400)
        .regex(/^(?:[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*)?$/)
        .optional()
        .catch(undefined),
    }),
  },
  {
    name: "count",
    schema: countSearch,
    arrays: ["sub", "utm"],
    zod: z.object({
      sub: zodField.ids(),
      lead: zodField.oneOf(["any", "active", "inactive"], "any"),
      bot: zodField.int(0, 0),
      utm: z
        .array(z.string().trim().min(1).max(200))
        .max(50)
        .catch([])
        .transform((sources) => [...new Set(sources)]),
    }),
  },
  {
    name: "deliveries",
    schema: deliveriesSearch,
    arrays: ["delivery", "after", "funnel", "people"],
    zod: z.object({
      user: z
        .string()
        .catch("")
        .transform((value) =>
          /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value)) ? value : "",
        ),
      delivery: zodField.ids().transform((ids) => ids.slice(0, 1)),
      size: zodField.oneOf(pageSizes, "20"),
      after: zodField.cursors(MAX_CURSORS).transform(cleanCursorStack),
      type: zodField.oneOf(["", ...deliveryTypes], ""),
      status: zodField.oneOf(["", ...deliveryStatuses], ""),
      funnel: zodField.ids().transform((ids) => ids.slice(0, 1)),
      audience: zodField.oneOf(["", ...AUDIENCES], ""),
      people: zodField.cursors(MAX_CURSORS).transform(cleanCursorStack),
    }),
  },
  {
    name: "utm",
    schema: utmSearch,
    arrays: ["tag"],
    zod: z.object({
      by: zodField.oneOf(UTM_GROUPINGS, "campaign"),
      rank: zodField.oneOf(UTM_MEASURES, "subscribed"),
      action: zodField.oneOf(["all", "subscribe", "unsubscribe"], "all"),
      tag: zodField.ids().transform((ids) => ids.slice(0, 1)),
      page: zodField.int(1, 1, MAX_EVENT_PAGE),
    }),
  },
  {
    name: "variables",
    schema: variablesSearch,
    arrays: [],
    zod: z.object({ user: zodField.int(0, 1), record: zodField.int(0, 1) }),
  },
  {
    name: "subscriptions",
    schema: subscriptionsSearch,
    arrays: [],
    zod: z.object({
      sub: zodField.int(0, 0),
      utm: zodField.int(0, 0),
      page: zodField.int(1, 1, LAST_EVENTS_PAGE),
    }),
  },
];

/** Values worth trying on any key: numbers in every spelling, enum words, bounds, junk. */
const POOL = [
  ...["", " ", "0", "-0", "1", "2", "7", " 7 ", "-1", "1.5", "1e3", "0x10", "0b11", "+4"],
  ...["4000", "4001", "1001", "1002", "9007199254740991", "9007199254740993"],
  ...["9999999999999999", "12345678901234567890", "Infinity", "NaN", "abc", "a_b-C", "<x>"],
  ...["20", "50", "100", "33", "pages", "more", "grid", "auto", "directory", "api", "both"],
  ...["date-desc", "date-asc", "name-asc", "name-desc", "name", "any", "active", "inactive"],
  ...["campaign", "tag", "subscribed", "rate", "net", "all", "subscribe", "unsubscribe"],
  ...["email", " vk ads ", "пётр", "eyJrIjoxfQ", "..%2Fx", "a/b"],
  ...["x".repeat(64), "x".repeat(65), "x".repeat(200), "x".repeat(201), "a".repeat(401)],
];

/** A seeded generator (mulberry32): the same URLs on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomQuery(keys: readonly string[], next: () => number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...keys, "other"]) {
    const roll = next();
    if (roll < 0.3) continue;
    // Now and then a list longer than any field allows (50 sources, 200 directory cursors).
    const count = roll > 0.97 ? 201 + Math.floor(next() * 900) : 1 + Math.floor(next() * 3);
    const repeated = roll > 0.985;
    const first = POOL[Math.floor(next() * POOL.length)] ?? "";
    for (let index = 0; index < count; index++) {
      params.append(key, repeated ? first : (POOL[Math.floor(next() * POOL.length)] ?? ""));
    }
  }
  return params;
}

describe("the hand-written URL fields read as the zod schemas did", () => {
  it.each(references)("$name: 3,000 generated URLs", ({ schema, zod, arrays }) => {
    const next = random(15);
    const keys = Object.keys(schema);
    expect(keys).toEqual(Object.keys(zod.shape));
    for (let round = 0; round < 3000; round++) {
      const params = randomQuery(keys, next);
      expect(readSearch(schema, params), params.toString()).toEqual(zodRead(zod, arrays, params));
    }
  });

  it.each(references)("$name: every pool value alone on every key", ({ schema, zod, arrays }) => {
    for (const key of Object.keys(schema)) {
      for (const value of POOL) {
        const params = new URLSearchParams([[key, value]]);
        expect(readSearch(schema, params), params.toString()).toEqual(zodRead(zod, arrays, params));
      }
    }
  });

  it("agrees on the bounds of the lists: 1,000 cursors, 50 sources, 200 directory cursors", () => {
    const [subscribers, count] = references;
    const cases: [typeof subscribers, string, string, number][] = [
      [subscribers, "after", "5", MAX_CURSORS],
      [subscribers, "from", "eyJrIjoxfQ", 200],
      [count, "utm", "email", 50],
    ];
    for (const [reference, key, value, bound] of cases) {
      if (!reference) throw new Error("no reference");
      for (const length of [bound, bound + 1]) {
        const params = new URLSearchParams(Array.from({ length }, () => [key, value]));
        expect(readSearch(reference.schema, params)).toEqual(
          zodRead(reference.zod, reference.arrays, params),
        );
      }
    }
  });
});
