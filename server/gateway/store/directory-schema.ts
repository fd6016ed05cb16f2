/**
 * Tables of the subscriber directory in the gateway's database (migration 2).
 *
 * A channel's directory is one row of `directory_channels` with its own `dir_id`; its people,
 * hook events and bot runs carry that id, and its search index is the FTS5 table
 * `directory_fts_<dir_id>` (made on first need, see directory-fts.ts). Wiping a directory gives
 * the channel a new `dir_id` at once and leaves the old rows to a sweeper that deletes them in
 * small batches (`directory_trash`), so a wipe of a million people never blocks the gateway.
 */
export const DIRECTORY_SCHEMA = `
  CREATE TABLE directory_channels (
    dir_id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    -- Counts of people (not flagged as left) and of people flagged as left.
    people INTEGER NOT NULL DEFAULT 0,
    left_count INTEGER NOT NULL DEFAULT 0,
    -- A full pass under way: when it began, the offset_id to go on from, how far it is.
    pass_started_at INTEGER,
    pass_cursor TEXT,
    pass_read INTEGER NOT NULL DEFAULT 0,
    pass_total INTEGER,
    -- An administrator asked for a full pass now.
    pass_requested INTEGER NOT NULL DEFAULT 0,
    last_full_pass_at INTEGER,
    last_full_pass_started_at INTEGER,
    -- The highest record id read: incremental passes read what follows it.
    tail_cursor TEXT NOT NULL DEFAULT '',
    last_incremental_at INTEGER,
    updated_at INTEGER,
    error_message TEXT,
    error_at INTEGER,
    retry_at INTEGER,
    last_hook_at INTEGER
  );

  CREATE TABLE directory_people (
    id INTEGER PRIMARY KEY,
    dir_id INTEGER NOT NULL,
    record_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    photo TEXT NOT NULL,
    status INTEGER NOT NULL,
    ignore INTEGER NOT NULL,
    date TEXT NOT NULL,
    -- The record's date as an instant (ms), for the list by date.
    date_at INTEGER NOT NULL,
    -- As the API sent them, JSON.
    subscriptions TEXT NOT NULL,
    utms TEXT NOT NULL,
    vars TEXT NOT NULL,
    sort_name TEXT NOT NULL,
    -- The search keys indexed for this person: a new name re-indexes only when they change.
    keys TEXT NOT NULL,
    confirmed_at INTEGER NOT NULL,
    left_at INTEGER
  );
  CREATE UNIQUE INDEX directory_people_by_record ON directory_people (dir_id, record_id);
  CREATE INDEX directory_people_by_user ON directory_people (dir_id, user_id);
  CREATE INDEX directory_people_by_date ON directory_people (dir_id, date_at, record_id)
    WHERE left_at IS NULL;
  CREATE INDEX directory_people_by_name ON directory_people (dir_id, sort_name, record_id)
    WHERE left_at IS NULL;
  CREATE INDEX directory_people_left ON directory_people (dir_id, left_at)
    WHERE left_at IS NOT NULL;

  -- Subscribe and unsubscribe events brought by WebHooks, deduplicated by the event's id. (Tables
  -- with rowids, all of them: the sweeper deletes by rowid in batches.)
  CREATE TABLE directory_events (
    dir_id INTEGER NOT NULL,
    event_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    subscription_id INTEGER NOT NULL,
    utm_id INTEGER NOT NULL,
    source TEXT NOT NULL,
    date TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (dir_id, event_id)
  );
  CREATE INDEX directory_events_by_person ON directory_events (dir_id, user_id, received_at);

  -- The last bot start or stop sent for a person through the gateway.
  CREATE TABLE directory_bot_runs (
    dir_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    bot_id INTEGER NOT NULL,
    step_id TEXT,
    at INTEGER NOT NULL,
    by TEXT NOT NULL,
    PRIMARY KEY (dir_id, user_id)
  );

  -- Directories wiped or of channels no longer configured, whose rows the sweeper deletes.
  CREATE TABLE directory_trash (dir_id INTEGER PRIMARY KEY);

  -- WebHook secrets the gateway made for its local channels (kept across wipes and restarts).
  CREATE TABLE directory_hook_secrets (
    group_id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL
  );
`;
