import { existsSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../store/database";
import { type DemoSummary, generateDemo } from "./generate";

/**
 * Builds a demo database file for the local Channel API:
 *
 *   npx tsx server/channel-api/demo/cli.ts --db PATH --subscribers N [--seed S] [--now TIME]
 *
 * PATH must not exist yet (or be an empty file). TIME (ISO 8601, or ms since the epoch) ends
 * the 90-day period; with the same seed and TIME the file has the same contents every time.
 */

const USAGE =
  "usage: npx tsx server/channel-api/demo/cli.ts --db PATH --subscribers N [--seed S] [--now TIME]";

interface CliOptions {
  db: string;
  subscribers: number;
  seed: number;
  now: number;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, name: string, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  const value = Number(text.replaceAll("_", ""));
  if (!Number.isSafeInteger(value) || value < 0) fail(`--${name} must be a whole number ≥ 0`);
  return value;
}

function instant(text: string | undefined): number {
  if (text === undefined) return Date.now();
  const value = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(value)) fail("--now must be an ISO 8601 time or ms since the epoch");
  return value;
}

function readOptions(): CliOptions {
  const { values } = parseArgs({
    options: {
      db: { type: "string" },
      subscribers: { type: "string" },
      seed: { type: "string" },
      now: { type: "string" },
    },
  });
  if (values.db === undefined || values.db === "") fail("--db is required");
  return {
    db: values.db,
    subscribers: wholeNumber(values.subscribers, "subscribers"),
    seed: wholeNumber(values.seed, "seed", 1),
    now: instant(values.now),
  };
}

/** Refuses to touch a database that holds anything: demo data goes only into a new file. */
function assertNewFile(path: string): void {
  if (path === ":memory:") fail("--db must be a file path");
  if (existsSync(path) && statSync(path).size > 0) {
    fail(`${path} already exists and is not empty; choose a new path or delete it first`);
  }
}

function report(path: string, summary: DemoSummary): void {
  const seconds = summary.elapsedMs / 1000;
  console.log(
    `demo data in ${path} (seed ${String(summary.seed)}, period ending ${new Date(summary.now).toISOString()})`,
  );
  for (const channel of summary.channels) {
    console.log(
      `  group_id ${String(channel.groupId)} (${channel.kind}, ${channel.timeZone}) "${channel.name}": ` +
        `access_token ${channel.token}; ${channel.subscribers.toLocaleString("en")} subscribers, ` +
        `${channel.events.toLocaleString("en")} subscription events, ` +
        `${channel.deliveryRecords.toLocaleString("en")} delivery records`,
    );
  }
  console.log(
    `  ${summary.rows.toLocaleString("en")} rows in ${seconds.toFixed(1)} s: ` +
      `${summary.rowsPerSecond.toLocaleString("en")} rows/s, ` +
      `${summary.subscribersPerSecond.toLocaleString("en")} subscribers/s`,
  );
}

const options = readOptions();
assertNewFile(options.db);
const db = openDatabase(options.db);
try {
  const summary = generateDemo(db, options);
  // Fold the write-ahead log into the file, so the database is one self-contained file.
  db.pragma("wal_checkpoint(TRUNCATE)");
  report(options.db, summary);
} finally {
  db.close();
}
