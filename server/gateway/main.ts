import { resolve } from "node:path";
import { openDatabase } from "../channel-api/store/database";
import { assembleGateway, ensureDemoData } from "./assemble";
import { ensureAdminAccount } from "./bootstrap";
import { buildSpaIfNeeded } from "./build-spa";
import { ConfigError, readChannelsFile, readGatewayEnv } from "./config";
import { openGatewayDb } from "./store/database";

/**
 * `npm start`: builds the SPA if needed and runs the gateway with, by default, the local
 * Channel API in the same process on its demo data.
 */
const log = (line: string) => {
  console.log(`[start] ${line}`);
};

async function main(): Promise<void> {
  const env = readGatewayEnv(process.env);
  const channels = readChannelsFile(env.CHANNELS_CONFIG, process.env);
  const root = resolve(import.meta.dirname, "../..");
  // `npm run gateway` (beside `npm run dev`, which serves the app itself) skips the build.
  if (process.env.CHANNEL_DESK_NO_BUILD !== "1") buildSpaIfNeeded(root, log);

  const db = openGatewayDb(env.GATEWAY_DB);
  await ensureAdminAccount(
    db,
    channels.channels.map((channel) => channel.group_id),
    env.ADMIN_PASSWORD,
    log,
  );
  const gateway = await assembleGateway({
    db,
    channels,
    env: process.env,
    openLocalDb: () => {
      const local = openDatabase(env.CHANNEL_API_DB);
      ensureDemoData(local, env.CHANNEL_API_DEMO_SUBSCRIBERS, log);
      return local;
    },
    rateLimit: env.GATEWAY_RATE_LIMIT,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    staticDir: resolve(root, "dist"),
    secure: env.PUBLIC_SCHEME === "https",
    trustProxy: env.TRUST_PROXY,
    directory: {
      share: env.DIRECTORY_SYNC_SHARE,
      sync: {
        fullEveryMs: env.DIRECTORY_FULL_SYNC_HOURS * 3_600_000,
        incrementalEveryMs: env.DIRECTORY_INCREMENTAL_MINUTES * 60_000,
      },
    },
    log: (line) => {
      console.error(`[gateway] ${line}`);
    },
  });
  const address = await gateway.app.listen({ host: env.HOST, port: env.PORT });
  const sources = channels.channels
    .map((channel) =>
      channel.kind === "local"
        ? `${String(channel.group_id)} (local)`
        : `${String(channel.group_id)} (${new URL(channel.base_url).host})`,
    )
    .join(", ");
  log(`Channel Desk on ${address} — channels ${sources}`);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void gateway.close().then(() => {
        db.close();
        process.exit(0);
      });
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`[start] configuration error: ${error.message}`);
  } else {
    console.error(
      `[start] cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
});
