import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { hookEvent } from "../../src/contract/hooks";
import { expectOk } from "../support/api-call";

/** `npm run api` registers the hooks of CHANNEL_API_HOOKS and pushes events to them. */

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGTERM");
});

function startApi(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/channel-api/main.ts"], {
    env: { ...process.env, CHANNEL_API_PORT: "0", CHANNEL_API_RATE_LIMIT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      reject(new Error(`exited with ${String(code)}: ${output}`));
    });
  });
}

describe("npm run api with CHANNEL_API_HOOKS", () => {
  it("sends a subscribe event to the hook named in the environment", async () => {
    const bodies: string[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        bodies.push(body);
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const url = await startApi({
        CHANNEL_API_DB: ":memory:",
        CHANNEL_API_DEMO_SUBSCRIBERS: "20",
        CHANNEL_API_HOOKS: `1001 json http://127.0.0.1:${String(port)}/hook s3cret`,
      });
      const auth = { token: "demo-tg-token", groupId: 1001 };
      const people = await expectOk(url, auth, "subscribers/get", { count: 1 });
      const person = people.items[0]?.tg_user_id ?? 0;
      const subscriptions = await expectOk(url, auth, "subscriptions/get", {});
      const subscription = subscriptions.items.find(
        (s) => !people.items[0]?.subscriptions.some((m) => m.subscription_id === s.subscription_id),
      );
      await expectOk(url, auth, "subscribers/add", {
        tg_user_id: person,
        subscription_id: subscription?.subscription_id ?? 0,
      });
      for (let wait = 0; wait < 100 && bodies.length === 0; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(bodies).toHaveLength(1);
      expect(hookEvent.parse(JSON.parse(bodies[0] ?? "{}"))).toMatchObject({
        type: "subscribe",
        group_id: 1001,
        secret: "s3cret",
        object: { tg_user_id: person, subscription_id: subscription?.subscription_id },
      });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 60_000);

  it("stops with one line naming a bad hook", async () => {
    await expect(
      startApi({
        CHANNEL_API_DB: ":memory:",
        CHANNEL_API_DEMO_SUBSCRIBERS: "2",
        CHANNEL_API_HOOKS: "1001 post http://x",
      }),
    ).rejects.toThrow(
      /exited with 2: [^]*\[channel-api\] hook: hook "1001 post http:\/\/x": METHOD/,
    );
  }, 60_000);
});
