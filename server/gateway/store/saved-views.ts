import { VIEWS_MAX } from "../../../src/contract/view-constants";
import type { ViewItem } from "../../../src/contract/views";
import type { GatewayDb } from "./database";

/**
 * Saved views of the subscribers page (src/contract/views.ts), per channel. Who may see or
 * change which view is decided here, in one place: a person sees their own views and the
 * channel's shared ones; only the owner changes a view; an administrator may delete a shared
 * one (a view left by someone gone, or one that misleads the team).
 */

interface Row {
  view_id: number;
  name: string;
  search: string;
  shared: number;
  owner: string;
  pinned: number;
}

const SELECT = `
  SELECT v.view_id, v.name, v.search, v.shared, v.owner,
    EXISTS (SELECT 1 FROM saved_view_pins p WHERE p.view_id = v.view_id AND p.username = @me)
      AS pinned
  FROM saved_views v`;
const VISIBLE = "v.group_id = @groupId AND (v.owner = @me OR v.shared = 1)";

function itemOf(row: Row, me: string): ViewItem {
  return {
    view_id: row.view_id,
    name: row.name,
    search: row.search,
    shared: row.shared === 1,
    pinned: row.pinned === 1,
    owner: row.owner,
    mine: row.owner === me,
  };
}

/** Whose request it is: the account and the channel it works on. */
export interface ViewReader {
  groupId: number;
  me: string;
}

/** The views of the channel `me` may see: mine and the shared ones, by name. */
export function listViews(db: GatewayDb, reader: ViewReader): ViewItem[] {
  const rows = db
    .prepare(`${SELECT} WHERE ${VISIBLE} ORDER BY v.name COLLATE NOCASE, v.view_id`)
    .all(reader) as Row[];
  return rows.map((row) => itemOf(row, reader.me));
}

/** One view `me` may see, or undefined (missing, another channel's, someone else's private). */
export function findView(db: GatewayDb, reader: ViewReader, viewId: number): ViewItem | undefined {
  const row = db
    .prepare(`${SELECT} WHERE ${VISIBLE} AND v.view_id = @viewId`)
    .get({ ...reader, viewId }) as Row | undefined;
  return row && itemOf(row, reader.me);
}

export class ViewsFullError extends Error {
  override readonly name = "ViewsFullError";
}

export interface NewView {
  name: string;
  search: string;
  shared: boolean;
  pinned: boolean;
}

/** Saves a view owned by `me`; past VIEWS_MAX of theirs in the channel, ViewsFullError. */
export function createView(db: GatewayDb, reader: ViewReader, view: NewView, at: number): ViewItem {
  const viewId = db
    .transaction(() => {
      const { n } = db
        .prepare("SELECT count(*) AS n FROM saved_views WHERE group_id = ? AND owner = ?")
        .get(reader.groupId, reader.me) as { n: number };
      if (n >= VIEWS_MAX) {
        throw new ViewsFullError(
          `${reader.me} keeps ${String(n)} views of ${String(reader.groupId)}`,
        );
      }
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO saved_views (group_id, owner, name, search, shared, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(reader.groupId, reader.me, view.name, view.search, view.shared ? 1 : 0, at, at);
      const id = Number(lastInsertRowid);
      if (view.pinned) pin(db, id, reader.me, at);
      return id;
    })
    .immediate();
  const item = findView(db, reader, viewId);
  if (!item) throw new Error(`view ${String(viewId)} vanished as it was saved`);
  return item;
}

export interface ViewChange {
  name?: string | undefined;
  search?: string | undefined;
  shared?: boolean | undefined;
}

/** Changes a view of `me`'s own (the caller checked ownership). */
export function changeView(db: GatewayDb, viewId: number, change: ViewChange, at: number): void {
  db.prepare(
    `UPDATE saved_views SET
       name = coalesce(@name, name),
       search = coalesce(@search, search),
       shared = coalesce(@shared, shared),
       updated_at = @at
     WHERE view_id = @viewId`,
  ).run({
    viewId,
    at,
    name: change.name ?? null,
    search: change.search ?? null,
    shared: change.shared === undefined ? null : change.shared ? 1 : 0,
  });
}

/** Deletes a view and everyone's pins of it. */
export function deleteView(db: GatewayDb, viewId: number): void {
  db.prepare("DELETE FROM saved_views WHERE view_id = ?").run(viewId);
}

function pin(db: GatewayDb, viewId: number, username: string, at: number): void {
  db.prepare(
    `INSERT INTO saved_view_pins (view_id, username, pinned_at) VALUES (?, ?, ?)
     ON CONFLICT (view_id, username) DO NOTHING`,
  ).run(viewId, username, at);
}

/** Puts a view in `me`'s navigation or takes it out (the caller checked they see it). */
export function setPinned(
  db: GatewayDb,
  viewId: number,
  me: string,
  pinned: boolean,
  at: number,
): void {
  if (pinned) pin(db, viewId, me, at);
  else {
    db.prepare("DELETE FROM saved_view_pins WHERE view_id = ? AND username = ?").run(viewId, me);
  }
}
