import type { AddressInfo } from "node:net";
import type { Role } from "../../src/contract/roles";
import { openDatabase, type Db } from "../../server/channel-api/store/database";
import { assembleGateway, type AssembleOptions } from "../../server/gateway/assemble";
import { type ChannelsFile, DEMO_CHANNELS } from "../../server/gateway/config";
import { addAccount } from "../../server/gateway/store/accounts";
import { type GatewayDb, openGatewayDb } from "../../server/gateway/store/database";
import { seedTestData } from "./seed";

export interface TestAccount {
  username: string;
  role: Role;
  channels: number[];
  password: string;
}

export interface RunningGateway {
  url: string;
  db: GatewayDb;
  localDb: Db | undefined;
  close: () => Promise<void>;
}

/**
 * Starts the gateway in this process on a free port with in-memory databases: by default the
 * two local channels of the small test data set (tokens test-tg-token, test-vk-token).
 */
export async function startGateway(
  options: {
    channels?: ChannelsFile;
    accounts?: TestAccount[];
    seed?: (db: Db) => void;
  } & Partial<Omit<AssembleOptions, "db" | "channels" | "openLocalDb">> = {},
): Promise<RunningGateway> {
  const db = openGatewayDb(":memory:");
  for (const account of options.accounts ?? []) await addAccount(db, account);
  let localDb: Db | undefined;
  const gateway = await assembleGateway({
    env: {},
    log: () => undefined,
    ...options,
    db,
    channels: options.channels ?? DEMO_CHANNELS,
    openLocalDb: () => {
      localDb = openDatabase(":memory:");
      (options.seed ?? seedTestData)(localDb);
      return localDb;
    },
  });
  await gateway.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = gateway.app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    db,
    localDb,
    close: async () => {
      const closing = gateway.close();
      // The server waits for open connections that are not idle; a socket the test's fetch
      // opened and left without a request (an aborted call's) would hold it for a minute.
      const force = setTimeout(() => {
        gateway.app.server.closeAllConnections();
      }, 500);
      try {
        await closing;
      } finally {
        clearTimeout(force);
      }
      db.close();
    },
  };
}

/** A body sent as written (malformed JSON, another media type…) instead of as JSON. */
export class RawBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/** A browser stand-in: keeps the session cookie and sends the CSRF header on every POST. */
export class Browser {
  private cookie = "";

  constructor(private readonly base: string) {}

  get hasSession(): boolean {
    return this.cookie !== "";
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
    headers: Record<string, string> = { "X-Channel-Desk": "1" },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers; text: string }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined
          ? {}
          : { "content-type": body instanceof RawBody ? body.contentType : "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === "GET" ? {} : headers),
      },
      body:
        body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = (pair ?? "").split("=");
      if (name && value !== undefined) this.cookie = value === "" ? "" : `${name}=${value}`;
    }
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      parsed = {};
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  login(username: string, password: string) {
    return this.request("POST", "/auth/login", { username, password });
  }

  call(operation: string, params: Record<string, unknown>) {
    return this.request("POST", `/api/${operation}`, params);
  }
}
