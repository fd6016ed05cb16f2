import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openDatabase } from "../../server/channel-api/store/database";
import { assembleGateway, ensureDemoData } from "../../server/gateway/assemble";
import { buildSpaIfNeeded } from "../../server/gateway/build-spa";
import { DEMO_CHANNELS, readGatewayEnv } from "../../server/gateway/config";
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
 * The app as `npm start` runs it — the built SPA behind the gateway with its subscriber
 * directory, the local Channel API on its demo data (5,000 subscribers) — in this process on a free port, with in-memory
 * databases, and an administrator signed in through `POST /auth/login`.
 */
export async function startApp(root: string, log: (line: string) => void): Promise<RunningApp> {
  buildSpaIfNeeded(root, log);
  // The defaults `npm start` runs with (no variables set), for the directory's settings.
  const env = readGatewayEnv({});
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
    // The subscriber directory, on as `npm start` has it: the pages ask it for names and the
    // subscribers list, and without it they meet 404s a real deployment never answers.
    directory: {
      share: env.DIRECTORY_SYNC_SHARE,
      sync: {
        fullEveryMs: env.DIRECTORY_FULL_SYNC_HOURS * 3_600_000,
        incrementalEveryMs: env.DIRECTORY_INCREMENTAL_MINUTES * 60_000,
      },
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
  await directoriesReady(base, `${name}=${value}`, log);
  return {
    base,
    cookie: { name, value },
    close: async () => {
      await gateway.close();
      db.close();
    },
  };
}

/**
 * Waits until the directory of every demo channel has read its people (its first full pass,
 * seconds on the demo data): the pages ask it for the list once it is ready, so a run that
 * starts earlier measures the API's pages, and the pass's own work, instead.
 */
async function directoriesReady(
  base: string,
  cookie: string,
  log: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  for (const channel of DEMO_CHANNELS.channels) {
    const url = `${base}/directory/${String(channel.group_id)}/status`;
    for (;;) {
      const answer = await fetch(url, { headers: { cookie } });
      const body = (await answer.json()) as { status?: { state?: string } };
      if (body.status?.state === "ready") break;
      if (Date.now() - started > DIRECTORY_WAIT_MS) {
        throw new Error(`the directory of ${String(channel.group_id)} is not ready after 3 min`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  log(`directory ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const DIRECTORY_WAIT_MS = 180_000;
