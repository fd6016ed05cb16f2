import type { AddressInfo } from "node:net";
import { buildChannelApi, type ChannelApiOptions } from "../../server/channel-api/app";
import { openDatabase, type Db } from "../../server/channel-api/store/database";
import { NOW, seedTestData } from "./seed";

export interface RunningChannelApi {
  url: string;
  db: Db;
  close: () => Promise<void>;
}

/**
 * Starts the local Channel API in this process on a free port, on an in-memory database
 * filled by `seed` (the small exact data set by default), with the clock pinned to NOW.
 */
export async function startChannelApi(
  options: Partial<Omit<ChannelApiOptions, "db">> & { seed?: (db: Db) => void } = {},
): Promise<RunningChannelApi> {
  const db = openDatabase(":memory:");
  (options.seed ?? seedTestData)(db);
  const app = buildChannelApi({ rateLimit: 0, now: () => NOW, ...options, db });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    db,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}
