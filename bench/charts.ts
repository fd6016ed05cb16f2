/**
 * `npm run bench:charts`: the subscription chart's calls and time to data for 30, 90 and 365
 * days on the demo channel (Telegram, Europe/Moscow), beside the naive way (read every event
 * of the period, 100 a page, and count them here). Both run the app's own code — the buckets,
 * the plan and the requests of src/lib/chart-strategy.ts through loadSubscriptionSeries, the
 * same planning useSubscriptionSeries does — over HTTP against the real gateway (its per-token
 * queue of 20 calls a second, sessions, roles) and the local Channel API, in this process, on
 * a demo database (data/bench-charts-<N>.sqlite, kept for reruns; `--fresh` rebuilds it).
 * Each run gets a fresh gateway, so that neither way is served from the other's cache.
 *
 *   npm run bench:charts -- [--subscribers N] [--rate R] [--fresh]
 */
import { existsSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateDemo } from "../server/channel-api/demo/generate";
import { openDatabase } from "../server/channel-api/store/database";
import { assembleGateway } from "../server/gateway/assemble";
import { DEMO_CHANNELS } from "../server/gateway/config";
import { addAccount } from "../server/gateway/store/accounts";
import { openGatewayDb } from "../server/gateway/store/database";
import { createClient, type Call } from "../src/api/client";
import { loadDeliverySeries } from "../src/api/load-delivery-series";
import { loadSubscriptionSeries } from "../src/api/load-subscription-series";
import { bucketUnitFor, buildBuckets } from "../src/lib/buckets";
import {
  aggregateEvents,
  EVENT_PAGE_SIZE,
  eventPageRequest,
  pagesFor,
  periodRequest,
  sumCounts,
  type BucketCounts,
} from "../src/lib/chart-strategy";
import { previousPeriod } from "../src/lib/compare-periods";
import {
  DELIVERY_PAGES_PER_ROUND,
  deliveryPagesFor,
  sumDeliveries,
} from "../src/lib/delivery-series";
import { dayOf, resolvePeriod } from "../src/lib/period";
import { addUnits, startOf } from "../src/contract/datetime";
import type { SubscriptionEvent } from "../src/contract/entities";

const { values: args } = parseArgs({
  options: {
    subscribers: { type: "string", default: "5000" },
    rate: { type: "string", default: "20" },
    fresh: { type: "boolean", default: false },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const RATE = Number(args.rate);
const GROUP_ID = 1001;
const TIME_ZONE = "Europe/Moscow";
const PASSWORD = "bench-charts-password";
const dbPath = join("data", `bench-charts-${String(SUBSCRIBERS)}.sqlite`);

function buildDatabase(): void {
  if (existsSync(dbPath) && !args.fresh) {
    console.log(
      `database: reusing ${dbPath} (--fresh rebuilds it; its 90 days end when it was made)`,
    );
    return;
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  const db = openDatabase(dbPath);
  const summary = generateDemo(db, { subscribers: SUBSCRIBERS, seed: 1 });
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  const channel = summary.channels.find((item) => item.groupId === GROUP_ID);
  console.log(
    `database: ${SUBSCRIBERS.toLocaleString("en")} demo subscribers into ${dbPath}; ` +
      `channel ${String(GROUP_ID)} has ${String(channel?.events ?? "?")} subscription events over 90 days`,
  );
}

interface Gateway {
  call: Call;
  calls: () => number;
  close: () => Promise<void>;
}

/** A fresh gateway on the demo database, signed in as marketing staff, counting its calls. */
async function startGateway(): Promise<Gateway> {
  const db = openGatewayDb(":memory:");
  await addAccount(db, {
    username: "mia",
    role: "marketing",
    channels: [GROUP_ID],
    password: PASSWORD,
  });
  const gateway = await assembleGateway({
    env: {},
    log: () => undefined,
    db,
    channels: DEMO_CHANNELS,
    rateLimit: RATE,
    openLocalDb: () => openDatabase(dbPath),
  });
  await gateway.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = gateway.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
    body: JSON.stringify({ username: "mia", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${String(login.status)}`);
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  let count = 0;
  const client = createClient({
    baseUrl,
    fetch: (input, init) => {
      // The client posts every operation to a string URL under /api/.
      if (typeof input === "string" && input.includes("/api/")) count += 1;
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    },
  });
  return {
    call: client,
    calls: () => count,
    close: async () => {
      await gateway.close();
      db.close();
    },
  };
}

/** The naive way: every event of the period, 100 a page, one after another, counted here. */
async function naiveSeries(call: Call, from: number, to: number) {
  const buckets = buildBuckets({ from, to }, TIME_ZONE);
  const period = periodRequest(buckets);
  const events: SubscriptionEvent[] = [];
  for (let index = 0; ; index++) {
    const page = await call("subscribers/statSubscribe", eventPageRequest(period, index), {
      groupId: GROUP_ID,
    });
    events.push(...page.items);
    if (page.items.length < EVENT_PAGE_SIZE) break;
  }
  return { buckets, series: aggregateEvents(buckets, events, TIME_ZONE), events: events.length };
}

function sameSeries(a: readonly BucketCounts[], b: readonly BucketCounts[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x.subscribed === b[i]?.subscribed && x.unsubscribed === b[i].unsubscribed)
  );
}

const rows: string[][] = [];
let failures = 0;

buildDatabase();
const now = Date.now();
/** The last n days, today included, as the period picker resolves "30 days" and "90 days". */
function lastDays(days: number) {
  const today = resolvePeriod({ preset: "today" }, now, TIME_ZONE);
  const first = startOf("day", addUnits("day", 1 - days, today.from, TIME_ZONE), TIME_ZONE);
  return { label: `${String(days)} days`, from: first, to: today.to };
}
const periods = [lastDays(30), lastDays(90), lastDays(365)];
// The picker's own presets must cut the same periods.
const presetLabels = { "30d": "30 days", "90d": "90 days" } as const;
for (const preset of ["30d", "90d"] as const) {
  const picked = resolvePeriod({ preset }, now, TIME_ZONE);
  const own = periods.find((period) => period.label === presetLabels[preset]);
  if (own?.from !== picked.from || own.to !== picked.to) throw new Error(`${preset} differs`);
}

// One untimed run first: the first calls of a process pay for compiling the code paths.
{
  const warm = await startGateway();
  const last = periods[periods.length - 1];
  if (last) await naiveSeries(warm.call, last.from, last.to);
  await warm.close();
}

for (const period of periods) {
  const smart = await startGateway();
  let started = performance.now();
  const loaded = await loadSubscriptionSeries({
    call: smart.call,
    groupId: GROUP_ID,
    timeZone: TIME_ZONE,
    from: period.from,
    to: period.to,
  });
  const smartMs = performance.now() - started;
  const smartCalls = smart.calls();
  await smart.close();

  // Comparison on: the previous period of the same length, planned as the chart plans its
  // own series (src/api/compared-series.ts), with the same unit, on a fresh gateway.
  const before = previousPeriod(
    resolvePeriod(
      { preset: "custom", from: dayOf(period.from, TIME_ZONE), to: dayOf(period.to, TIME_ZONE) },
      now,
      TIME_ZONE,
    ),
  );
  const comparing = await startGateway();
  started = performance.now();
  const compared = await loadSubscriptionSeries({
    call: comparing.call,
    groupId: GROUP_ID,
    timeZone: TIME_ZONE,
    from: before.from,
    to: before.to,
    unit: bucketUnitFor(period),
  });
  const comparedMs = performance.now() - started;
  const comparedCalls = comparing.calls();
  await comparing.close();
  const comparedEvents = compared.totals.subscribed + compared.totals.unsubscribed;
  const comparedTarget = Math.min(pagesFor(comparedEvents), compared.buckets.length) + 1;
  const comparedSum = sumCounts(compared.series);
  const comparedOk =
    comparedCalls <= comparedTarget &&
    comparedCalls === compared.calls &&
    compared.buckets.length === loaded.buckets.length &&
    comparedSum.subscribed === compared.totals.subscribed &&
    comparedSum.unsubscribed === compared.totals.unsubscribed;

  const naive = await startGateway();
  started = performance.now();
  const plain = await naiveSeries(naive.call, period.from, period.to);
  const naiveMs = performance.now() - started;
  const naiveCalls = naive.calls();
  await naive.close();

  const events = loaded.totals.subscribed + loaded.totals.unsubscribed;
  const target = Math.min(pagesFor(events), loaded.buckets.length) + 1;
  const sum = sumCounts(loaded.series);
  const agrees =
    sameSeries(loaded.series, plain.series) &&
    sum.subscribed === loaded.totals.subscribed &&
    sum.unsubscribed === loaded.totals.unsubscribed;
  const ok = smartCalls <= target && smartCalls === loaded.calls && agrees && comparedOk;
  if (!ok) failures += 1;
  rows.push([
    period.label,
    `${String(loaded.buckets.length)} ${bucketUnitFor(period)}s`,
    events.toLocaleString("en"),
    loaded.plan.kind === "page" ? "page events" : "count per bucket",
    String(smartCalls),
    `${(smartMs / 1000).toFixed(2)} s`,
    String(naiveCalls),
    `${(naiveMs / 1000).toFixed(2)} s`,
    `≤ ${String(target)}`,
    comparedEvents.toLocaleString("en"),
    String(comparedCalls),
    `${(comparedMs / 1000).toFixed(2)} s`,
    `≤ ${String(comparedTarget)}`,
    ok ? "ok" : !comparedOk ? "COMPARED OVER TARGET" : agrees ? "OVER TARGET" : "SERIES DIFFER",
  ]);
}

const header = [
  "period",
  "buckets",
  "events",
  "strategy",
  "calls",
  "time to data",
  "naive calls",
  "naive time",
  "target",
  "prev. events",
  "prev. calls",
  "prev. time",
  "prev. target",
  "",
];
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i] ?? 0))
    .join("  ")
    .trimEnd();
console.log(
  `\nsubscription chart, channel ${String(GROUP_ID)} (${TIME_ZONE}), gateway at ${String(RATE)} calls/s per token, ` +
    `4 calls in flight (the app's limit); naive: one page after another`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  `comparison on: "prev." is the previous period of the same length, loaded as the chart loads ` +
    `its compared series, with its own bound (calls ≤ min(⌈events/100⌉, buckets) + 1)`,
);
console.log(
  `target: calls ≤ min(⌈events/100⌉, buckets) + 1; "ok" also means the strategy's buckets equal the naive ` +
    `count and add up to the period's statCount`,
);

// The deliveries page's sent/failed chart, with its overlay of the period before: each series
// is its statCount and then its records by cursor (the count cannot split sent from failed),
// so its bound is the pages of its records, capped at a round, plus the count.
const deliveryRows: string[][] = [];
for (const period of periods) {
  const resolved = resolvePeriod(
    { preset: "custom", from: dayOf(period.from, TIME_ZONE), to: dayOf(period.to, TIME_ZONE) },
    now,
    TIME_ZONE,
  );
  const before = previousPeriod(resolved);
  const unit = bucketUnitFor(period);
  const cells: string[] = [
    period.label,
    `${String(buildBuckets(period, TIME_ZONE).length)} ${unit}s`,
  ];
  let ok = true;
  for (const which of [resolved, before]) {
    const gateway = await startGateway();
    const started = performance.now();
    const loaded = await loadDeliverySeries({
      call: gateway.call,
      groupId: GROUP_ID,
      timeZone: TIME_ZONE,
      from: which.from,
      to: which.to,
      params: { date_from: which.dateFrom, date_to: which.dateTo },
      unit,
    });
    const ms = performance.now() - started;
    const calls = gateway.calls();
    await gateway.close();
    const target = Math.min(deliveryPagesFor(loaded.total), DELIVERY_PAGES_PER_ROUND) + 1;
    const sum = sumDeliveries(loaded.series.counts);
    const agrees = !loaded.complete || sum.sent + sum.failed === loaded.total;
    ok &&= calls <= target && calls === loaded.calls && agrees;
    cells.push(
      loaded.total.toLocaleString("en"),
      String(calls),
      `${(ms / 1000).toFixed(2)} s`,
      `≤ ${String(target)}`,
    );
  }
  if (!ok) failures += 1;
  cells.push(ok ? "ok" : "OVER TARGET");
  deliveryRows.push(cells);
}
const deliveryHeader = [
  "period",
  "buckets",
  "records",
  "calls",
  "time to data",
  "target",
  "prev. records",
  "prev. calls",
  "prev. time",
  "prev. target",
  "",
];
const deliveryWidths = deliveryHeader.map((title, i) =>
  Math.max(title.length, ...deliveryRows.map((row) => (row[i] ?? "").length)),
);
const deliveryLine = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(deliveryWidths[i] ?? 0))
    .join("  ")
    .trimEnd();
console.log(`\ndeliveries chart (sent/failed), channel ${String(GROUP_ID)}, comparison on`);
console.log(deliveryLine(deliveryHeader));
for (const row of deliveryRows) console.log(deliveryLine(row));
console.log(
  `target: calls ≤ min(⌈records/100⌉, ${String(DELIVERY_PAGES_PER_ROUND)}) + 1 per series (the records' pages of ` +
    `one round, and the count); "ok" also means sent + failed add up to the count when all were read`,
);
if (failures > 0) process.exitCode = 1;
