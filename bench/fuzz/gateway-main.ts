/**
 * The gateway for `npm run bench:fuzz`, in a process of its own so the fuzzer's load never
 * delays its answers: in-memory databases, the two demo channels on a small demo database, and
 * one admin account. Prints `listening on <url>` and the account's credentials as JSON.
 *
 * Its queue lets each token send FUZZ_RATE calls a second (default 1,000,000): the fuzz is about
 * reading bodies, and queueing by design answers 503 once the 20-a-second queue is full.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { generateDemo } from "../../server/channel-api/demo/generate";
import { openDatabase } from "../../server/channel-api/store/database";
import { assembleGateway } from "../../server/gateway/assemble";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { addAccount } from "../../server/gateway/store/accounts";
import { openGatewayDb } from "../../server/gateway/store/database";

const db = openGatewayDb(":memory:");
const account = { username: "fuzz-admin", password: randomBytes(12).toString("base64url") };
await addAccount(db, { ...account, role: "admin", channels: [] });
const gateway = await assembleGateway({
  db,
  env: {},
  channels: DEMO_CHANNELS,
  rateLimit: Number(process.env.FUZZ_RATE ?? 1_000_000),
  openLocalDb: () => {
    const local = openDatabase(":memory:");
    generateDemo(local, { subscribers: Number(process.env.FUZZ_SUBSCRIBERS ?? 2000) });
    return local;
  },
  // Every line the gateway logs (internal errors included) goes to stderr, counted by the parent.
  log: (line) => {
    console.error(`[gateway] ${line}`);
  },
});
await gateway.app.listen({ host: "127.0.0.1", port: 0 });
const { port } = gateway.app.server.address() as AddressInfo;
console.log(`listening on http://127.0.0.1:${String(port)} ${JSON.stringify(account)}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void gateway.close().then(() => process.exit(0));
  });
}
