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
 * Up to this many name matches are ranked in full (tier, then name); beyond it a query is too
 * broad for an order by name to mean anything ("a", "ив"), and each tier is read in record
 * order, a page at a time, so the cost of a page never grows with the channel.
 */
export const RANKED_MATCHES_MAX = 5000;
/** A list filtered by name counts its matches up to this many (`total_exact` false beyond). */
export const COUNT_MAX = 100_000;

export class BadCursorError extends Error {
  override name = "BadCursorError";
}

type SearchCursor = { m: "ranked"; o: number } | { m: "broad"; t: 1 | 2 | 3; r: number; o: number };

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

function searchCursor(text: string | undefined): SearchCursor | undefined {
  if (text === undefined || text === "") return undefined;
  const value = decode(text) as Partial<Record<string, unknown>> | null;
  if (value?.m === "ranked" && isCount(value.o)) return { m: "ranked", o: value.o };
  if (
    value?.m === "broad" &&
    (value.t === 1 || value.t === 2 || value.t === 3) &&
    isCount(value.r) &&
    isCount(value.o)
  ) {
    return { m: "broad", t: value.t, r: value.r, o: value.o };
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

function rankedPage(
  db: GatewayDb,
  dirId: number,
  plan: NamePlan,
  offset: number,
  limit: number,
): PersonRow[] {
  const fts = ftsTable(dirId);
  return db
    .prepare(
      `WITH exact AS (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH @exact),
            last AS (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH @lastPrefix)
       SELECT p.* FROM (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH @allPrefix) m
         JOIN directory_people p ON p.id = m.id
        ORDER BY CASE WHEN p.id IN exact THEN 1 WHEN p.id IN last THEN 2 ELSE 3 END,
                 p.left_at IS NOT NULL, p.sort_name, p.record_id
        LIMIT @limit OFFSET @offset`,
    )
    .all({ ...plan, limit, offset }) as PersonRow[];
}

/** The FTS query of one tier alone (without the better tiers' people). */
function tierMatch(plan: NamePlan, tier: 1 | 2 | 3): string {
  if (tier === 1) return plan.exact;
  if (tier === 2) return `(${plan.lastPrefix}) NOT (${plan.exact})`;
  return `(${plan.allPrefix}) NOT (${plan.lastPrefix})`;
}

function broadPage(
  db: GatewayDb,
  dirId: number,
  plan: NamePlan,
  from: { t: 1 | 2 | 3; r: number },
  limit: number,
): { rows: PersonRow[]; next: { t: 1 | 2 | 3; r: number } | undefined } {
  const fts = ftsTable(dirId);
  const rows: PersonRow[] = [];
  let tier = from.t;
  let after = from.r;
  for (;;) {
    const found = db
      .prepare(
        `SELECT p.* FROM (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ? AND rowid > ?
                           ORDER BY rowid LIMIT ?) m
           JOIN directory_people p ON p.id = m.id ORDER BY p.id`,
      )
      .all(tierMatch(plan, tier), after, limit + 1 - rows.length) as PersonRow[];
    rows.push(...found);
    if (rows.length > limit) {
      const last = rows[limit - 1];
      return { rows: rows.slice(0, limit), next: { t: tier, r: last?.id ?? after } };
    }
    if (tier === 3) return { rows, next: undefined };
    tier = tier === 1 ? 2 : 3;
    after = 0;
  }
}

/**
 * One page of a search: people named by id first (a user id, a profile link, a record id),
 * then name matches by tier. Any text is a query: what is not a name or an id finds nobody.
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
  const fts = ftsTable(dirId);
  const limit = Math.max(1, query.limit - ids.length);
  const mode =
    cursor?.m ??
    (countMatches(db, fts, plan.allPrefix, RANKED_MATCHES_MAX) > RANKED_MATCHES_MAX
      ? "broad"
      : "ranked");
  const named = (rows: PersonRow[]): SearchHit[] =>
    rows.filter((row) => !seen.has(row.id)).map((row) => ({ row, match: "name" as const }));

  if (mode === "ranked") {
    const offset = cursor?.m === "ranked" ? cursor.o : 0;
    const rows = rankedPage(db, dirId, plan, offset, limit + 1);
    const more = rows.length > limit;
    return {
      hits: [...ids, ...named(rows.slice(0, limit))],
      nextCursor: more ? encode({ m: "ranked", o: offset + limit }) : null,
    };
  }
  const from = cursor?.m === "broad" ? cursor : { t: 1 as const, r: 0 };
  const page = broadPage(db, dirId, plan, from, limit);
  return {
    hits: [...ids, ...named(page.rows)],
    nextCursor: page.next ? encode({ m: "broad", ...page.next, o: 0 }) : null,
  };
}

export interface ListQuery {
  sort: "date" | "name";
  order: "asc" | "desc";
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
 * (family name first), either way, keyset-paged; `q` narrows it to a name or an id.
 */
export function listDirectory(
  db: GatewayDb,
  dirId: number,
  peopleCount: number,
  query: ListQuery,
): ListPage {
  const column = query.sort === "name" ? "sort_name" : "date_at";
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
  let from = `directory_people p INDEXED BY directory_people_by_${query.sort}`;
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
        ? encode({ k: query.sort === "name" ? last.sort_name : last.date_at, r: last.record_id })
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
