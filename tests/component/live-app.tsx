import type { Db } from "../../server/channel-api/store/database";
import { createApi } from "../../src/api/api-context";
import type { Role } from "../../src/contract/roles";
import { startGateway, type RunningGateway } from "../support/gateway";
import { renderApp } from "./render-app";

/**
 * The app against the real gateway and the local Channel API, started in the test on a free
 * port with in-memory databases (the small data set of tests/support/seed.ts unless `seed`
 * says otherwise). `render` signs in as a person of the given role and renders the whole app
 * at a path; calls go over HTTP with the session cookie, as in a browser.
 */
export interface LiveApp {
  gateway: RunningGateway;
  /** The Channel API's database, for a test that wants to look at or change the data. */
  db: Db;
  render: (path: string, role?: Role) => Promise<ReturnType<typeof renderApp>>;
  close: () => Promise<void>;
}

const PASSWORD = "live-test-password";

export async function startLiveApp(
  options: {
    seed?: (db: Db) => void;
    /** Calls a second per token that the gateway lets through; 1000 unless said. */
    rateLimit?: number;
  } = {},
): Promise<LiveApp> {
  const gateway = await startGateway({
    ...(options.seed ? { seed: options.seed } : {}),
    rateLimit: options.rateLimit ?? 1000,
    accounts: (["admin", "marketing", "support"] as const).map((role) => ({
      username: role,
      role,
      channels: [1001, 1002],
      password: PASSWORD,
    })),
  });
  if (!gateway.localDb) throw new Error("the live app needs the local Channel API");
  const db = gateway.localDb;

  const render = async (path: string, role: Role = "admin") => {
    const login = await fetch(`${gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: role, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in as ${role} failed: HTTP ${String(login.status)}`);
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const withCookie: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    };
    return renderApp(path, createApi({ baseUrl: gateway.url, timeoutMs: 5000, fetch: withCookie }));
  };

  return { gateway, db, render, close: () => gateway.close() };
}
