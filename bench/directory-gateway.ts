/**
 * The gateway of `npm run bench:directory`, in a process of its own so that its memory is its
 * own: the local Channel API on a given database, the directory on, an admin account. Prints
 * "listening <port>" when ready and "rss <peak bytes>" every second; stops on SIGTERM.
 *
 * Environment: BENCH_API_DB, BENCH_GATEWAY_DB, BENCH_RATE_LIMIT, BENCH_SHARE, BENCH_PASSWORD.
 */
import type { AddressInfo } from "node:net";
import { openDatabase } from "../server/channel-api/store/database";
import { assembleGateway } from "../server/gateway/assemble";
import { DEMO_CHANNELS } from "../server/gateway/config";
import { addAccount } from "../server/gateway/store/accounts";
import { openGatewayDb } from "../server/gateway/store/database";

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const db = openGatewayDb(env("BENCH_GATEWAY_DB"));
await addAccount(db, {
  username: "bench",
  role: "admin",
  channels: [],
  password: env("BENCH_PASSWORD"),
}).catch(() => undefined);
const gateway = await assembleGateway({
  db,
  channels: DEMO_CHANNELS,
  env: {},
  rateLimit: Number(env("BENCH_RATE_LIMIT")),
  openLocalDb: () => openDatabase(env("BENCH_API_DB")),
  log: (line) => {
    console.log(`log ${line}`);
  },
  directory: { share: Number(env("BENCH_SHARE")) },
});
await gateway.app.listen({ host: "127.0.0.1", port: 0 });
const { port } = gateway.app.server.address() as AddressInfo;
console.log(`listening ${String(port)}`);
const report = setInterval(() => {
  console.log(`rss ${String(process.resourceUsage().maxRSS * 1024)}`);
}, 1000);
process.once("SIGTERM", () => {
  clearInterval(report);
  void gateway.close().then(() => {
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    console.log(`rss ${String(process.resourceUsage().maxRSS * 1024)}`);
    process.exit(0);
  });
});
