import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Subscriber } from "../../src/contract/entities";
import type { DirectorySource, ReadOutcome } from "../../server/gateway/directory/source";
import {
  DEFAULT_SYNC_SETTINGS,
  DirectorySync,
  systemSyncClock,
} from "../../server/gateway/directory/sync";
import { workerWriter } from "../../server/gateway/directory/worker-writer";
import { type GatewayDb, openGatewayDb } from "../../server/gateway/store/database";
import {
  dropDirectory,
  ensureDirectory,
  findDirectory,
} from "../../server/gateway/store/directory-channels";

const GROUP = 1001;

function person(id: number): Subscriber {
  return {
    id: String(id),
    date: "01.03.2026 10:00:00",
    status: 1,
    tg_user_id: 700_000_000 + id,
    first_name: `Name${String(id)}`,
    last_name: "Петров",
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
  };
}

/** 250 records; after `answers` pages it fails every call (a service gone away). */
function source(answers = Infinity): DirectorySource & { calls: string[] } {
  const ids = Array.from({ length: 250 }, (_, index) => (index + 1) * 10);
  const calls: string[] = [];
  return {
    calls,
    page(cursor, count): Promise<ReadOutcome> {
      calls.push(`page ${cursor}`);
      if (calls.length > answers) {
        return Promise.resolve({ ok: false, rateLimited: false, message: "gone" });
      }
      const items = ids
        .filter((id) => id > Number(cursor || 0))
        .slice(0, count)
        .map(person);
      return Promise.resolve({ ok: true, items, offsetId: items.at(-1)?.id ?? cursor });
    },
    people: () => Promise.resolve({ ok: true, items: [], offsetId: "" }),
    count: () => Promise.resolve(ids.length),
    field: () => Promise.resolve("tg_user_id" as const),
  };
}

const settings = { ...DEFAULT_SYNC_SETTINGS, retryBaseMs: 60_000, writeShare: 1 };

async function until(what: () => boolean): Promise<void> {
  for (let waited = 0; !what(); waited += 20) {
    if (waited > 20_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = (db: GatewayDb, dirId: number) =>
  (
    db.prepare("SELECT count(*) AS n FROM directory_people WHERE dir_id = ?").get(dirId) as {
      n: number;
    }
  ).n;

describe("the directory's writes in a worker thread", () => {
  let dir: string;
  let path: string;
  let db: GatewayDb;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "directory-worker-"));
    path = join(dir, "gateway.sqlite");
    db = openGatewayDb(path);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes a full pass, and a restart goes on from the cursor the worker saved", async () => {
    const first = source(1);
    const writer = workerWriter(path, 1, () => undefined);
    const sync = new DirectorySync(
      db,
      GROUP,
      "Europe/Moscow",
      first,
      systemSyncClock,
      settings,
      () => undefined,
      writer,
    );
    sync.start();
    await until(() => findDirectory(db, GROUP)?.error_message === "gone");
    await sync.stop();
    await writer.close();
    const stopped = findDirectory(db, GROUP);
    expect(stopped?.pass_cursor).toBe("1000");
    expect(count(db, stopped?.dir_id ?? 0)).toBe(100);

    const second = source();
    const again = workerWriter(path, 1, () => undefined);
    db.prepare("UPDATE directory_channels SET retry_at = NULL").run();
    const resumed = new DirectorySync(
      db,
      GROUP,
      "Europe/Moscow",
      second,
      systemSyncClock,
      settings,
      () => undefined,
      again,
    );
    resumed.start();
    await until(() => findDirectory(db, GROUP)?.last_full_pass_at !== null);
    await resumed.stop();
    await again.close();
    expect(second.calls[0]).toBe("page 1000");
    const done = findDirectory(db, GROUP);
    expect(done?.people).toBe(250);
    expect(count(db, done?.dir_id ?? 0)).toBe(250);
  });

  it("writes nothing more into a directory wiped meanwhile", async () => {
    const old = ensureDirectory(db, GROUP, Date.now());
    const writer = workerWriter(path, 1, () => undefined);
    const ref = { dirId: old.dir_id, timeZone: "Europe/Moscow" };
    const written = await writer.upsert(ref, [person(1), person(2)], Date.now(), () => true);
    expect(written).toMatchObject({ inserted: 2 });
    dropDirectory(db, GROUP);
    const late = await writer.upsert(ref, [person(3)], Date.now(), () => true);
    await writer.close();
    expect(late).toBeUndefined();
    expect(count(db, old.dir_id)).toBe(2);
  });
});
