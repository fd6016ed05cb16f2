/**
 * `npm run bench:api`: builds a demo database of 1,000,000 subscribers (kept for reruns in
 * data/bench-api-<N>.sqlite; `--fresh` rebuilds it), starts the local Channel API on it in a
 * child process, and prints throughput and latency for subscribers/get (count 20, following
 * cursors), subscribers/get with each kind of filter (see api-filters.ts) and
 * subscribers/statCount over 90 days, plus peak memory.
 *
 *   npm run bench:api -- [--subscribers N] [--seconds S] [--concurrency C] [--fresh]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatApiDateTime } from "../src/contract/datetime";
import { generateDemo } from "../server/channel-api/demo/generate";
import { benchFilteredPages } from "./api-filters";
import { openDatabase } from "../server/channel-api/store/database";

const { values: args } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    fresh: { type: "boolean", default: false },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const dbPath = join("data", `bench-api-${String(SUBSCRIBERS)}.sqlite`);
const tg = { access_token: "demo-tg-token", v: 2, group_id: 1001 };

function buildDatabase(): void {
  if (existsSync(dbPath) && !args.fresh) {
    console.log(`database: reusing ${dbPath} (--fresh rebuilds it)`);
    return;
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  console.log(
    `database: generating ${SUBSCRIBERS.toLocaleString("en")} subscribers into ${dbPath}…`,
  );
  const started = performance.now();
  const db = openDatabase(dbPath);
  const summary = generateDemo(db, { subscribers: SUBSCRIBERS, seed: 1 });
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `database: ${SUBSCRIBERS.toLocaleString("en")} subscribers in ${seconds.toFixed(1)} s ` +
      `(${Math.round(SUBSCRIBERS / seconds).toLocaleString("en")} subscribers/s); summary:`,
    JSON.stringify(summary),
  );
}

function startApi(): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/channel-api/main.ts"], {
    env: {
      ...process.env,
      CHANNEL_API_DB: dbPath,
      CHANNEL_API_PORT: "0",
      CHANNEL_API_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match?.[1]) resolve({ port: Number(match[1]), child });
    });
    child.on("exit", (code) => {
      reject(new Error(`the API exited with ${String(code)}: ${output}`));
    });
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(port: number, path: string, body: object): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<
            string,
            unknown
          >;
          if (parsed.success !== true) reject(new Error(`${path}: ${JSON.stringify(parsed)}`));
          else resolve(parsed);
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function describe(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${(sorted.at(-1) ?? 0).toFixed(2)} ms`;
}

/** Workers each start at a random record and follow offset_id cursors for SECONDS. */
async function benchSubscribersGet(port: number) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let pages = 0;
  const worker = async (n: number) => {
    let cursor = String(Math.floor(((n + 0.5) / CONCURRENCY) * SUBSCRIBERS * 0.7));
    while (performance.now() < until) {
      const started = performance.now();
      const answer = await post(port, "/api/subscribers/get", {
        ...tg,
        count: 20,
        offset_id: cursor,
      });
      latencies.push(performance.now() - started);
      pages++;
      const items = answer.items as unknown[];
      cursor = items.length === 0 ? "" : String(answer.offset_id);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => worker(n)));
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `subscribers/get (count 20, following cursors, ${String(CONCURRENCY)} concurrent): ` +
      `${Math.round(pages / elapsed).toLocaleString("en")} req/s over ${elapsed.toFixed(1)} s; ${describe(latencies)}`,
  );
}

async function benchStatCount(port: number) {
  const now = Date.now();
  const period = {
    date_from: formatApiDateTime(now - 90 * 86_400_000, "Europe/Moscow"),
    date_to: formatApiDateTime(now, "Europe/Moscow"),
  };
  const cases: [string, object][] = [
    ["90 days", period],
    ["90 days, one subscription", { ...period, subscription_id: [1] }],
    ["90 days, one UTM tag", { ...period, utm_id: [1] }],
  ];
  for (const [label, body] of cases) {
    const latencies: number[] = [];
    let answer: Record<string, unknown> = {};
    for (let n = 0; n < 30; n++) {
      const started = performance.now();
      answer = await post(port, "/api/subscribers/statCount", { ...tg, ...body });
      latencies.push(performance.now() - started);
    }
    console.log(
      `subscribers/statCount (${label}): ${describe(latencies)}; ` +
        `answer ${String(answer.count_subscribe)} subscribed, ${String(answer.count_unsubscribe)} unsubscribed`,
    );
  }
}

function peakRssMb(pid: number | undefined): string {
  if (pid === undefined) return "?";
  const status = readFileSync(`/proc/${String(pid)}/status`, "utf8");
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match?.[1] ? `${(Number(match[1]) / 1024).toFixed(0)} MB` : "?";
}

buildDatabase();
console.log(`generator process peak RSS: ${peakRssMb(process.pid)}`);
const { port, child } = await startApi();
try {
  await post(port, "/api/groups/get", tg);
  await benchSubscribersGet(port);
  await benchFilteredPages(
    (path, body) => post(port, path, body),
    tg,
    dbPath,
    Math.round(SUBSCRIBERS * 0.7),
  );
  await benchStatCount(port);
  console.log(`API process peak RSS: ${peakRssMb(child.pid)}`);
} finally {
  child.kill("SIGTERM");
  agent.destroy();
}
