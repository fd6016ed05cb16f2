import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/channel-api/store/database";
import { migrations } from "../../server/channel-api/store/migrations";
import { openSqlite } from "../../server/shared/sqlite";
import { seedTestData } from "../support/seed";

/** A database made before the operations beyond the seed is brought forward with its rows. */

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("migration 3", () => {
  it("keeps every tag link, maps delivery kinds, and fills the new counters", () => {
    dir = mkdtempSync(join(tmpdir(), "channel-api-"));
    const path = join(dir, "old.sqlite");
    const old = openSqlite(path, migrations.slice(0, 2), { what: "db", hint: "" });
    seedTestData(old);
    old.exec(`
      UPDATE deliveries SET type = 'mass', status = 'sent';
      INSERT INTO deliveries (id, channel_id, name, type, status, created_at)
        VALUES (32, 1001, 'Next week', 'mass', 'scheduled', 0);
    `);
    const links = old.prepare("SELECT * FROM subscriber_utms ORDER BY 1, 2").all();
    old.close();

    const db = openDatabase(path);
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
      expect(db.prepare("SELECT * FROM subscriber_utms ORDER BY 1, 2").all()).toEqual(links);
      expect(links.length).toBeGreaterThan(0);
      expect(db.pragma("foreign_key_check")).toEqual([]);
      expect(
        db.prepare("SELECT id, type, status, inactive FROM deliveries ORDER BY id").all(),
      ).toEqual([
        { id: 31, type: "subscription", status: "done", inactive: 0 },
        { id: 32, type: "subscription", status: "waiting", inactive: 0 },
      ]);
      expect(db.prepare("SELECT * FROM delivery_stats").all()).toEqual([
        {
          delivery_id: 31,
          recipients: 10,
          sent: 8,
          errors: 2,
          read: 0,
          clicked: 0,
          unsubscribed: 0,
        },
      ]);
      expect(db.prepare("SELECT id, members FROM subscriptions ORDER BY id").all()).toEqual([
        { id: 1, members: 29 },
        { id: 2, members: 3 },
        { id: 3, members: 10 },
      ]);
      expect(
        db
          .prepare(
            "SELECT step_id, type, lead_inc FROM bot_steps WHERE bot_id = 21 ORDER BY position",
          )
          .all(),
      ).toEqual([
        { step_id: "a1", type: "message", lead_inc: 2 },
        { step_id: "b2", type: "message", lead_inc: 2 },
      ]);
      // A tag made by utms/add leads to no subscription.
      db.prepare(
        "INSERT INTO utm_tags (channel_id, name, utm_source, created_at) VALUES (1001, 'x', '', 0)",
      ).run();
    } finally {
      db.close();
    }
  });
});
