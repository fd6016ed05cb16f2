import { fromWallTime, parseWallTime, type WallTime } from "../../../src/contract/datetime";
import type { Subscriber } from "../../../src/contract/entities";
import { nameKeys, nameSortKey, nameSortKeyRu } from "../../../src/lib/name-key";
import type { GatewayDb } from "./database";
import { ftsTable } from "./directory-fts";

/** A person as the directory keeps them (JSON columns as text, times in ms). */
export interface PersonRow {
  id: number;
  dir_id: number;
  record_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  photo: string;
  status: number;
  ignore: number;
  date: string;
  date_at: number;
  subscriptions: string;
  utms: string;
  vars: string;
  sort_name: string;
  sort_name_ru: string;
  keys: string;
  confirmed_at: number;
  left_at: number | null;
}

/** The directory a write goes to: its id and the zone its API dates are read in. */
export interface DirectoryRef {
  dirId: number;
  timeZone: string;
}

function adjustCounts(db: GatewayDb, dirId: number, people: number, left: number, now: number) {
  db.prepare(
    `UPDATE directory_channels SET people = people + ?, left_count = left_count + ?,
       updated_at = max(coalesce(updated_at, 0), ?) WHERE dir_id = ?`,
  ).run(people, left, now, dirId);
}

/** Zone offsets by quarter-hour of wall time: working one out costs ~60 µs, a lookup nothing. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 100_000;

/** A wall time read as if it were UTC (years below 100 too, which `Date.UTC` would shift). */
function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/**
 * An API date-time (DD.MM.YYYY HH:MM:SS in the channel's zone) as an instant, 0 if unreadable;
 * the same as `parseApiDateTime`, with the zone's offset cached per quarter-hour of wall time
 * (zones change their offset on the hour or half-hour, and a sync reads a million dates).
 */
export function instantOf(date: string, timeZone: string): number {
  const parsed = parseWallTime(date);
  if (parsed === null) return 0;
  if ("instant" in parsed) return parsed.instant;
  const wall = wallAsUtc(parsed);
  const quarter = Math.floor(parsed.minute / 15);
  const { year, month, day, hour } = parsed;
  const key = `${timeZone} ${String(year)}-${String(month)}-${String(day)} ${String(hour)}:${String(quarter)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = fromWallTime(parsed, timeZone) - wall;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return wall + offset;
}

function userIdOf(item: Subscriber): number | undefined {
  return item.vk_user_id ?? item.tg_user_id;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** The highest record id among the items (0 when none). */
  maxRecordId: number;
}

/**
 * Writes subscriber records as the API gave them (a page of subscribers/get, read by the sync
 * or passing through the gateway): new people are added, known ones replaced and confirmed
 * now, people flagged as left are back. One transaction.
 */
export function upsertPeople(
  db: GatewayDb,
  ref: DirectoryRef,
  items: readonly Subscriber[],
  now: number,
): UpsertResult {
  const fts = ftsTable(ref.dirId);
  const find = db.prepare(
    "SELECT id, keys, left_at FROM directory_people WHERE dir_id = ? AND record_id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO directory_people (dir_id, record_id, user_id, first_name, last_name, photo,
       status, ignore, date, date_at, subscriptions, utms, vars, sort_name, sort_name_ru, keys,
       confirmed_at)
     VALUES (@dir_id, @record_id, @user_id, @first_name, @last_name, @photo, @status, @ignore,
       @date, @date_at, @subscriptions, @utms, @vars, @sort_name, @sort_name_ru, @keys,
       @confirmed_at)
     RETURNING id`,
  );
  const update = db.prepare(
    `UPDATE directory_people SET user_id = @user_id, first_name = @first_name,
       last_name = @last_name, photo = @photo, status = @status, ignore = @ignore, date = @date,
       date_at = @date_at, subscriptions = @subscriptions, utms = @utms, vars = @vars,
       sort_name = @sort_name, sort_name_ru = @sort_name_ru, keys = @keys, confirmed_at = @confirmed_at, left_at = NULL
     WHERE id = @id`,
  );
  const ftsInsert = db.prepare(`INSERT INTO ${fts} (rowid, keys) VALUES (?, ?)`);
  const ftsDelete = db.prepare(`DELETE FROM ${fts} WHERE rowid = ?`);
  return db
    .transaction(() => {
      const result: UpsertResult = { inserted: 0, updated: 0, maxRecordId: 0 };
      let back = 0;
      for (const item of items) {
        const recordId = Number(item.id);
        const userId = userIdOf(item);
        if (!Number.isSafeInteger(recordId) || recordId <= 0 || userId === undefined) continue;
        result.maxRecordId = Math.max(result.maxRecordId, recordId);
        const keys = nameKeys(item.first_name, item.last_name).join(" ");
        const values = {
          dir_id: ref.dirId,
          record_id: recordId,
          user_id: userId,
          first_name: item.first_name,
          last_name: item.last_name,
          photo: item.photo,
          status: item.status,
          ignore: item.ignore ?? 0,
          date: item.date,
          date_at: instantOf(item.date, ref.timeZone),
          subscriptions: JSON.stringify(item.subscriptions),
          utms: JSON.stringify(item.utms),
          vars: JSON.stringify(item.vars),
          sort_name: nameSortKey(item.first_name, item.last_name),
          sort_name_ru: nameSortKeyRu(item.first_name, item.last_name),
          keys,
          confirmed_at: now,
        };
        const found = find.get(ref.dirId, recordId) as
          { id: number; keys: string; left_at: number | null } | undefined;
        if (found) {
          update.run({ ...values, id: found.id });
          if (found.keys !== keys) {
            ftsDelete.run(found.id);
            ftsInsert.run(found.id, keys);
          }
          if (found.left_at !== null) back += 1;
          result.updated += 1;
        } else {
          const { id } = insert.get(values) as { id: number };
          ftsInsert.run(id, keys);
          result.inserted += 1;
        }
      }
      adjustCounts(db, ref.dirId, result.inserted + back, -back, now);
      return result;
    })
    .immediate();
}

/** The person with this user id: the record not flagged as left first, then the newest. */
export function findPerson(db: GatewayDb, dirId: number, userId: number): PersonRow | undefined {
  return db
    .prepare(
      `SELECT * FROM directory_people WHERE dir_id = ? AND user_id = ?
       ORDER BY left_at IS NOT NULL, record_id DESC LIMIT 1`,
    )
    .get(dirId, userId) as PersonRow | undefined;
}

export function findRecord(db: GatewayDb, dirId: number, recordId: number): PersonRow | undefined {
  return db
    .prepare("SELECT * FROM directory_people WHERE dir_id = ? AND record_id = ?")
    .get(dirId, recordId) as PersonRow | undefined;
}

/** Several people by user id at once; the map holds those the directory knows. */
export function findPeople(
  db: GatewayDb,
  dirId: number,
  userIds: readonly number[],
): Map<number, PersonRow> {
  const rows = db
    .prepare(
      `SELECT * FROM directory_people WHERE dir_id = ?
         AND user_id IN (SELECT value FROM json_each(?))
       ORDER BY left_at IS NOT NULL DESC, record_id`,
    )
    .all(dirId, JSON.stringify(userIds)) as PersonRow[];
  // Later rows win: the one not flagged as left, then the newest record.
  return new Map(rows.map((row) => [row.user_id, row]));
}

interface Variable {
  n: string;
  v: string;
}

function editPerson(
  db: GatewayDb,
  dirId: number,
  userId: number,
  now: number,
  edit: (row: PersonRow) => Partial<Pick<PersonRow, "vars" | "subscriptions">>,
): boolean {
  const row = findPerson(db, dirId, userId);
  if (!row) return false;
  const changes = edit(row);
  db.prepare(
    `UPDATE directory_people SET vars = coalesce(?, vars), subscriptions = coalesce(?, subscriptions),
       confirmed_at = ? WHERE id = ?`,
  ).run(changes.vars ?? null, changes.subscriptions ?? null, now, row.id);
  adjustCounts(db, dirId, 0, 0, now);
  return true;
}

function parseList<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

/** A variable set (value) or deleted (null) for a person the directory knows. */
export function setVariable(
  db: GatewayDb,
  dirId: number,
  userId: number,
  name: string,
  value: string | null,
  now: number,
): boolean {
  return editPerson(db, dirId, userId, now, (row) => {
    const vars = parseList<Variable>(row.vars).filter((item) => item.n !== name);
    if (value !== null) vars.push({ n: name, v: value });
    vars.sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
    return { vars: JSON.stringify(vars) };
  });
}

/** A person's variables as vars/get answered them (all of them). */
export function replaceVariables(
  db: GatewayDb,
  dirId: number,
  userId: number,
  items: readonly { name: string; value: string }[],
  now: number,
): boolean {
  const vars = items.map((item) => ({ n: item.name, v: item.value }));
  return editPerson(db, dirId, userId, now, () => ({ vars: JSON.stringify(vars) }));
}

interface Membership {
  subscription_id: number;
  date?: string;
  source?: string;
}

export function addSubscription(
  db: GatewayDb,
  dirId: number,
  userId: number,
  membership: Membership & { date: string; source: string },
  now: number,
): boolean {
  return editPerson(db, dirId, userId, now, (row) => {
    const list = parseList<Membership>(row.subscriptions);
    if (list.some((item) => item.subscription_id === membership.subscription_id)) return {};
    return { subscriptions: JSON.stringify([...list, membership]) };
  });
}

/** Removes a subscription (0: every one) from a person the directory knows. */
export function removeSubscription(
  db: GatewayDb,
  dirId: number,
  userId: number,
  subscriptionId: number,
  now: number,
): boolean {
  return editPerson(db, dirId, userId, now, (row) => {
    const list = parseList<Membership>(row.subscriptions).filter(
      (item) => subscriptionId !== 0 && item.subscription_id !== subscriptionId,
    );
    return { subscriptions: JSON.stringify(list) };
  });
}

/** Rows of the people table one step of `markLeftFrom` reads. */
export const MARK_LEFT_STEP = 20_000;

/**
 * Flags as left everyone not confirmed since `before` (the start of a full pass), one step: the
 * rows with an id from `from` on, at most `step` of them (every directory's: the ids are the table's rowids, so the step reads one range of the table
 * instead of the channel). Returns the id to go on from, undefined at the end. The sync runs
 * the steps with the event loop given back between them: a channel of a million people is
 * never one long write.
 */
export function markLeftFrom(
  db: GatewayDb,
  dirId: number,
  before: number,
  now: number,
  from: number,
  step = MARK_LEFT_STEP,
): { changes: number; next: number | undefined } {
  return db
    .transaction(() => {
      const end = db
        .prepare(
          `SELECT max(id) AS last, count(*) AS n FROM
           (SELECT id FROM directory_people WHERE id >= ? ORDER BY id LIMIT ?)`,
        )
        .get(from, step) as { last: number | null; n: number };
      if (end.last === null) return { changes: 0, next: undefined };
      const changes = db
        .prepare(
          `UPDATE directory_people SET left_at = ?
         WHERE id >= ? AND id <= ? AND dir_id = ? AND left_at IS NULL AND confirmed_at < ?`,
        )
        .run(now, from, end.last, dirId, before).changes;
      adjustCounts(db, dirId, -changes, changes, now);
      return { changes, next: end.n < step ? undefined : end.last + 1 };
    })
    .immediate();
}

/** Deletes people flagged as left before `before`, at most `batch`; returns how many. */
export function purgeLeft(db: GatewayDb, dirId: number, before: number, batch = 5000): number {
  const fts = ftsTable(dirId);
  return db
    .transaction(() => {
      const rows = db
        .prepare(
          `DELETE FROM directory_people WHERE id IN (SELECT id FROM directory_people
           WHERE dir_id = ? AND left_at IS NOT NULL AND left_at < ? LIMIT ?) RETURNING id`,
        )
        .all(dirId, before, batch) as { id: number }[];
      const ftsDelete = db.prepare(`DELETE FROM ${fts} WHERE rowid = ?`);
      for (const row of rows) ftsDelete.run(row.id);
      db.prepare("UPDATE directory_channels SET left_count = left_count - ? WHERE dir_id = ?").run(
        rows.length,
        dirId,
      );
      return rows.length;
    })
    .immediate();
}

/** Counts recomputed from the rows (after a full pass; the running counts are kept by code). */
export function recount(db: GatewayDb, dirId: number): void {
  db.prepare(
    `UPDATE directory_channels SET
       people = (SELECT count(*) FROM directory_people WHERE dir_id = @dirId AND left_at IS NULL),
       left_count = (SELECT count(*) FROM directory_people
                      WHERE dir_id = @dirId AND left_at IS NOT NULL)
     WHERE dir_id = @dirId`,
  ).run({ dirId });
}

/** People the API no longer has (a read by user id did not find them): flagged as left. */
export function markPeopleLeft(
  db: GatewayDb,
  dirId: number,
  userIds: readonly number[],
  now: number,
): number {
  if (userIds.length === 0) return 0;
  return db
    .transaction(() => {
      const changes = db
        .prepare(
          `UPDATE directory_people SET left_at = ? WHERE dir_id = ? AND left_at IS NULL
           AND user_id IN (SELECT value FROM json_each(?))`,
        )
        .run(now, dirId, JSON.stringify(userIds)).changes;
      adjustCounts(db, dirId, -changes, changes, now);
      return changes;
    })
    .immediate();
}
