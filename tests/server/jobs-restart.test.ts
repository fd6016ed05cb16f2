import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobResponse } from "../../src/contract/jobs";
import { type Db, openDatabase } from "../../server/channel-api/store/database";
import { type Assembled, assembleGateway } from "../../server/gateway/assemble";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { addAccount } from "../../server/gateway/store/accounts";
import { type GatewayDb, openGatewayDb } from "../../server/gateway/store/database";
import { NOW, seedTestData } from "../support/seed";

/**
 * Issue 18's promise: a job over 20,000 people survives a gateway restart with every write done
 * exactly once. The local Channel API's database counts every write it receives (triggers on
 * its variables table); the first gateway is closed mid-way, a crash is forged in the job's
 * state (people left "sending" whose write did land, and one whose write did not), and a new
 * gateway built over the same two databases finishes the job.
 */
const EXTRA = 20_000;
const PASSWORD = "correct horse battery";
let dir: string;

function openChannelDb(): Db {
  const db = openDatabase(join(dir, "channel.db"));
  // Test config: the writes need not survive a power cut here, only a closed gateway.
  db.pragma("synchronous = OFF");
  return db;
}

function openGateway(): GatewayDb {
  const db = openGatewayDb(join(dir, "gateway.db"));
  db.pragma("synchronous = OFF");
  return db;
}

async function assemble(db: GatewayDb): Promise<Assembled> {
  return assembleGateway({
    db,
    channels: DEMO_CHANNELS,
    env: {},
    log: () => undefined,
    openLocalDb: openChannelDb,
    // Test config: the rate limit's wait made negligible, so 20,000 writes take seconds.
    rateLimit: 100_000,
    jobRetryMs: 10,
  });
}

async function signIn(gateway: Assembled): Promise<string> {
  const answer = await gateway.app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { "x-channel-desk": "1" },
    payload: { username: "ada", password: PASSWORD },
  });
  expect(answer.statusCode).toBe(200);
  const cookie = answer.headers["set-cookie"];
  const line = Array.isArray(cookie) ? cookie[0] : cookie;
  return (line ?? "").split(";")[0] ?? "";
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "jobs-restart-"));
  const channelDb = openChannelDb();
  seedTestData(channelDb);
  channelDb.transaction(() => {
    const person = channelDb.prepare(
      `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, created_at)
       VALUES (1001, ?, 'Many', ?, ?)`,
    );
    const membership = channelDb.prepare(
      "INSERT INTO memberships (subscriber_id, subscription_id, created_at, source) VALUES (?, 1, ?, 'api')",
    );
    for (let n = 1; n <= EXTRA; n++) {
      const id = person.run(800_000_000 + n, `N${String(n)}`, NOW).lastInsertRowid;
      membership.run(id, NOW);
    }
  })();
  channelDb.exec(`
    CREATE TABLE write_log (subscriber_id INTEGER NOT NULL, value TEXT NOT NULL);
    CREATE TRIGGER log_insert AFTER INSERT ON variables WHEN new.name = 'promo'
      BEGIN INSERT INTO write_log VALUES (new.subscriber_id, new.value); END;
    CREATE TRIGGER log_update AFTER UPDATE ON variables WHEN new.name = 'promo'
      BEGIN INSERT INTO write_log VALUES (new.subscriber_id, new.value); END;
  `);
  channelDb.close();
  const db = openGateway();
  await addAccount(db, { username: "ada", role: "admin", channels: [], password: PASSWORD });
  db.close();
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const states = (db: GatewayDb, job: number) =>
  Object.fromEntries(
    (
      db
        .prepare("SELECT state, count(*) AS n FROM job_people WHERE job_id = ? GROUP BY state")
        .all(job) as { state: string; n: number }[]
    ).map((row) => [row.state, row.n]),
  ) as Record<string, number | undefined>;

describe("a job over 20,000 people across a gateway restart", () => {
  it("writes to every person of the segment exactly once", async () => {
    const segment = 29 + EXTRA; // News: 29 people of the seed and every added one
    let db = openGateway();
    const first = await assemble(db);
    await first.app.ready();
    const cookie = await signIn(first);
    const created = await first.app.inject({
      method: "POST",
      url: "/jobs",
      headers: { "x-channel-desk": "1", cookie },
      payload: {
        group_id: 1001,
        filters: { subscription_id: [1] },
        action: { kind: "var-set", name: "promo", value: "spring" },
        expected: segment,
      },
    });
    expect(created.statusCode).toBe(200);
    const job = jobResponse.parse(created.json()).item.job_id;

    // Mid-way: some thousands written, most not.
    for (;;) {
      const done = states(db, job).done ?? 0;
      if (done >= 6_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.close();
    const atClose = states(db, job);
    expect(db.prepare("SELECT state FROM jobs WHERE id = ?").get(job)).toEqual({
      state: "running",
    });
    expect(atClose.done ?? 0).toBeLessThan(segment / 2);
    expect(atClose.sending ?? 0).toBe(0);

    // The crash that `close` spared us: three people whose write landed but was not recorded,
    // and one marked "sending" whose write never left (its variable and its log entry undone).
    const channelDb = openChannelDb();
    const doneRows = db
      .prepare(
        "SELECT record_id FROM job_people WHERE job_id = ? AND state = 'done' ORDER BY record_id DESC LIMIT 4",
      )
      .all(job) as { record_id: number }[];
    const [lost, ...landed] = doneRows.map((row) => row.record_id);
    if (lost === undefined || landed.length !== 3) throw new Error("too few people written");
    db.prepare(
      `UPDATE job_people SET state = 'sending' WHERE job_id = ? AND record_id IN (${doneRows
        .map(() => "?")
        .join(",")})`,
    ).run(job, ...doneRows.map((row) => row.record_id));
    channelDb.prepare("DELETE FROM variables WHERE subscriber_id = ? AND name = 'promo'").run(lost);
    channelDb.prepare("DELETE FROM write_log WHERE subscriber_id = ?").run(lost);
    channelDb.close();
    db.close();

    // A new gateway over the same databases resumes the job and finishes it.
    db = openGateway();
    const second = await assemble(db);
    await second.app.ready();
    try {
      for (;;) {
        const row = db.prepare("SELECT state FROM jobs WHERE id = ?").get(job) as {
          state: string;
        };
        if (row.state !== "running") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const again = await signIn(second);
      const answer = await second.app.inject({
        method: "GET",
        url: `/jobs/${String(job)}`,
        headers: { cookie: again },
      });
      const item = jobResponse.parse(answer.json()).item;
      expect(item).toMatchObject({
        state: "done",
        read: segment,
        read_all: true,
        done: segment,
        failed: 0,
        skipped: 0,
      });
    } finally {
      await second.close();
      db.close();
    }

    const check = openChannelDb();
    try {
      const writes = check
        .prepare(
          `SELECT count(*) AS writes, count(DISTINCT subscriber_id) AS people,
                  sum(value = 'spring') AS spring FROM write_log`,
        )
        .get();
      expect(writes).toEqual({ writes: segment, people: segment, spring: segment });
      const members = check
        .prepare(
          `SELECT count(*) AS n FROM memberships m
             JOIN variables v ON v.subscriber_id = m.subscriber_id AND v.name = 'promo'
            WHERE m.subscription_id = 1 AND v.value = 'spring'`,
        )
        .get();
      expect(members).toEqual({ n: segment });
      // Nobody outside the segment was written to.
      expect(
        check.prepare("SELECT count(*) AS n FROM variables WHERE name = 'promo'").get(),
      ).toEqual({ n: segment });
    } finally {
      check.close();
    }
  }, 180_000);
});
