import type { FastifyInstance } from "fastify";
import { buildChannelApi } from "../channel-api/app";
import { generateDemo } from "../channel-api/demo/generate";
import { detachHookSender } from "../channel-api/hooks";
import { type Db as ChannelApiDb, openDatabase } from "../channel-api/store/database";
import { buildGateway } from "./app";
import { localBackend, upstreamBackend } from "./backends";
import { type GatewayChannel, localChannel, upstreamChannel } from "./channels";
import type { ChannelsFile } from "./config";
import { DirectoryService } from "./directory/service";
import type { SyncClock, SyncSettings } from "./directory/sync";
import { LoginThrottle } from "./login-throttle";
import { QueueRegistry } from "./queue";
import { StatCache } from "./stat-cache";
import type { GatewayDb } from "./store/database";
import { SessionStore } from "./store/sessions";

export interface AssembleOptions {
  db: GatewayDb;
  channels: ChannelsFile;
  env: NodeJS.ProcessEnv;
  /** The local Channel API's database, opened on first need (only when a channel is local). */
  openLocalDb?: () => ChannelApiDb;
  /** Requests per second per token. */
  rateLimit?: number;
  sessionIdleMs?: number;
  /** Lifetime of a session from sign-in, however busy (SESSION_MAX_HOURS). */
  sessionMaxMs?: number;
  /** Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy?: string[] | undefined;
  staticDir?: string | undefined;
  secure?: boolean;
  log?: (line: string) => void;
  now?: () => number;
  upstreamFetch?: typeof globalThis.fetch;
  /** How a password is checked against its stored hash (scrypt unless a test holds it). */
  verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /** The subscriber directory: off unless given (npm start turns it on). */
  directory?: DirectorySettings;
  /** Jobs on segments: the wait after the service failed to answer one (default 5 s). */
  jobRetryMs?: number;
}

export interface DirectorySettings {
  /** Share of each token's calls per second the sync may use (DIRECTORY_SYNC_SHARE). */
  share: number;
  sync?: Partial<SyncSettings>;
  clock?: SyncClock;
}

export interface Assembled {
  app: FastifyInstance;
  sessions: SessionStore;
  directory: DirectoryService | undefined;
  close: () => Promise<void>;
}

/**
 * Wires the gateway from its settings: the embedded local Channel API (only if a channel
 * needs it), the channels with their backends, one request queue per token, the shared
 * cache, sessions and the sign-in brake.
 */
export async function assembleGateway(options: AssembleOptions): Promise<Assembled> {
  const rateLimit = options.rateLimit ?? 20;
  const queues = new QueueRegistry({
    perSecond: rateLimit,
    ...(options.directory ? { backgroundShare: options.directory.share } : {}),
  });
  let localDb: ChannelApiDb | undefined;
  let localApi: FastifyInstance | undefined;

  const ask = (channel: GatewayChannel) =>
    queues
      .for(channel.queueKey)
      .run(() => channel.backend.send("groups/get", { ...channel.commonFields() }))
      .then((answer) => answer.body);

  const channels = options.channels.channels.map((config, index): GatewayChannel => {
    if (config.kind === "local") {
      if (!localApi) {
        localDb = (options.openLocalDb ?? (() => openDatabase(":memory:")))();
        localApi = buildChannelApi({ db: localDb, rateLimit });
      }
      if (!localDb) throw new Error("the local Channel API database did not open");
      return localChannel(config, index, localDb, localBackend(localApi));
    }
    const token = options.env[config.token_env] ?? "";
    return upstreamChannel(
      config,
      token,
      upstreamBackend(config.base_url, { fetch: options.upstreamFetch }),
      ask,
    );
  });

  const hookSecrets = new Map<number, string>();
  for (const config of options.channels.channels) {
    const secret =
      config.kind === "upstream" && config.hook_secret_env !== undefined
        ? options.env[config.hook_secret_env]
        : undefined;
    if (secret) hookSecrets.set(config.group_id, secret);
  }
  const directory =
    options.directory &&
    new DirectoryService({
      db: options.db,
      channels,
      queues,
      share: options.directory.share,
      settings: options.directory.sync,
      clock: options.directory.clock,
      hookSecrets,
      localDb,
      log: options.log ?? ((line: string) => console.error(`[gateway] ${line}`)),
    });

  const sessions = new SessionStore(
    options.db,
    options.sessionIdleMs ?? 12 * 3_600_000,
    options.now,
    options.sessionMaxMs ?? 7 * 24 * 3_600_000,
  );
  const app = await buildGateway({
    db: options.db,
    channels,
    sessions,
    throttle: new LoginThrottle({
      maxFailures: 5,
      windowMs: 60_000,
      lockMs: 5 * 60_000,
      maxNamesPerAddress: 10,
      now: options.now,
    }),
    queues,
    cache: new StatCache({ now: options.now }),
    staticDir: options.staticDir,
    secure: options.secure ?? false,
    trustProxy: options.trustProxy ?? false,
    log: options.log,
    verifyPassword: options.verifyPassword,
    directory,
    jobRetryMs: options.jobRetryMs,
  });
  const sweep = setInterval(() => sessions.sweep(), 10 * 60_000);
  sweep.unref();
  return {
    app,
    sessions,
    directory,
    close: async () => {
      clearInterval(sweep);
      await app.close();
      await localApi?.close();
      // The directory's hooks may have started a sender on the local database: stop it first.
      if (localDb) await detachHookSender(localDb);
      localDb?.close();
    },
  };
}

/** Fills an empty local Channel API database with the demo channels. */
export function ensureDemoData(db: ChannelApiDb, subscribers: number, log: (line: string) => void) {
  const empty = (db.prepare("SELECT count(*) FROM channels").pluck().get() as number) === 0;
  if (!empty) return;
  log(`creating demo data for the local Channel API: ${String(subscribers)} subscribers…`);
  const summary = generateDemo(db, { subscribers });
  log(`demo data ready in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
}
