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
  // What the production API offers beyond the seed (api-facts.md): delivery kinds, statuses and
  // counters (reads, clicks, unsubscribes), typed bot steps with run counts, subscription
  // settings, campaign tags made by the API (no subscription), channel-wide variables, WebHooks,
  // and the indexes the filters of subscribers/get drive their queries from.
  `
  UPDATE deliveries SET
    type = CASE type WHEN 'mass' THEN 'subscription' ELSE type END,
    status = CASE status WHEN 'sent' THEN 'done' WHEN 'scheduled' THEN 'waiting' ELSE status END;
  ALTER TABLE deliveries ADD COLUMN inactive INTEGER NOT NULL DEFAULT 0;

  -- clicked_at: when the person first clicked a link in the message. unsubscribed: they left a
  -- subscription within 24 hours after the message (kept by the trigger below).
  ALTER TABLE delivery_records ADD COLUMN is_read INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE delivery_records ADD COLUMN clicked_at INTEGER;
  ALTER TABLE delivery_records ADD COLUMN unsubscribed INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX delivery_records_by_delivery
    ON delivery_records (delivery_id, subscriber_id, error, is_read, clicked_at)
    WHERE delivery_id IS NOT NULL;
  CREATE INDEX delivery_records_by_click ON delivery_records (channel_id, clicked_at)
    WHERE clicked_at IS NOT NULL;

  -- Counters of each mass delivery, exact by triggers, so deliveries/get reads one row each.
  CREATE TABLE delivery_stats (
    delivery_id INTEGER PRIMARY KEY,
    recipients INTEGER NOT NULL DEFAULT 0,
    sent INTEGER NOT NULL DEFAULT 0,
    errors INTEGER NOT NULL DEFAULT 0,
    read INTEGER NOT NULL DEFAULT 0,
    clicked INTEGER NOT NULL DEFAULT 0,
    unsubscribed INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO delivery_stats (delivery_id, recipients, sent, errors, read, clicked, unsubscribed)
    SELECT delivery_id, count(*), sum(error = 0), sum(error <> 0), sum(is_read = 1),
           sum(clicked_at IS NOT NULL), sum(unsubscribed = 1)
      FROM delivery_records WHERE delivery_id IS NOT NULL GROUP BY delivery_id;

  CREATE TRIGGER delivery_records_stats_insert AFTER INSERT ON delivery_records
  WHEN NEW.delivery_id IS NOT NULL BEGIN
    INSERT INTO delivery_stats (delivery_id, recipients, sent, errors, read, clicked, unsubscribed)
      VALUES (NEW.delivery_id, 1, NEW.error = 0, NEW.error <> 0, NEW.is_read = 1,
              NEW.clicked_at IS NOT NULL, NEW.unsubscribed = 1)
      ON CONFLICT DO UPDATE SET recipients = recipients + 1, sent = sent + (NEW.error = 0),
        errors = errors + (NEW.error <> 0), read = read + (NEW.is_read = 1),
        clicked = clicked + (NEW.clicked_at IS NOT NULL),
        unsubscribed = unsubscribed + (NEW.unsubscribed = 1);
  END;
  CREATE TRIGGER delivery_records_stats_delete AFTER DELETE ON delivery_records
  WHEN OLD.delivery_id IS NOT NULL BEGIN
    UPDATE delivery_stats SET recipients = recipients - 1, sent = sent - (OLD.error = 0),
      errors = errors - (OLD.error <> 0), read = read - (OLD.is_read = 1),
      clicked = clicked - (OLD.clicked_at IS NOT NULL),
      unsubscribed = unsubscribed - (OLD.unsubscribed = 1)
     WHERE delivery_id = OLD.delivery_id;
  END;
  CREATE TRIGGER delivery_records_stats_update
  AFTER UPDATE OF delivery_id, error, is_read, clicked_at, unsubscribed ON delivery_records BEGIN
    UPDATE delivery_stats SET recipients = recipients - 1, sent = sent - (OLD.error = 0),
      errors = errors - (OLD.error <> 0), read = read - (OLD.is_read = 1),
      clicked = clicked - (OLD.clicked_at IS NOT NULL),
      unsubscribed = unsubscribed - (OLD.unsubscribed = 1)
     WHERE delivery_id = OLD.delivery_id;
    INSERT INTO delivery_stats (delivery_id, recipients, sent, errors, read, clicked, unsubscribed)
      SELECT NEW.delivery_id, 1, NEW.error = 0, NEW.error <> 0, NEW.is_read = 1,
             NEW.clicked_at IS NOT NULL, NEW.unsubscribed = 1
       WHERE NEW.delivery_id IS NOT NULL
      ON CONFLICT DO UPDATE SET recipients = recipients + 1, sent = sent + (NEW.error = 0),
        errors = errors + (NEW.error <> 0), read = read + (NEW.is_read = 1),
        clicked = clicked + (NEW.clicked_at IS NOT NULL),
        unsubscribed = unsubscribed + (NEW.unsubscribed = 1);
  END;

  -- An unsubscribe counts for every mass delivery the person received in the 24 hours before.
  CREATE TRIGGER subscription_events_unsubscribed AFTER INSERT ON subscription_events
  WHEN NEW.action = 2 BEGIN
    UPDATE delivery_records SET unsubscribed = 1
     WHERE subscriber_id = NEW.subscriber_id AND at BETWEEN NEW.at - 86400 AND NEW.at
       AND delivery_id IS NOT NULL AND error = 0 AND unsubscribed = 0;
  END;

  -- Bot steps: their kind and how many times each ran.
  ALTER TABLE bot_steps ADD COLUMN type TEXT NOT NULL DEFAULT 'message';
  ALTER TABLE bot_steps ADD COLUMN lead_inc INTEGER NOT NULL DEFAULT 0;
  UPDATE bot_steps SET lead_inc = x.n
    FROM (SELECT bot_id, step_id, count(*) AS n FROM delivery_records
           WHERE bot_id IS NOT NULL GROUP BY bot_id, step_id) AS x
   WHERE x.bot_id = bot_steps.bot_id AND x.step_id = bot_steps.step_id;
  CREATE INDEX bot_runs_by_step ON bot_runs (bot_id, step_id, subscriber_id);

  -- Subscriptions: the settings of subscriptions/add (a JSON object) and their member count.
  ALTER TABLE subscriptions ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE subscriptions ADD COLUMN members INTEGER NOT NULL DEFAULT 0;
  UPDATE subscriptions SET members = x.n
    FROM (SELECT subscription_id, count(*) AS n FROM memberships GROUP BY subscription_id) AS x
   WHERE x.subscription_id = subscriptions.id;
  CREATE TRIGGER memberships_count_insert AFTER INSERT ON memberships BEGIN
    UPDATE subscriptions SET members = members + 1 WHERE id = NEW.subscription_id;
  END;
  CREATE TRIGGER memberships_count_delete AFTER DELETE ON memberships BEGIN
    UPDATE subscriptions SET members = members - 1 WHERE id = OLD.subscription_id;
  END;

  -- A tag made by utms/add leads to no subscription: subscription_id becomes nullable. SQLite
  -- cannot drop NOT NULL in place, so the table is rebuilt; subscriber_utms, which refers to
  -- it, is moved aside first so that dropping the old table cascades to nothing.
  CREATE TEMP TABLE subscriber_utms_copy AS SELECT subscriber_id, utm_id FROM subscriber_utms;
  DROP TABLE subscriber_utms;
  CREATE TABLE utm_tags_new (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    subscription_id INTEGER REFERENCES subscriptions (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    utm_content TEXT NOT NULL DEFAULT '',
    utm_term TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  INSERT INTO utm_tags_new (id, channel_id, subscription_id, name, utm_source, utm_medium,
                            utm_campaign, utm_content, utm_term, created_at)
    SELECT id, channel_id, subscription_id, name, utm_source, utm_medium, utm_campaign,
           utm_content, utm_term, created_at FROM utm_tags;
  DROP TABLE utm_tags;
  ALTER TABLE utm_tags_new RENAME TO utm_tags;
  CREATE INDEX utm_tags_by_channel ON utm_tags (channel_id, id);
  CREATE TABLE subscriber_utms (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    utm_id INTEGER NOT NULL REFERENCES utm_tags (id) ON DELETE CASCADE,
    PRIMARY KEY (subscriber_id, utm_id)
  ) WITHOUT ROWID;
  INSERT INTO subscriber_utms (subscriber_id, utm_id)
    SELECT subscriber_id, utm_id FROM temp.subscriber_utms_copy;
  DROP TABLE temp.subscriber_utms_copy;
  CREATE INDEX subscriber_utms_by_tag ON subscriber_utms (utm_id, subscriber_id);

  CREATE TABLE global_variables (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (channel_id, name)
  ) WITHOUT ROWID;

  -- Filters of subscribers/get: variables by value.
  CREATE INDEX variables_by_value ON variables (name, value);

  -- A zone map of first-subscription times: per channel and block of 4096 record ids, the
  -- earliest and latest created_at and how many people were added. A date_first page walks
  -- only the blocks whose span meets the period, in id order. Bounds only widen and counts
  -- only grow (a deleted person leaves them as they were): a block is never skipped wrongly,
  -- and the sum of a period's blocks is an upper bound of its people.
  CREATE TABLE subscriber_blocks (
    channel_id INTEGER NOT NULL,
    block INTEGER NOT NULL,
    min_created INTEGER NOT NULL,
    max_created INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (channel_id, block)
  ) WITHOUT ROWID;
  INSERT INTO subscriber_blocks (channel_id, block, min_created, max_created, n)
    SELECT channel_id, id / 4096, min(created_at), max(created_at), count(*) FROM subscribers
     GROUP BY 1, 2;
  CREATE TRIGGER subscribers_blocks_insert AFTER INSERT ON subscribers BEGIN
    INSERT INTO subscriber_blocks (channel_id, block, min_created, max_created, n)
      VALUES (NEW.channel_id, NEW.id / 4096, NEW.created_at, NEW.created_at, 1)
      ON CONFLICT DO UPDATE SET min_created = min(min_created, excluded.min_created),
                                max_created = max(max_created, excluded.max_created), n = n + 1;
  END;
  CREATE TRIGGER subscribers_blocks_update AFTER UPDATE OF channel_id, created_at ON subscribers
  BEGIN
    INSERT INTO subscriber_blocks (channel_id, block, min_created, max_created, n)
      VALUES (NEW.channel_id, NEW.id / 4096, NEW.created_at, NEW.created_at, 1)
      ON CONFLICT DO UPDATE SET min_created = min(min_created, excluded.min_created),
                                max_created = max(max_created, excluded.max_created), n = n + 1;
  END;

  -- WebHooks: where each channel's subscribe and unsubscribe events are pushed, and the queue of
  -- events to push (filled by a trigger, so every writer of events is covered; see hooks/).
  CREATE TABLE hooks (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('get', 'json', 'form')),
    secret TEXT NOT NULL DEFAULT '',
    on_subscribe INTEGER NOT NULL DEFAULT 1,
    on_unsubscribe INTEGER NOT NULL DEFAULT 1,
    state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused')),
    errors INTEGER NOT NULL DEFAULT 0,
    delivered INTEGER NOT NULL DEFAULT 0,
    dropped INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    UNIQUE (channel_id, url)
  );
  CREATE TABLE hook_queue (
    id INTEGER PRIMARY KEY,
    hook_id INTEGER NOT NULL REFERENCES hooks (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX hook_queue_by_hook ON hook_queue (hook_id, id);
  CREATE TRIGGER subscription_events_hooks AFTER INSERT ON subscription_events BEGIN
    INSERT INTO hook_queue (hook_id, event_id)
      SELECT id, NEW.id FROM hooks
       WHERE channel_id = NEW.channel_id AND state = 'active'
         AND (CASE NEW.action WHEN 1 THEN on_subscribe ELSE on_unsubscribe END) = 1;
  END;
  `,
  // Demo databases made before the local Channel API drew its own photos pointed at stock
  // photo hosts: each stock face becomes the picture of the same look drawn locally (the same
  // path pickPhoto now gives), so an existing demo also stops asking other hosts. Any other
  // address is left as it is.
  `
  UPDATE subscribers
     SET photo = '/local-photos/' || channel_id || '/' || user_id || '-' ||
                 ((CAST(substr(photo, instr(photo, '?img=') + 5) AS INTEGER) + 69) % 70) || '.svg'
   WHERE photo LIKE 'https://i.pravatar.cc/%?img=%';
  UPDATE channels SET photo = '/local-photos/' || id || '.svg'
   WHERE photo LIKE 'https://picsum.photos/seed/coffee-club-%';
  `,
  // Segments (issue 18): the date filters of subscribers/get read the people of a period from
  // an index alone, without a lookup of each record. Measured on 1,000,000 subscribers
  // (bench/api-filters.ts, README): the drivers of date_delivery, date_first_delivery,
  // date_last_delivery, date_away and date_subscription, and the per-person probe of the first
  // and last message (min/max over the person's received messages) were reading every matching
  // record's row to check `error`, `action` or to take `subscriber_id`.
  `
  CREATE INDEX delivery_records_sent_by_time ON delivery_records (channel_id, at, subscriber_id)
    WHERE error = 0;
  CREATE INDEX delivery_records_sent_by_person ON delivery_records (subscriber_id, at)
    WHERE error = 0;
  DROP INDEX delivery_records_by_click;
  CREATE INDEX delivery_records_by_click ON delivery_records (channel_id, clicked_at, subscriber_id)
    WHERE clicked_at IS NOT NULL;
  CREATE INDEX subscription_events_subscribed ON subscription_events (channel_id, at, subscriber_id)
    WHERE action = 1;
  `,
];
