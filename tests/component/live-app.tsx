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
  render: (path: string, role?: Role) => Promise<LiveView>;
  close: () => Promise<void>;
}

export type LiveView = ReturnType<typeof renderApp> & {
  /** Ends the app's session on the server, as signing out in another tab would. */
  endSession: () => Promise<void>;
};

/** The password of every account startLiveApp makes. */
export const LIVE_PASSWORD = "live-test-password";
const PASSWORD = LIVE_PASSWORD;

export async function startLiveApp(
  options: {
    seed?: (db: Db) => void;
    /** Calls a second per token that the gateway lets through; 1000 unless said. */
    rateLimit?: number;
    /** Turn the gateway's subscriber directory on (it reads both channels at start). */
    directory?: boolean;
  } = {},
): Promise<LiveApp> {
  const gateway = await startGateway({
    ...(options.seed ? { seed: options.seed } : {}),
    rateLimit: options.rateLimit ?? 1000,
    ...(options.directory ? { directory: { share: 0.5 } } : {}),
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
    // A cookie jar of one, as a browser keeps it: a sign-in in the app replaces the cookie.
    let cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const withCookie: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      const response = await fetch(input, { ...init, headers });
      const set = response.headers.getSetCookie()[0];
      if (set) cookie = set.split(";")[0] ?? "";
      return response;
    };
    const view = renderApp(
      path,
      createApi({ baseUrl: gateway.url, timeoutMs: 5000, fetch: withCookie }),
    );
    const endSession = async () => {
      const ended = await fetch(`${gateway.url}/auth/logout`, {
        method: "POST",
        headers: { "X-Channel-Desk": "1", cookie },
      });
      if (!ended.ok) throw new Error(`sign-out failed: HTTP ${String(ended.status)}`);
    };
    return { ...view, endSession };
  };

  return { gateway, db, render, close: () => gateway.close() };
}
