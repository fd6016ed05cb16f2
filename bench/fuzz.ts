/**
 * `npm run bench:fuzz`: thousands of malformed requests per operation of the contract, in every
 * encoding (JSON, urlencoded, multipart, the query string), against the local Channel API and
 * the gateway, each in a process of its own on an in-memory demo database. Prints, per server
 * and encoding, requests sent, answers by HTTP status, 5xx, answers over 2 s and the slowest;
 * then how long a plain call waits behind each of the bodies that used to freeze the API.
 * Exits 1 on any 5xx, any answer over 2 s, or a server that died. The same seed replays the
 * same requests.
 *
 *   npm run bench:fuzz -- [--seed N] [--per-op N] [--concurrency C] [--only api|gateway]
 */
import { parseArgs } from "node:util";
import { createRandom } from "../server/channel-api/demo/random";
import { operationIds } from "../src/contract/operations";
import { ENCODINGS, type Encoding } from "./fuzz/encode";
import { type FreezeFigure, measureFreezes } from "./fuzz/freeze";
import { type Aim, hostileRequest } from "./fuzz/hostile";
import { send } from "./fuzz/send";
import { startGateway, startLocalApi, type Target } from "./fuzz/servers";
import { SLOW_MS, Tally } from "./fuzz/tally";
import { Dice } from "./fuzz/values";

const { values: args } = parseArgs({
  options: {
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    "per-op": { type: "string", default: "1200" },
    concurrency: { type: "string", default: "8" },
    only: { type: "string" },
  },
});
const SEED = Number(args.seed);
const PER_ENCODING = Math.ceil(Number(args["per-op"]) / ENCODINGS.length);
const CONCURRENCY = Number(args.concurrency);

/** Real user ids of the demo channel, so part of the calls name people who exist. */
async function usersOf(target: Target): Promise<number[]> {
  const answer = await send(target.port, target.agent, {
    path: "/api/subscribers/get",
    headers: { ...target.headers, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ ...target.common, count: 100 })),
  });
  const items = (JSON.parse(answer.text) as { items?: { tg_user_id?: number }[] }).items ?? [];
  const users = items.flatMap((item) => (item.tg_user_id === undefined ? [] : [item.tg_user_id]));
  if (users.length === 0) throw new Error(`no subscribers from ${target.name}: ${answer.text}`);
  return users;
}

async function fuzz(target: Target): Promise<Map<Encoding, Tally>> {
  const dice = new Dice(createRandom(SEED));
  const aim: Aim = { ...target, users: await usersOf(target) };
  const tallies = new Map(ENCODINGS.map((encoding) => [encoding, new Tally()]));
  for (const op of operationIds) {
    const started = performance.now();
    const jobs = ENCODINGS.flatMap((encoding) =>
      Array.from({ length: PER_ENCODING }, () => encoding),
    );
    // Made in batches, then sent together: no request is being made while others are in flight,
    // so a slow answer is the server's, not the fuzzer's. One sequence: the seed decides all.
    for (let at = 0; at < jobs.length; at += CONCURRENCY) {
      const batch = jobs.slice(at, at + CONCURRENCY).map((encoding) => {
        const shot = hostileRequest(dice, op, encoding, aim);
        return { encoding, shot, label: `${op} ${encoding} [${shot.mutations.join(", ")}]` };
      });
      await Promise.all(
        batch.map(async ({ encoding, shot, label }) => {
          const outcome = await send(target.port, target.agent, { ...shot, label });
          tallies.get(encoding)?.add(outcome, label);
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${target.name} ${op}: ${String(jobs.length)} requests in ${seconds.toFixed(1)} s`,
    );
  }
  return tallies;
}

function printTallies(target: Target, tallies: Map<Encoding, Tally>): boolean {
  console.log(`\n${target.name}`);
  console.log(
    "| encoding   | sent   | answers by HTTP status | 5xx | > 2 s | no answer | no failure body | slowest |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  let failed = false;
  for (const [encoding, tally] of tallies) {
    const slowest = tally.slowest ? `${tally.slowest.outcome.ms.toFixed(0)} ms` : "-";
    console.log(
      `| ${encoding} | ${String(tally.sent)} | ${tally.statuses()} | ${String(tally.serverErrors)} | ` +
        `${String(tally.slow)} | ${String(tally.noAnswer)} | ${String(tally.shapeless)} | ${slowest} |`,
    );
    if (tally.serverErrors > 0 || tally.slow > 0) failed = true;
    for (const example of tally.bad) {
      const { status, ms, text, error } = example.outcome;
      console.log(
        `    ${status === 0 ? `no answer (${error ?? "?"})` : String(status)} in ${ms.toFixed(0)} ms: ` +
          `${example.what} → ${text.slice(0, 160)}`,
      );
    }
    if (tally.slowest) console.log(`    slowest: ${tally.slowest.what}`);
    if (tally.stackTraces > 0)
      console.log(`    stack traces in answers: ${String(tally.stackTraces)}`);
  }
  const alive = target.child.exitCode === null && target.child.signalCode === null;
  console.log(
    `  internal errors or stack frames in its log: ${String(target.logged.length)}; ` +
      `process alive at the end: ${alive ? "yes" : "NO"}`,
  );
  for (const line of target.logged.slice(0, 5)) console.log(`    ${line}`);
  return failed || !alive;
}

function printFreezes(target: Target, figures: FreezeFigure[]): void {
  console.log(`\n${target.name}: a plain call sent while a freezing body is read (worst of 5)`);
  console.log("| body | its answer | its time | the other call waited |");
  console.log("| --- | --- | --- | --- |");
  for (const figure of figures) {
    console.log(
      `| ${figure.label} | ${String(figure.status)} | ${figure.bodyMs.toFixed(1)} ms | ` +
        `${figure.waitMs.toFixed(1)} ms |`,
    );
  }
}

console.log(
  `bench:fuzz seed ${String(SEED)} (replay: npm run bench:fuzz -- --seed ${String(SEED)}); ` +
    `${String(PER_ENCODING * ENCODINGS.length)} requests per operation ` +
    `(${String(PER_ENCODING)} per encoding) × ${String(operationIds.length)} operations, ` +
    `${String(CONCURRENCY)} in flight; an answer over ${String(SLOW_MS)} ms fails the run`,
);
const starters = [
  ...(args.only === "gateway" ? [] : [startLocalApi]),
  ...(args.only === "api" ? [] : [startGateway]),
];
const started = performance.now();
const targets = await Promise.all(starters.map((startTarget) => startTarget()));
let failed = false;
try {
  // Both servers at once, each in its own process (one core each); then the freeze figures
  // one server at a time, with nothing else running.
  const tallies = await Promise.all(targets.map((target) => fuzz(target)));
  for (const [i, target] of targets.entries()) {
    const tally = tallies[i];
    if (tally) failed = printTallies(target, tally) || failed;
  }
  for (const target of targets) printFreezes(target, await measureFreezes(target));
} finally {
  for (const target of targets) target.stop();
}
console.log(
  `\n${failed ? "FAILED" : "passed"}: ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
);
process.exit(failed ? 1 : 0);
