import type Database from "better-sqlite3";
import { openSqlite } from "../../shared/sqlite";
import { DIRECTORY_SCHEMA } from "./directory-schema";
import { JOBS_SCHEMA } from "./jobs-schema";

export type GatewayDb = Database.Database;

// Transactions that write begin IMMEDIATE (`db.transaction(…).immediate()`): the directory's
// write worker commits from a connection of its own, and a deferred transaction that read
// before it wrote would fail at once with SQLITE_BUSY_SNAPSHOT instead of waiting its turn.

/** Schema steps by `PRAGMA user_version`; appended, never edited once released. */
const migrations: readonly string[] = [
  `
  CREATE TABLE accounts (
    username TEXT PRIMARY KEY,
    role TEXT NOT NULL CHECK (role IN ('admin', 'marketing', 'support')),
    -- JSON array of group ids the account may work on.
    channels TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    password_changed_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  -- Only a SHA-256 digest of the session id is kept: a copy of this file signs nobody in.
  CREATE TABLE sessions (
    digest TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES accounts (username) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_by_user ON sessions (username);
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);
  `,
  // The interface language the account chose (POST /auth/locale), NULL until it chooses: it
  // follows the person to another browser. Checked by the contract, not here, so a language
  // added later needs no migration.
  `ALTER TABLE accounts ADD COLUMN locale TEXT;`,
  DIRECTORY_SCHEMA,
  // Campaign labels of UTM tags (routes/campaigns.ts): a person's grouping of a channel's tags.
  `
  CREATE TABLE campaign_labels (
    group_id INTEGER NOT NULL,
    utm_id INTEGER NOT NULL,
    label TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    updated_by TEXT NOT NULL,
    PRIMARY KEY (group_id, utm_id)
  ) WITHOUT ROWID;
  `,
  // The directory's list by name follows the reader's collation (src/lib/name-key.ts): the name
  // as shown (first, then family name), and a second key in the Russian order (Cyrillic first).
  // Keys are made in JavaScript, so rows read before this step are rewritten by a full pass,
  // asked for here; until it ends, they sort by their old key, or first in Russian.
  `
  ALTER TABLE directory_people ADD COLUMN sort_name_ru TEXT NOT NULL DEFAULT '';
  CREATE INDEX directory_people_by_name_ru ON directory_people (dir_id, sort_name_ru, record_id)
    WHERE left_at IS NULL;
  UPDATE directory_channels SET pass_requested = 1;
  `,
  // Saved views of the subscribers page (routes/views.ts): per channel, owned by the account
  // that made it; `search` is the page's cleaned query string. Pins are each person's own.
  `
  CREATE TABLE saved_views (
    view_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    owner TEXT NOT NULL REFERENCES accounts (username) ON DELETE CASCADE,
    name TEXT NOT NULL,
    search TEXT NOT NULL,
    shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX saved_views_by_owner ON saved_views (group_id, owner);
  CREATE INDEX saved_views_shared ON saved_views (group_id) WHERE shared = 1;
  CREATE TABLE saved_view_pins (
    view_id INTEGER NOT NULL REFERENCES saved_views (view_id) ON DELETE CASCADE,
    username TEXT NOT NULL REFERENCES accounts (username) ON DELETE CASCADE,
    pinned_at INTEGER NOT NULL,
    PRIMARY KEY (view_id, username)
  ) WITHOUT ROWID;
  CREATE INDEX saved_view_pins_by_user ON saved_view_pins (username);
  `,
  // Jobs on segments and the state of each of their people (store/jobs.ts).
  JOBS_SCHEMA,
];

export function openGatewayDb(path: string): GatewayDb {
  return openSqlite(path, migrations, {
    what: "the gateway database",
    hint: "use a newer Channel Desk or another GATEWAY_DB",
    // The directory's search indexes of a million people are tens of MB: the pages a search
    // reads stay in the cache rather than being read from the file again (default: 2 MB).
    cacheKiB: 32768,
  });
}
