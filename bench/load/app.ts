import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openDatabase } from "../../server/channel-api/store/database";
import { assembleGateway, ensureDemoData } from "../../server/gateway/assemble";
import { buildSpaIfNeeded } from "../../server/gateway/build-spa";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { addAccount } from "../../server/gateway/store/accounts";
import { openGatewayDb } from "../../server/gateway/store/database";

export interface RunningApp {
  base: string;
  /** The session cookie of the signed-in administrator. */
  cookie: { name: string; value: string };
  close: () => Promise<void>;
}

const USER = "bench";
const PASSWORD = "bench-load-password";

/**
 * The app as `npm start` runs it — the built SPA behind the gateway, with the local Channel
 * API on its demo data (5,000 subscribers) — in this process on a free port, with in-memory
 * databases, and an administrator signed in through `POST /auth/login`.
 */
export async function startApp(root: string, log: (line: string) => void): Promise<RunningApp> {
  buildSpaIfNeeded(root, log);
  const db = openGatewayDb(":memory:");
  await addAccount(db, { username: USER, role: "admin", channels: [], password: PASSWORD });
  const gateway = await assembleGateway({
    db,
    env: {},
    channels: DEMO_CHANNELS,
    staticDir: join(root, "dist"),
    log,
    openLocalDb: () => {
      const local = openDatabase(":memory:");
      ensureDemoData(local, 5000, log);
      return local;
    },
  });
  await gateway.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = gateway.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${String(port)}`;
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-channel-desk": "1" },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  const [pair] = (login.headers.getSetCookie()[0] ?? "").split(";");
  const [name, value] = (pair ?? "").split("=");
  if (login.status !== 200 || !name || !value) {
    throw new Error(`signing in answered HTTP ${String(login.status)}`);
  }
  return {
    base,
    cookie: { name, value },
    close: async () => {
      await gateway.close();
      db.close();
    },
  };
}
