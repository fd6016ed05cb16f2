/**
 * Schema of the local Channel API. Each entry moves the database one `PRAGMA user_version`
 * forward; entries are never edited once released, only appended.
 *
 * Times are unix seconds (INTEGER). A subscriber's `id` is the record id the API shows as a
 * string and takes back as the `offset_id` cursor; `user_id` is the person's vk_user_id or
 * tg_user_id, by the kind of the channel.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('vk', 'tg')),
    name TEXT NOT NULL,
    photo TEXT NOT NULL DEFAULT '',
    external_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    time_zone TEXT NOT NULL
  );

  CREATE TABLE tokens (
    token TEXT PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE
  ) WITHOUT ROWID;

  CREATE TABLE subscribers (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    photo TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 1,
    ignore INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (channel_id, user_id)
  );
  CREATE INDEX subscribers_by_channel ON subscribers (channel_id, id);
  CREATE INDEX subscribers_by_status ON subscribers (channel_id, status);

  CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    name TEXT NOT NULL
  );
  CREATE INDEX subscriptions_by_channel ON subscriptions (channel_id, id);

  CREATE TABLE memberships (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (subscriber_id, subscription_id)
  ) WITHOUT ROWID;
  CREATE INDEX memberships_by_subscription ON memberships (subscription_id, subscriber_id);

  CREATE TABLE utm_tags (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    utm_content TEXT NOT NULL DEFAULT '',
    utm_term TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX utm_tags_by_channel ON utm_tags (channel_id, id);

  CREATE TABLE subscriber_utms (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    utm_id INTEGER NOT NULL REFERENCES utm_tags (id) ON DELETE CASCADE,
    PRIMARY KEY (subscriber_id, utm_id)
  ) WITHOUT ROWID;
  CREATE INDEX subscriber_utms_by_tag ON subscriber_utms (utm_id, subscriber_id);

  CREATE TABLE subscription_events (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    subscription_id INTEGER NOT NULL,
    action INTEGER NOT NULL CHECK (action IN (1, 2)),
    source TEXT NOT NULL,
    utm_id INTEGER,
    ignore INTEGER NOT NULL DEFAULT 0,
    at INTEGER NOT NULL
  );
  CREATE INDEX subscription_events_by_time
    ON subscription_events (channel_id, at, action, subscription_id, utm_id);
  CREATE INDEX subscription_events_by_person ON subscription_events (subscriber_id, at);

  CREATE TABLE variables (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (subscriber_id, name)
  ) WITHOUT ROWID;

  CREATE TABLE bots (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    published INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX bots_by_channel ON bots (channel_id, id);

  CREATE TABLE bot_steps (
    bot_id INTEGER NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    step_id TEXT NOT NULL,
    title TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (bot_id, step_id)
  ) WITHOUT ROWID;

  CREATE TABLE bot_runs (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    bot_id INTEGER NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    step_id TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    PRIMARY KEY (subscriber_id, bot_id)
  ) WITHOUT ROWID;
  CREATE INDEX bot_runs_by_bot ON bot_runs (bot_id, subscriber_id);

  CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX deliveries_by_channel ON deliveries (channel_id, id);

  -- One row per sent message: a mass delivery's (delivery_id) or a bot step's (bot_id, step_id).
  CREATE TABLE delivery_records (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    delivery_id INTEGER REFERENCES deliveries (id) ON DELETE CASCADE,
    bot_id INTEGER REFERENCES bots (id) ON DELETE CASCADE,
    step_id TEXT,
    part_id INTEGER,
    bot_test INTEGER NOT NULL DEFAULT 0,
    error INTEGER NOT NULL DEFAULT 0,
    error_code INTEGER NOT NULL DEFAULT 0,
    vk_id INTEGER NOT NULL DEFAULT 0,
    conversation_message_id INTEGER,
    part_ids TEXT,
    at INTEGER NOT NULL,
    CHECK ((delivery_id IS NULL) <> (bot_id IS NULL))
  );
  CREATE INDEX delivery_records_by_time ON delivery_records (channel_id, at, id);
  CREATE INDEX delivery_records_by_person ON delivery_records (subscriber_id, at, id);
  `,
  // Hourly counts of subscription events, so statistics over long periods sum a few thousand
  // rows instead of counting a million index entries. Triggers keep it exact on every write;
  // hours are UTC hours (every zone in use today is a whole number of quarter hours from UTC,
  // so a period's edges are counted from the events themselves; see statistics.ts).
  `
  CREATE TABLE event_counts (
    channel_id INTEGER NOT NULL,
    hour INTEGER NOT NULL,
    subscription_id INTEGER NOT NULL,
    utm_id INTEGER NOT NULL,
    action INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (channel_id, hour, action, subscription_id, utm_id)
  ) WITHOUT ROWID;

  INSERT INTO event_counts (channel_id, hour, subscription_id, utm_id, action, n)
    SELECT channel_id, at / 3600, subscription_id, coalesce(utm_id, 0), action, count(*)
      FROM subscription_events GROUP BY 1, 2, 3, 4, 5;

  CREATE TRIGGER subscription_events_count_insert AFTER INSERT ON subscription_events BEGIN
    INSERT INTO event_counts (channel_id, hour, subscription_id, utm_id, action, n)
      VALUES (NEW.channel_id, NEW.at / 3600, NEW.subscription_id, coalesce(NEW.utm_id, 0),
              NEW.action, 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;

  CREATE TRIGGER subscription_events_count_delete AFTER DELETE ON subscription_events BEGIN
    UPDATE event_counts SET n = n - 1
     WHERE channel_id = OLD.channel_id AND hour = OLD.at / 3600 AND action = OLD.action
       AND subscription_id = OLD.subscription_id AND utm_id = coalesce(OLD.utm_id, 0);
  END;
  `,
];
