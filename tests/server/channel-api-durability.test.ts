import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectOk } from "../support/api-call";

/**
 * An acknowledged write must survive `kill -9`: the real entry point (`npm run api`) on a file
 * database, many writes, SIGKILL, a restart on the same file, and every write is there.
 */

const dir = mkdtempSync(join(tmpdir(), "channel-api-durability-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function startApi(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/channel-api/main.ts"], {
    env: {
      ...process.env,
      CHANNEL_API_DB: join(dir, "api.sqlite"),
      CHANNEL_API_PORT: "0",
      CHANNEL_API_DEMO_SUBSCRIBERS: "200",
      CHANNEL_API_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      reject(new Error(`the Channel API did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the Channel API exited with ${String(code)}:\n${output}`));
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => {
      resolve();
    });
    child.kill("SIGKILL");
  });
}

const tg = { token: "demo-tg-token", groupId: 1001 };
const WRITES = 60;

describe("durability", () => {
  it("keeps every acknowledged write across kill -9", { timeout: 120_000 }, async () => {
    const first = await startApi();
    const people = await expectOk(first.url, tg, "subscribers/get", { count: 3 });
    const ids = people.items.map((person) => person.tg_user_id ?? 0);
    const [a, b] = ids;
    if (a === undefined || b === undefined) throw new Error("the demo channel has no people");
    for (let n = 0; n < WRITES; n++) {
      await expectOk(first.url, tg, "vars/set", {
        tg_user_id: n % 2 ? a : b,
        name: `durable_${String(n)}`,
        value: `value ${String(n)}`,
      });
    }
    await expectOk(first.url, tg, "subscribers/del", { tg_user_id: a, subscription_id: 0 });
    await killHard(first.child);

    const second = await startApi();
    const saved = [
      ...(await expectOk(second.url, tg, "vars/get", { tg_user_id: a })).items,
      ...(await expectOk(second.url, tg, "vars/get", { tg_user_id: b })).items,
    ].filter((variable) => variable.name.startsWith("durable_"));
    expect(saved).toHaveLength(WRITES);
    const after = await expectOk(second.url, tg, "subscribers/get", { count: 3 });
    expect(after.items.find((person) => person.tg_user_id === a)?.subscriptions).toEqual([]);
    await killHard(second.child);
  });
});
