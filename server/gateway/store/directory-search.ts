import type { UserIdField } from "../../../src/contract/common";
import { readProfileInput } from "../../../src/lib/profile-id";
import { namePlan, type NamePlan } from "../directory/search-plan";
import type { GatewayDb } from "./database";
import { ftsTable } from "./directory-fts";
import { findPerson, findRecord, type PersonRow } from "./directory-people";

/**
 * Search and the list of a channel's directory. Queries never scan the channel: names go
 * through the FTS5 index, ids through the primary indexes, lists through the sorted indexes.
 */

/**
 * A tier of up to this many people (see searchDirectory) is sorted by name; a larger one is too
 * broad for an order by name to mean anything ("ivan", "пет"), and is read in the order of the
 * index, a page at a time, so the cost of a page never grows with the channel.
 */
export const SORTED_TIER_MAX = 100;
/** A list filtered by name counts its matches up to this many (`total_exact` false beyond). */
export const COUNT_MAX = 100_000;

export class BadCursorError extends Error {
  override name = "BadCursorError";
}

type Tier = 1 | 2 | 3;
/** Where the next page begins: in tier t, sorted by name (offset o) or in index order (after r). */
type SearchCursor = { m: "sorted"; t: Tier; o: number } | { m: "index"; t: Tier; r: number };

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function decode(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
  } catch {
    throw new BadCursorError("the cursor is not one this gateway made");
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

const isTier = (value: unknown): value is Tier => value === 1 || value === 2 || value === 3;

function searchCursor(text: string | undefined): SearchCursor | undefined {
  if (text === undefined || text === "") return undefined;
  const value = decode(text) as Partial<Record<string, unknown>> | null;
  if (value?.m === "sorted" && isTier(value.t) && isCount(value.o)) {
    return { m: "sorted", t: value.t, o: value.o };
  }
  if (value?.m === "index" && isTier(value.t) && isCount(value.r)) {
    return { m: "index", t: value.t, r: value.r };
  }
  throw new BadCursorError("the cursor is not one this gateway made");
}

export interface SearchHit {
  row: PersonRow;
  match: "user_id" | "record_id" | "name";
}

export interface SearchPage {
  hits: SearchHit[];
  nextCursor: string | null;
}

/** The people a query names by id: a user id or profile link, or (digits) a record id. */
function idHits(
  db: GatewayDb,
  dirId: number,
  query: string,
  field: UserIdField | undefined,
): SearchHit[] {
  const parsed = readProfileInput(query.slice(0, 1000), field);
  if (parsed.kind !== "id") return [];
  const hits: SearchHit[] = [];
  const person = findPerson(db, dirId, parsed.id);
  if (person) hits.push({ row: person, match: "user_id" });
  if (parsed.source === "id") {
    const record = findRecord(db, dirId, parsed.id);
    if (record && record.id !== person?.id) hits.push({ row: record, match: "record_id" });
  }
  return hits;
}

function countMatches(db: GatewayDb, fts: string, match: string, max: number): number {
  return (
    db
      .prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`)
      .get(match, max + 1) as { n: number }
  ).n;
}

/** The FTS query of one tier alone (without the better tiers' people); undefined if empty. */
function tierMatch(plan: NamePlan, tier: Tier): string | undefined {
  if (tier === 1) return plan.exact;
  if (tier === 2) return `(${plan.lastPrefix}) NOT (${plan.exact})`;
  // One word: every word a prefix is the last word a prefix, and tier 3 is empty.
  return plan.allPrefix === plan.lastPrefix
    ? undefined
    : `(${plan.allPrefix}) NOT (${plan.lastPrefix})`;
}

/** Up to `max` people of a tier (row ids, in index order) after row id `after`. */
function tierIds(db: GatewayDb, fts: string, match: string, after: number, max: number) {
  return db
    .prepare(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?`)
    .pluck()
    .all(match, after, max) as number[];
}

function peopleByIds(
  db: GatewayDb,
  ids: readonly number[],
  order: string,
  limit: number,
  offset = 0,
) {
  return db
    .prepare(
      `SELECT p.* FROM json_each(?) j CROSS JOIN directory_people p ON p.id = j.value
        ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(JSON.stringify(ids), limit, offset) as PersonRow[];
}

/**
 * The name key a tier is sorted by: the Russian one (Cyrillic before Latin) for a query typed
 * in Cyrillic. Both scripts match either way, but someone typing «Петров» looks for Петров and
 * found "Anton Petrov" ×3 above every Петров. The query fixes it, so every page agrees.
 */
function sortColumn(plan: NamePlan): "sort_name" | "sort_name_ru" {
  return plan.cyrillic ? "sort_name_ru" : "sort_name";
}

/**
 * One page of name matches from `from` on: each tier read as little as the page needs (a full
 * name's page is usually its first tier alone), sorted by name when small, else in index order.
 */
function namePage(
  db: GatewayDb,
  fts: string,
  plan: NamePlan,
  from: SearchCursor,
  limit: number,
): { rows: PersonRow[]; next: SearchCursor | undefined } {
  const rows: PersonRow[] = [];
  let at: SearchCursor | undefined = from;
  while (at !== undefined) {
    const tier: Tier = at.t;
    // Nothing whole: a typo, most often. If no word even starts a name the later tiers are
    // empty, which one read of every word's prefixes tells (each tier would read them again).
    const fresh = at.m === "sorted" && at.o === 0;
    if (
      tier === 2 &&
      fresh &&
      rows.length === 0 &&
      tierIds(db, fts, plan.allPrefix, 0, 1).length === 0
    ) {
      return { rows, next: undefined };
    }
    const match = tierMatch(plan, tier);
    const before = rows.length;
    const need = limit + 1 - before;
    let next: SearchCursor | undefined;
    if (match !== undefined) {
      if (at.m === "index") {
        const ids = tierIds(db, fts, match, at.r, need);
        rows.push(...peopleByIds(db, ids, "p.id", need));
        const last = rows[limit - 1];
        if (rows.length > limit && last) next = { m: "index", t: tier, r: last.id };
      } else {
        // A tier's first page reads at most one more than SORTED_TIER_MAX to tell its size.
        const ids = tierIds(db, fts, match, 0, SORTED_TIER_MAX + 1);
        if (ids.length > SORTED_TIER_MAX && at.o === 0) {
          rows.push(...peopleByIds(db, ids.slice(0, need), "p.id", need));
          const last = rows[limit - 1];
          if (rows.length > limit && last) next = { m: "index", t: tier, r: last.id };
        } else {
          const order = `p.left_at IS NOT NULL, p.${sortColumn(plan)}, p.record_id`;
          rows.push(...peopleByIds(db, ids, order, need, at.o));
          if (rows.length > limit) next = { m: "sorted", t: tier, o: at.o + limit - before };
        }
      }
    }
    if (next) return { rows: rows.slice(0, limit), next };
    at = tier === 3 ? undefined : { m: "sorted", t: tier === 1 ? 2 : 3, o: 0 };
  }
  return { rows, next: undefined };
}

/**
 * One page of a search: people named by id first (a user id, a profile link, a record id),
 * then name matches by tier (1. every word whole, 2. the last a prefix, 3. every word a
 * prefix; see search-plan.ts), those flagged as left after the others in a sorted tier. Any
 * text is a query: what is not a name or an id finds nobody.
 */
export function searchDirectory(
  db: GatewayDb,
  dirId: number,
  query: {
    q: string;
    cursor?: string | undefined;
    limit: number;
    field: UserIdField | undefined;
  },
): SearchPage {
  const cursor = searchCursor(query.cursor);
  const ids = cursor === undefined ? idHits(db, dirId, query.q.trim(), query.field) : [];
  const seen = new Set(ids.map((hit) => hit.row.id));
  const plan = namePlan(query.q);
  if (!plan) return { hits: ids, nextCursor: null };
  const limit = Math.max(1, query.limit - ids.length);
  const page = namePage(db, ftsTable(dirId), plan, cursor ?? { m: "sorted", t: 1, o: 0 }, limit);
  const named = page.rows
    .filter((row) => !seen.has(row.id))
    .map((row) => ({ row, match: "name" as const }));
  return { hits: [...ids, ...named], nextCursor: page.next ? encode(page.next) : null };
}

export interface ListQuery {
  sort: "date" | "name";
  order: "asc" | "desc";
  /** The collation of the sort by name (directory-schema.ts keeps a key for each). */
  locale: "en" | "ru";
  q: string;
  cursor?: string | undefined;
  limit: number;
  field: UserIdField | undefined;
}

export interface ListPage {
  rows: PersonRow[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

interface ListCursor {
  k: string | number;
  r: number;
}

function listCursor(text: string | undefined, sort: "date" | "name"): ListCursor | undefined {
  if (text === undefined || text === "") return undefined;
  const value = decode(text) as Partial<Record<string, unknown>> | null;
  const key = value?.k;
  const keyFits = sort === "name" ? typeof key === "string" : typeof key === "number";
  if (!keyFits || !isCount(value?.r)) {
    throw new BadCursorError("the cursor is not one this gateway made");
  }
  return { k: key as string | number, r: value.r };
}

/** Name filters up to this many matches are sorted whole; more walk the sorted index. */
const SORT_MATCHES_MAX = 2000;

/**
 * The people of the directory who are subscribers, sorted by date (the record's date) or name
 * (as shown, first name first, in the reader's collation), either way, keyset-paged; `q` narrows it to a name or an id.
 */
export function listDirectory(
  db: GatewayDb,
  dirId: number,
  peopleCount: number,
  query: ListQuery,
): ListPage {
  const byName = query.sort === "name";
  const ru = byName && query.locale === "ru";
  const column = byName ? (ru ? "sort_name_ru" : "sort_name") : "date_at";
  const index = byName
    ? ru
      ? "directory_people_by_name_ru"
      : "directory_people_by_name"
    : "directory_people_by_date";
  const desc = query.order === "desc";
  const cursor = listCursor(query.cursor, query.sort);
  const where = ["p.dir_id = @dirId", "p.left_at IS NULL"];
  const params: Record<string, unknown> = { dirId, limit: query.limit + 1 };
  if (cursor) {
    where.push(`(p.${column}, p.record_id) ${desc ? "<" : ">"} (@key, @record)`);
    params.key = cursor.k;
    params.record = cursor.r;
  }
  let total = peopleCount;
  let totalExact = true;
  // Walk the sorted index: the whole list, or a filter so broad that most people pass.
  let from = `directory_people p INDEXED BY ${index}`;
  const q = query.q.trim();
  if (q !== "") {
    const parsed = readProfileInput(q.slice(0, 1000), query.field);
    const plan = namePlan(q);
    if (parsed.kind === "id") {
      from = "directory_people p";
      where.push("(p.user_id = @id OR p.record_id = @id)");
      params.id = parsed.id;
      total = (
        db
          .prepare(
            `SELECT count(*) AS n FROM directory_people p
              WHERE p.dir_id = ? AND p.left_at IS NULL AND (p.user_id = ? OR p.record_id = ?)`,
          )
          .get(dirId, parsed.id, parsed.id) as { n: number }
      ).n;
    } else if (plan) {
      const fts = ftsTable(dirId);
      const matches = countMatches(db, fts, plan.allPrefix, COUNT_MAX);
      totalExact = matches <= COUNT_MAX;
      total = Math.min(matches, COUNT_MAX);
      params.match = plan.allPrefix;
      if (matches <= SORT_MATCHES_MAX) {
        // Few: read them from the index and sort them.
        from = `(SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH @match) m
                CROSS JOIN directory_people p ON p.id = m.id`;
      } else if (totalExact) {
        // Many: the set once, then the sorted index until a page is full.
        where.push(`p.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH @match)`);
      } else {
        // Most of the channel: probing each person is cheaper than building the set.
        where.push(`EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH @match AND rowid = p.id)`);
      }
    } else {
      return { rows: [], total: 0, totalExact: true, nextCursor: null };
    }
  }
  const direction = desc ? "DESC" : "ASC";
  const rows = db
    .prepare(
      `SELECT p.* FROM ${from} WHERE ${where.join(" AND ")}
        ORDER BY p.${column} ${direction}, p.record_id ${direction} LIMIT @limit`,
    )
    .all(params) as PersonRow[];
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    total,
    totalExact,
    nextCursor:
      more && last
        ? encode({
            k: byName ? (ru ? last.sort_name_ru : last.sort_name) : last.date_at,
            r: last.record_id,
          })
        : null,
  };
}

/** At most this many people are counted for one name of a resolve. */
const CANDIDATES_COUNTED = 1000;

/**
 * The people a pasted name may mean (subscribers only): those whose name has every word whole,
 * or if there are none, every word as the start of a word; the first `max` by name.
 */
export function nameCandidates(
  db: GatewayDb,
  dirId: number,
  name: string,
  max: number,
): { count: number; rows: PersonRow[] } {
  const plan = namePlan(name);
  if (!plan) return { count: 0, rows: [] };
  const fts = ftsTable(dirId);
  const read = (match: string) =>
    db
      .prepare(
        `SELECT p.* FROM (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?) m
           CROSS JOIN directory_people p ON p.id = m.id
          WHERE p.left_at IS NULL ORDER BY p.sort_name, p.record_id`,
      )
      .all(match, CANDIDATES_COUNTED) as PersonRow[];
  let rows = read(plan.exact);
  if (rows.length === 0) rows = read(plan.allPrefix);
  return { count: rows.length, rows: rows.slice(0, max) };
}
