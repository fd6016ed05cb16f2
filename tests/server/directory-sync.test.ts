import { afterEach, describe, expect, it } from "vitest";
import type { Subscriber } from "../../src/contract/entities";
import type {
  DirectorySource,
  ReadOptions,
  ReadOutcome,
} from "../../server/gateway/directory/source";
import { DEFAULT_SYNC_SETTINGS, DirectorySync } from "../../server/gateway/directory/sync";
import { type GatewayDb, openGatewayDb } from "../../server/gateway/store/database";
import {
  dropDirectory,
  ensureDirectory,
  findDirectory,
} from "../../server/gateway/store/directory-channels";
import {
  findPerson,
  markLeftFrom,
  upsertPeople,
} from "../../server/gateway/store/directory-people";
import { FakeClock } from "../support/fake-clock";

const START = Date.UTC(2026, 2, 15, 12, 0, 0);
const GROUP = 1001;

function person(id: number, first = `Name${String(id)}`): Subscriber {
  return {
    id: String(id),
    date: "01.03.2026 10:00:00",
    status: 1,
    tg_user_id: 700_000_000 + id,
    first_name: first,
    last_name: "Петров",
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
  };
}

/** The API as the sync sees it: records by id, and a script of failures to answer with. */
class FakeSource implements DirectorySource {
  records = new Map<number, Subscriber>();
  calls: string[] = [];
  failures: ReadOutcome[] = [];

  constructor(count: number) {
    for (let id = 1; id <= count; id++) this.records.set(id * 10, person(id * 10));
  }

  private answer(items: Subscriber[], offsetId: string): Promise<ReadOutcome> {
    const failure = this.failures.shift();
    return Promise.resolve(failure ?? { ok: true, items, offsetId });
  }

  page(cursor: string, count: number, options: ReadOptions): Promise<ReadOutcome> {
    expect(options.background).toBe(true);
    this.calls.push(`page ${cursor}`);
    const after = Number(cursor || 0);
    const items = [...this.records.keys()]
      .sort((a, b) => a - b)
      .filter((id) => id > after)
      .slice(0, count)
      .flatMap((id) => this.records.get(id) ?? []);
    return this.answer(items, items.at(-1)?.id ?? cursor);
  }

  people(userIds: readonly number[]): Promise<ReadOutcome> {
    this.calls.push(`people ${userIds.join(",")}`);
    const items = [...this.records.values()].filter((item) =>
      userIds.includes(item.tg_user_id ?? 0),
    );
    return this.answer(items, "");
  }

  count(): Promise<number> {
    return Promise.resolve(this.records.size);
  }

  field() {
    return Promise.resolve("tg_user_id" as const);
  }
}

// writeShare 1: the sync never waits real time after a write (these tests move only the fake clock).
const settings = {
  ...DEFAULT_SYNC_SETTINGS,
  pageSize: 10,
  retryBaseMs: 1000,
  retryMaxMs: 8000,
  writeShare: 1,
};
const syncs: DirectorySync[] = [];
let db: GatewayDb;

function startSync(source: FakeSource, clock: FakeClock) {
  const sync = new DirectorySync(db, GROUP, "Europe/Moscow", source, clock, settings, () => {
    // The sync's log lines are not what these tests look at.
  });
  syncs.push(sync);
  sync.start();
  return sync;
}

/** Lets the sync's promises run (the fake source answers at once). */
async function settle(): Promise<void> {
  for (let n = 0; n < 50; n++) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(async () => {
  await Promise.all(syncs.splice(0).map((sync) => sync.stop()));
  db.close();
});

function state() {
  const row = findDirectory(db, GROUP);
  if (!row) throw new Error("no directory");
  return row;
}

describe("the directory's sync", () => {
  it("reads every page of a full pass, then looks only for new people", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(25);
    startSync(source, clock);
    await settle();
    expect(source.calls).toEqual(["page ", "page 100", "page 200"]);
    expect(state()).toMatchObject({ people: 25, pass_cursor: null, tail_cursor: "250" });
    expect(state().last_full_pass_at).toBe(START);

    source.records.set(260, person(260));
    source.calls = [];
    clock.advance(settings.incrementalEveryMs);
    await settle();
    expect(source.calls).toEqual(["page 250"]);
    expect(state().people).toBe(26);
  });

  it("goes on from its last cursor after a restart", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(35);
    // The second page fails: the sync waits, and the process stops meanwhile.
    source.failures = [
      { ok: true, items: [...source.records.values()].slice(0, 10), offsetId: "100" },
      { ok: false, rateLimited: false, message: "could not be reached" },
    ];
    const first = startSync(source, clock);
    await settle();
    expect(state()).toMatchObject({ pass_cursor: "100", people: 10 });
    expect(state().error_message).toBe("could not be reached");
    await first.stop();

    source.calls = [];
    clock.advance(settings.retryBaseMs);
    startSync(source, clock);
    await settle();
    expect(source.calls).toEqual(["page 100", "page 200", "page 300"]);
    expect(state()).toMatchObject({ people: 35, pass_cursor: null, error_message: null });
  });

  it("waits longer after each error 9 or failure, and goes on from the same cursor", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(15);
    const limited: ReadOutcome = { ok: false, rateLimited: true, message: "error 9" };
    source.failures = [limited, limited, limited];
    startSync(source, clock);
    await settle();
    expect(source.calls).toEqual(["page "]);
    expect(state().error_message).toContain("error 9");
    expect(state().retry_at).toBe(START + 1000);
    clock.advance(999);
    await settle();
    expect(source.calls).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(source.calls).toEqual(["page ", "page "]);
    expect(state().retry_at).toBe(START + 1000 + 2000);
    clock.advance(2000);
    await settle();
    clock.advance(4000);
    await settle();
    expect(source.calls).toEqual(["page ", "page ", "page ", "page ", "page 100"]);
    expect(state()).toMatchObject({ people: 15, error_message: null, retry_at: null });
  });

  it("flags people a full pass no longer finds, and deletes them after the time kept", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(12);
    startSync(source, clock);
    await settle();
    source.records.delete(50);
    clock.advance(settings.fullEveryMs);
    await settle();
    expect(state()).toMatchObject({ people: 11, left_count: 1 });
    const left = findPerson(db, state().dir_id, 700_000_050);
    expect(left?.left_at).toBe(START + settings.fullEveryMs);

    // Back before the time is up: no longer flagged.
    source.records.set(50, person(50));
    clock.advance(settings.fullEveryMs);
    await settle();
    expect(state()).toMatchObject({ people: 12, left_count: 0 });

    source.records.delete(50);
    clock.advance(settings.fullEveryMs);
    await settle();
    for (let day = 0; day < 31; day++) {
      clock.advance(settings.fullEveryMs);
      await settle();
    }
    expect(state()).toMatchObject({ people: 11, left_count: 0 });
    expect(findPerson(db, state().dir_id, 700_000_050)).toBeUndefined();
  });

  it("writes a page a few people at a time, and stops writing it once the directory is wiped", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(95);
    const sync = new DirectorySync(
      db,
      GROUP,
      "Europe/Moscow",
      source,
      clock,
      { ...settings, pageSize: 100 },
      () => undefined,
    );
    syncs.push(sync);
    sync.start();
    // One page of 95 is five writes of SYNC_WRITE_ROWS; after the first, the directory is wiped.
    for (let n = 0; n < 10 && state().people === 0; n++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(state().people).toBe(20);
    const wiped = state().dir_id;
    dropDirectory(db, GROUP);
    sync.reset();
    await settle();
    const rows = db
      .prepare("SELECT count(*) AS n FROM directory_people WHERE dir_id = ?")
      .get(wiped) as { n: number };
    expect(rows.n).toBe(20);
  });

  it("never gives a wiped directory's id to the next, while the sweeper may still delete its rows", () => {
    db = openGatewayDb(":memory:");
    const old = ensureDirectory(db, GROUP, START).dir_id;
    dropDirectory(db, GROUP);
    expect(ensureDirectory(db, GROUP, START).dir_id).toBeGreaterThan(old);
  });

  it("flags people as left a range of rows at a time", () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(7);
    const ref = { dirId: ensureDirectory(db, GROUP, START).dir_id, timeZone: "UTC" };
    upsertPeople(db, ref, [...source.records.values()].slice(0, 3), START);
    upsertPeople(db, ref, [...source.records.values()].slice(3), START + 10);
    const steps: (number | undefined)[] = [];
    let left = 0;
    for (let from: number | undefined = 0; from !== undefined;) {
      const step = markLeftFrom(db, ref.dirId, START + 5, clock.now(), from, 2);
      left += step.changes;
      from = step.next;
      steps.push(from);
    }
    expect(left).toBe(3);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(state()).toMatchObject({ people: 4, left_count: 3 });
  });

  it("reads people asked for before the pass goes on, up to a page a call", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(30);
    const sync = startSync(source, clock);
    await settle();
    source.calls = [];
    source.records.set(20, person(20, "Renamed"));
    sync.readPeople([700_000_020, 700_000_999]);
    await settle();
    expect(source.calls).toEqual(["people 700000020,700000999"]);
    expect(findPerson(db, state().dir_id, 700_000_020)?.first_name).toBe("Renamed");
  });

  it("starts over when an administrator asks", async () => {
    db = openGatewayDb(":memory:");
    const clock = new FakeClock(START);
    const source = new FakeSource(5);
    const sync = startSync(source, clock);
    await settle();
    source.calls = [];
    clock.advance(60_000);
    sync.requestFullPass();
    await settle();
    expect(source.calls).toEqual(["page "]);
    expect(state().last_full_pass_at).toBe(START + 60_000);
  });
});
