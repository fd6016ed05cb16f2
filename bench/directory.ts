/**
 * `npm run bench:directory`: the subscriber directory on 1,000,000 subscribers of the local
 * Channel API (the database of bench:api, built once in data/; both demo channels, 700,000
 * Telegram and 300,000 VK people). The gateway runs in a child process (bench/directory-gateway.ts)
 * and this one measures it over HTTP:
 *
 * 1. a full sync at the default share (20 calls a second per token, half for the sync): time,
 *    peak memory of the gateway, size of its database; meanwhile (a burst every 5 s through the
 *    whole pass, printed also by thirds of it), and after it, a person's own calls (bursts of 5
 *    subscribers/get and vars/get), latency with and without the sync;
 *    then search: 1,000 realistic queries (names in both scripts, any order, prefixes, ids,
 *    links, typos, ё/е) against the people of the Telegram channel (70 %): p50, p95, p99;
 * 2. a full sync with the rate limit raised (`--raised`, default 1000 a second; 0 skips it), on
 *    a new gateway database: how fast the directory itself can take a million people.
 *
 * `--search-only` runs the search alone, on a gateway database kept in data/ between runs
 * (bench-directory-N.sqlite, made once by a sync at the raised rate): a change to search is
 * measured in a minute rather than after a sync of a million people.
 *
 *   npm run bench:directory -- [--subscribers N] [--queries 1000] [--raised 1000] [--skip-default]
 *   npm run bench:directory -- --subscribers 5000 --raised 0     (the demo size)
 *   npm run bench:directory -- --search-only
 *
 * `--calls-only` measures a person's calls alone, in a few minutes: without a sync (a gateway on
 * the kept database, already read), then during a full sync at the default share (a gateway on
 * a new database, 20 s after its start), 60 bursts each.
 *
 *   npm run bench:directory -- --calls-only
 *
 * `--sync-seconds N` runs the first N seconds of a full sync at the default share on a new
 * gateway database and works out from its pace and size what the whole channel takes.
 *
 *   npm run bench:directory -- --sync-seconds 900
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { generateDemo } from "../server/channel-api/demo/generate";
import { openDatabase } from "../server/channel-api/store/database";
import { searchQueries } from "./directory-queries";

const { values: args } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000000" },
    queries: { type: "string", default: "1000" },
    raised: { type: "string", default: "1000" },
    "skip-default": { type: "boolean", default: false },
    "search-only": { type: "boolean", default: false },
    "calls-only": { type: "boolean", default: false },
    "sync-seconds": { type: "string", default: "0" },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const apiDb = join("data", `bench-api-${String(SUBSCRIBERS)}.sqlite`);
const PASSWORD = "bench-password-1";

function buildDatabase(): void {
  if (existsSync(apiDb)) {
    console.log(`database: reusing ${apiDb}`);
    return;
  }
  console.log(
    `database: generating ${SUBSCRIBERS.toLocaleString("en")} subscribers into ${apiDb}…`,
  );
  const db = openDatabase(apiDb);
  generateDemo(db, { subscribers: SUBSCRIBERS, seed: 1 });
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

interface Gateway {
  url: string;
  child: ChildProcess;
  peakRss: () => number;
  cookie: string;
  stop: () => Promise<void>;
}

async function startGateway(gatewayDb: string, rateLimit: number, share: number): Promise<Gateway> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/directory-gateway.ts"], {
    env: {
      ...process.env,
      BENCH_API_DB: apiDb,
      BENCH_GATEWAY_DB: gatewayDb,
      BENCH_RATE_LIMIT: String(rateLimit),
      BENCH_SHARE: String(share),
      BENCH_PASSWORD: PASSWORD,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let rss = 0;
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split("\n");
      output = lines.pop() ?? "";
      for (const line of lines) {
        const listening = /^listening (\d+)/.exec(line);
        if (listening?.[1]) resolve(Number(listening[1]));
        const peak = /^rss (\d+)/.exec(line);
        if (peak?.[1]) rss = Math.max(rss, Number(peak[1]));
        if (line.startsWith("log ") && !line.includes("full pass started"))
          console.log(`  ${line}`);
      }
    });
    child.on("exit", (code) => {
      reject(new Error(`the gateway exited with ${String(code)}`));
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-channel-desk": "1" },
    body: JSON.stringify({ username: "bench", password: PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  return {
    url,
    child,
    cookie,
    peakRss: () => rss,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

interface Status {
  state: string;
  people: number;
  full_pass: { read: number; total: number | null; percent: number | null } | null;
}

async function status(gateway: Gateway, groupId: number): Promise<Status> {
  const answer = await fetch(`${gateway.url}/directory/${String(groupId)}/status`, {
    headers: { cookie: gateway.cookie },
  });
  return ((await answer.json()) as { status: Status }).status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Synced {
  /** Seconds until both channels were read. */
  seconds: number;
  /** Per channel: people read and seconds its first full pass took. */
  channels: { groupId: number; people: number; seconds: number }[];
}

/** Waits for both channels' first full pass; prints progress every `everyS` seconds. */
async function untilSynced(gateway: Gateway, everyS: number): Promise<Synced> {
  const started = performance.now();
  let printed = started;
  const done = new Map<number, { people: number; seconds: number }>();
  for (;;) {
    const [tg, vk] = await Promise.all([status(gateway, 1001), status(gateway, 1002)]);
    const elapsed = (performance.now() - started) / 1000;
    for (const [groupId, one] of [
      [1001, tg],
      [1002, vk],
    ] as const) {
      if (one.state === "ready" && !done.has(groupId))
        done.set(groupId, { people: one.people, seconds: elapsed });
    }
    if (done.size === 2) {
      const channels = [...done].map(([groupId, one]) => ({ groupId, ...one }));
      return { seconds: elapsed, channels };
    }
    if (performance.now() - printed > everyS * 1000) {
      printed = performance.now();
      console.log(
        `  ${elapsed.toFixed(0)} s: 1001 ${String(tg.full_pass?.percent ?? "–")} % (${String(tg.people)}), ` +
          `1002 ${String(vk.full_pass?.percent ?? "–")} % (${String(vk.people)}), ` +
          `gateway peak RSS ${mb(gateway.peakRss())}`,
      );
    }
    await sleep(500);
  }
}

/** The sync's pace per channel, in calls of 100 a second and as a share of the token's limit. */
function printSync(synced: Synced, rateLimit: number): void {
  const people = synced.channels.reduce((sum, one) => sum + one.people, 0);
  console.log(
    `full sync: ${synced.seconds.toFixed(1)} s for both channels, ` +
      `${people.toLocaleString("en")} people (${(people / synced.seconds).toFixed(0)} people/s)`,
  );
  for (const one of synced.channels) {
    const calls = Math.ceil(one.people / 100) + 1;
    const perSecond = calls / one.seconds;
    console.log(
      `  channel ${String(one.groupId)}: ${one.people.toLocaleString("en")} people in ` +
        `${one.seconds.toFixed(1)} s, ${perSecond.toFixed(1)} calls/s = ` +
        `${(perSecond / rateLimit).toFixed(2)} of its token's ${String(rateLimit)} calls/s`,
    );
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return (
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
    `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, mean ${mean.toFixed(1)} ms (${String(sorted.length)} calls)`
  );
}

/** Real Telegram user ids of the bench database, for the person's vars/get calls. */
function someUserIds(count: number): number[] {
  const source = new Database(apiDb, { readonly: true });
  const ids = source
    .prepare("SELECT user_id FROM subscribers WHERE channel_id = 1001 ORDER BY id LIMIT ?")
    .pluck()
    .all(count) as number[];
  source.close();
  return ids;
}

/**
 * A support person's page: bursts of 5 calls (list pages, variables, the count), one burst a
 * second, for at most `bursts` bursts and while `going()` says so.
 */
async function personCalls(
  gateway: Gateway,
  bursts: number,
  going: () => boolean = () => true,
  gapMs = 1000,
  stamps: number[] = [],
): Promise<number[]> {
  const userIds = someUserIds(2 * bursts);
  const latencies: number[] = [];
  const call = async (operation: string, body: object) => {
    const started = performance.now();
    const answer = await fetch(`${gateway.url}/api/${operation}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-channel-desk": "1",
        cookie: gateway.cookie,
      },
      body: JSON.stringify({ group_id: 1001, ...body }),
    });
    const json = (await answer.json()) as { success?: boolean };
    if (json.success !== true) throw new Error(`${operation}: ${JSON.stringify(json)}`);
    latencies.push(performance.now() - started);
    stamps.push(started);
  };
  for (let burst = 0; burst < bursts && going(); burst++) {
    const tick = sleep(gapMs);
    await Promise.all([
      call("subscribers/get", { count: 20, offset_id: String(burst * 10) }),
      call("subscribers/get", { count: 20 }),
      call("vars/get", { tg_user_id: userIds[2 * burst] }),
      call("vars/get", { tg_user_id: userIds[2 * burst + 1] }),
      call("subscribers/subscribersCount", {}),
    ]);
    await tick;
  }
  return latencies;
}

function sizeOf(path: string): number {
  return ["", "-wal"].reduce(
    (sum, suffix) => sum + (existsSync(path + suffix) ? statSync(path + suffix).size : 0),
    0,
  );
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

async function searchBench(gateway: Gateway): Promise<void> {
  const source = new Database(apiDb, { readonly: true });
  const queries = searchQueries(source, Number(args.queries));
  source.close();
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let empty = 0;
  for (const query of queries) {
    const started = performance.now();
    const answer = await fetch(
      `${gateway.url}/directory/1001/search?q=${encodeURIComponent(query.q)}`,
      { headers: { cookie: gateway.cookie } },
    );
    const body = (await answer.json()) as { success?: boolean; items?: unknown[] };
    const ms = performance.now() - started;
    if (body.success !== true) throw new Error(`search ${query.q}: ${JSON.stringify(body)}`);
    if ((body.items ?? []).length === 0) empty += 1;
    all.push(ms);
    byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), ms]);
  }
  console.log(
    `search over HTTP, ${String(queries.length)} queries: ${summary(all)}; ${String(empty)} found nobody`,
  );
  for (const [kind, latencies] of byKind) console.log(`  ${kind.padEnd(22)} ${summary(latencies)}`);
}

const keptDb = join("data", `bench-directory-${String(SUBSCRIBERS)}.sqlite`);

/** A synced gateway database kept in data/ (made once by a sync at the raised rate). */
async function keptDirectory(): Promise<string> {
  const kept = keptDb;
  if (existsSync(kept)) {
    console.log(`gateway database: reusing ${kept}`);
  } else {
    const raised = Math.max(20, Number(args.raised));
    const building = `${kept}.building`;
    rmSync(building, { force: true });
    console.log(`gateway database: a full sync at ${String(raised)} calls/s into ${kept}…`);
    const gateway = await startGateway(building, raised, 0.5);
    const synced = await untilSynced(gateway, 30);
    await gateway.stop();
    printSync(synced, raised);
    for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
    renameSync(building, kept);
  }
  console.log(`gateway database: ${mb(sizeOf(kept))}`);
  return kept;
}

/** Search alone, on the kept database. */
async function searchOnly(): Promise<void> {
  const gateway = await startGateway(await keptDirectory(), 20, 0.5);
  try {
    await searchBench(gateway);
  } finally {
    await gateway.stop();
  }
}

/** A person's calls without a sync (the kept database), then during a full sync (a new one). */
async function callsOnly(): Promise<void> {
  const kept = await keptDirectory();
  const idle = await startGateway(kept, 20, 0.5);
  console.log("  a person's calls without a sync…");
  const without = await personCalls(idle, 60);
  await idle.stop();
  const work = mkdtempSync(join(tmpdir(), "bench-directory-"));
  try {
    const gateway = await startGateway(join(work, "new.sqlite"), 20, 0.5);
    await sleep(20_000);
    console.log("  a person's calls during a full sync…");
    const read = async () =>
      (await Promise.all([status(gateway, 1001), status(gateway, 1002)])).reduce(
        (sum, one) => sum + one.people,
        0,
      );
    const before = await read();
    const started = performance.now();
    const during = await personCalls(gateway, 60);
    const seconds = (performance.now() - started) / 1000;
    const people = (await read()) - before;
    const rss = gateway.peakRss();
    await gateway.stop();
    console.log(
      `the sync read ${people.toLocaleString("en")} people meanwhile: ` +
        `${(people / seconds).toFixed(0)} people/s; gateway peak RSS ${mb(rss)}; ` +
        `load average ${load()}`,
    );
    console.log(`a person's calls while the sync runs: ${summary(during)}`);
    console.log(`a person's calls without it:          ${summary(without)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((one) => one.toFixed(2))
    .join(" ");

/**
 * The first `seconds` of a full sync at the default share on a new gateway database: its pace,
 * the gateway's peak RSS, the database's size per person, and what they come to for everyone.
 */
async function syncFor(seconds: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-directory-"));
  try {
    const path = join(work, "sync.sqlite");
    console.log(
      `a full sync at the default share for ${String(seconds)} s; load average ${load()}`,
    );
    const gateway = await startGateway(path, 20, 0.5);
    const started = performance.now();
    let people = 0;
    for (let elapsed = 0; elapsed < seconds; elapsed = (performance.now() - started) / 1000) {
      await sleep(Math.min(60_000, (seconds - elapsed) * 1000));
      const both = await Promise.all([status(gateway, 1001), status(gateway, 1002)]);
      people = both.reduce((sum, one) => sum + one.people, 0);
      const at = (performance.now() - started) / 1000;
      console.log(
        `  ${at.toFixed(0)} s: ${people.toLocaleString("en")} people ` +
          `(${(people / at).toFixed(0)} people/s), gateway peak RSS ${mb(gateway.peakRss())}, ` +
          `database ${mb(sizeOf(path))}, load average ${load()}`,
      );
    }
    const elapsed = (performance.now() - started) / 1000;
    const rss = gateway.peakRss();
    await gateway.stop();
    const size = sizeOf(path);
    const pace = people / elapsed;
    console.log(
      `full sync, first ${elapsed.toFixed(0)} s: ${people.toLocaleString("en")} people, ` +
        `${pace.toFixed(0)} people/s; gateway peak RSS ${mb(rss)}; database ${mb(size)} ` +
        `(${(size / Math.max(1, people)).toFixed(0)} bytes a person)`,
    );
    console.log(
      `at that pace ${SUBSCRIBERS.toLocaleString("en")} people take ` +
        `${(SUBSCRIBERS / pace / 60).toFixed(0)} min; database ≈ ` +
        `${mb((size / Math.max(1, people)) * SUBSCRIBERS)}; load average ${load()}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  buildDatabase();
  if (Number(args["sync-seconds"]) > 0) {
    await syncFor(Number(args["sync-seconds"]));
    return;
  }
  if (args["search-only"]) {
    await searchOnly();
    return;
  }
  if (args["calls-only"]) {
    await callsOnly();
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "bench-directory-"));
  try {
    if (!args["skip-default"]) {
      const gatewayDb = join(work, "default.sqlite");
      console.log(
        `\n1. full sync of ${SUBSCRIBERS.toLocaleString("en")} subscribers at the default share ` +
          "(20 calls/s per token, sync ≤ 0.5 of it)",
      );
      const gateway = await startGateway(gatewayDb, 20, 0.5);
      let syncDone = false;
      const syncing = untilSynced(gateway, 60).finally(() => {
        syncDone = true;
      });
      // A large sync settles first, so the person's calls meet it at its steady pace.
      if (SUBSCRIBERS >= 100_000) await sleep(20_000);
      // One burst every 5 s for the whole pass, so the calls meet its start, when the tables
      // are small and writes cheap, and its end, when they are large (issue 16: late in a pass).
      console.log("  a person's calls during the sync, a burst every 5 s until it ends…");
      const stamps: number[] = [];
      const duringStart = performance.now();
      const during = await personCalls(gateway, 600, () => !syncDone, 5000, stamps);
      const duringEnd = performance.now();
      const synced = await syncing;
      const rss = gateway.peakRss();
      console.log("  a person's calls after it…");
      const after = await personCalls(gateway, 60);
      await searchBench(gateway);
      await gateway.stop();
      printSync(synced, 20);
      console.log(
        `gateway peak RSS during the sync: ${mb(rss)} (with the embedded local Channel API)`,
      );
      console.log(`gateway database: ${mb(sizeOf(gatewayDb))}`);
      console.log(`a person's calls while the sync runs: ${summary(during)}`);
      const third = (duringEnd - duringStart) / 3;
      ["first", "second", "last"].forEach((name, index) => {
        const part = during.filter((_, call) => {
          const at = (stamps[call] ?? 0) - duringStart;
          return at >= index * third && at < (index + 1) * third;
        });
        console.log(`  in the ${name} third of the pass:     ${summary(part)}`);
      });
      console.log(`a person's calls without it:          ${summary(after)}`);
    }
    const raised = Number(args.raised);
    if (raised <= 0) return;
    const gatewayDb = join(work, "raised.sqlite");
    console.log(
      `\n2. full sync with the rate limit raised to ${String(raised)} calls/s (share 0.5)`,
    );
    const gateway = await startGateway(gatewayDb, raised, 0.5);
    const synced = await untilSynced(gateway, 30);
    const rss = gateway.peakRss();
    if (args["skip-default"]) await searchBench(gateway);
    await gateway.stop();
    printSync(synced, raised);
    console.log(`gateway peak RSS: ${mb(rss)}; database: ${mb(sizeOf(gatewayDb))}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
