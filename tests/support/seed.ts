import type { Db } from "../../server/channel-api/store/database";

/**
 * A small, hand-written data set whose every count is known, for exact assertions in tests.
 * Times are unix seconds; NOW is 2026-03-15 12:00:00 UTC (15:00 in Moscow).
 */
export const NOW = Date.UTC(2026, 2, 15, 12, 0, 0) / 1000;
const DAY = 86_400;

export const seedChannels = {
  tg: { groupId: 1001, token: "test-tg-token", timeZone: "Europe/Moscow" },
  vk: { groupId: 1002, token: "test-vk-token", timeZone: "UTC" },
} as const;

export const TG_PEOPLE = 30;
export const VK_PEOPLE = 10;
/** Telegram user ids are 700000001.. in record order; the last person has no subscription. */
export const tgUserId = (n: number) => 700_000_000 + n;
export const vkUserId = (n: number) => 500_000 + n;

export function seedTestData(db: Db): void {
  db.transaction(() => {
    const channel = db.prepare(
      `INSERT INTO channels (id, kind, name, photo, external_id, workspace_id, time_zone)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    channel.run(
      1001,
      "tg",
      "Test Telegram",
      "https://example.com/tg.png",
      "test_bot",
      "77",
      "Europe/Moscow",
    );
    channel.run(1002, "vk", "Test VK", "", "223344", "77", "UTC");
    const token = db.prepare("INSERT INTO tokens (token, channel_id) VALUES (?, ?)");
    token.run(seedChannels.tg.token, 1001);
    token.run(seedChannels.vk.token, 1002);

    const subscription = db.prepare(
      "INSERT INTO subscriptions (id, channel_id, name) VALUES (?, ?, ?)",
    );
    subscription.run(1, 1001, "News");
    subscription.run(2, 1001, "Offers");
    subscription.run(3, 1002, "VK digest");

    const tag = db.prepare(
      `INSERT INTO utm_tags (id, channel_id, subscription_id, name, utm_source, utm_medium, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    tag.run(11, 1001, 1, "Spring ads", "instagram", "cpc", NOW - 40 * DAY);
    tag.run(12, 1001, 2, "Newsletter", "email", "email", NOW - 40 * DAY);
    tag.run(13, 1002, 3, "VK ads", "vk_ads", "cpc", NOW - 40 * DAY);

    const person = db.prepare(
      `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const membership = db.prepare(
      "INSERT INTO memberships (subscriber_id, subscription_id, created_at, source) VALUES (?, ?, ?, ?)",
    );
    const event = db.prepare(
      `INSERT INTO subscription_events (channel_id, subscriber_id, subscription_id, action, source, utm_id, ignore, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const personUtm = db.prepare(
      "INSERT INTO subscriber_utms (subscriber_id, utm_id) VALUES (?, ?)",
    );
    const variable = db.prepare(
      "INSERT INTO variables (subscriber_id, name, value) VALUES (?, ?, ?)",
    );

    // Telegram: person n (1..30) subscribed to News n days ago at 10:00 UTC; every third
    // came through the Spring ads tag; every fifth is inactive; person 30 has no subscription.
    for (let n = 1; n <= TG_PEOPLE; n++) {
      const at = NOW - n * DAY - 2 * 3600;
      const id = Number(
        person.run(
          1001,
          tgUserId(n),
          `Name${String(n)}`,
          `Family${String(n)}`,
          n % 4 === 0 ? "" : `https://example.com/p${String(n)}.jpg`,
          n % 5 === 0 ? 2 : 1,
          n === 7 ? 1 : 0,
          at,
        ).lastInsertRowid,
      );
      if (n === TG_PEOPLE) continue;
      const utm = n % 3 === 0 ? 11 : null;
      membership.run(id, 1, at, "widget");
      event.run(1001, id, 1, 1, "widget", utm, n === 7 ? 1 : 0, at);
      if (utm !== null) personUtm.run(id, utm);
      if (n <= 5) {
        // The five most recent also took Offers, and two of them left it a day later.
        membership.run(id, 2, at + 60, "api");
        event.run(1001, id, 2, 1, "api", n === 1 ? 12 : null, 0, at + 60);
        if (n === 1) personUtm.run(id, 12);
        if (n === 2 || n === 3) {
          db.prepare("DELETE FROM memberships WHERE subscriber_id = ? AND subscription_id = 2").run(
            id,
          );
          event.run(1001, id, 2, 2, "api", null, 0, at + DAY / 2);
        }
      }
      if (n <= 3) variable.run(id, "city", n === 1 ? "Москва" : `City${String(n)}`);
      if (n === 1) variable.run(id, "plan", "gold");
    }
    for (let n = 1; n <= VK_PEOPLE; n++) {
      const at = NOW - n * DAY;
      const id = Number(
        person.run(1002, vkUserId(n), `Vk${String(n)}`, `Person${String(n)}`, "", 1, 0, at)
          .lastInsertRowid,
      );
      membership.run(id, 3, at, "site");
      event.run(1002, id, 3, 1, "site", n <= 2 ? 13 : null, 0, at);
      if (n <= 2) personUtm.run(id, 13);
    }

    db.prepare(
      "INSERT INTO bots (id, channel_id, title, created_at) VALUES (21, 1001, 'Welcome bot', ?)",
    ).run(NOW - 60 * DAY);
    db.prepare(
      "INSERT INTO bots (id, channel_id, title, created_at) VALUES (22, 1002, 'VK bot', ?)",
    ).run(NOW - 60 * DAY);
    const step = db.prepare(
      "INSERT INTO bot_steps (bot_id, step_id, title, position) VALUES (?, ?, ?, ?)",
    );
    step.run(21, "a1", "Hello", 1);
    step.run(21, "b2", "Offer", 2);
    step.run(22, "v1", "Hi", 1);
    db.prepare(
      "INSERT INTO bot_runs (subscriber_id, bot_id, step_id, started_at) VALUES (2, 21, 'a1', ?)",
    ).run(NOW - DAY);

    db.prepare(
      "INSERT INTO deliveries (id, channel_id, name, type, status, created_at) VALUES (31, 1001, 'March sale', 'subscription', 'done', ?)",
    ).run(NOW - 10 * DAY);
    const record = db.prepare(
      `INSERT INTO delivery_records (channel_id, subscriber_id, delivery_id, bot_id, step_id, part_id, bot_test, error, error_code, vk_id, conversation_message_id, part_ids, at)
       VALUES (1001, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // 10 mass records (one failed with 400, one not allowed, one in two parts), 4 bot-step records.
    for (let n = 1; n <= 10; n++) {
      const error = n === 4 ? 1 : n === 5 ? 2 : 0;
      record.run(
        n,
        31,
        null,
        null,
        null,
        0,
        error,
        error === 1 ? 400 : 0,
        error ? 0 : 9000 + n,
        error ? null : 100 + n,
        n === 6 ? "[201,202]" : null,
        NOW - 10 * DAY + n * 60,
      );
    }
    for (let n = 1; n <= 4; n++) {
      record.run(
        n,
        null,
        21,
        n % 2 ? "a1" : "b2",
        n,
        n === 4 ? 1 : 0,
        0,
        0,
        9100 + n,
        300 + n,
        null,
        NOW - 5 * DAY + n * 60,
      );
    }
  })();
}
