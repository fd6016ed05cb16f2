import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/channel-api/store/database";
import { migrations } from "../../server/channel-api/store/migrations";
import { openSqlite } from "../../server/shared/sqlite";
import { seedTestData } from "../support/seed";

/**
 * The indexes of the segment filters (issue 18): a database made before them gets them, and
 * the date filters' queries read the people of a period from an index alone.
 */

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const plan = (db: ReturnType<typeof openDatabase>, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1001, 0, 1) as { detail: string }[])
    .map((row) => row.detail)
    .join(" | ");

describe("the segment filters' indexes", () => {
  it("are added to an existing database, which keeps its rows", () => {
    dir = mkdtempSync(join(tmpdir(), "channel-api-"));
    const path = join(dir, "old.sqlite");
    const old = openSqlite(path, migrations.slice(0, -1), { what: "db", hint: "" });
    seedTestData(old);
    const records = old.prepare("SELECT count(*) FROM delivery_records").pluck().get();
    old.close();

    const db = openDatabase(path);
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
      expect(db.prepare("SELECT count(*) FROM delivery_records").pluck().get()).toBe(records);
      expect(records).toBeGreaterThan(0);
      const indexes = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        .pluck()
        .all();
      expect(indexes).toEqual(
        expect.arrayContaining([
          "delivery_records_sent_by_time",
          "delivery_records_sent_by_person",
          "delivery_records_by_click",
          "subscription_events_subscribed",
        ]),
      );
      // The drivers of the date filters (server/channel-api/operations/subscriber-filters/
      // conditions.ts) read covering indexes, not the records.
      expect(
        plan(
          db,
          `SELECT subscriber_id AS id FROM delivery_records
            WHERE channel_id = ? AND at BETWEEN ? AND ? AND error = 0`,
        ),
      ).toContain("COVERING INDEX delivery_records_sent_by_time");
      expect(
        plan(
          db,
          `SELECT subscriber_id AS id FROM delivery_records
            WHERE channel_id = ? AND clicked_at BETWEEN ? AND ?`,
        ),
      ).toContain("COVERING INDEX delivery_records_by_click");
      expect(
        plan(
          db,
          `SELECT subscriber_id AS id FROM subscription_events
            WHERE channel_id = ? AND at BETWEEN ? AND ? AND action = 1`,
        ),
      ).toContain("COVERING INDEX subscription_events_subscribed");
      expect(
        (
          db
            .prepare(
              `EXPLAIN QUERY PLAN SELECT min(r.at) FROM delivery_records r
                WHERE r.subscriber_id = ? AND r.error = 0`,
            )
            .all(1) as { detail: string }[]
        )
          .map((row) => row.detail)
          .join(" | "),
      ).toContain("COVERING INDEX delivery_records_sent_by_person");
    } finally {
      db.close();
    }
  });
});
