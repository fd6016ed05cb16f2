import "../shared/zod-english";
import Fastify, { type FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ChannelAccess } from "./channel-access";
import type { GatewayChannel } from "./channels";
import type { DirectoryService } from "./directory/service";
import { ForwardEvents } from "./forward-events";
import type { LoginThrottle } from "./login-throttle";
import { verifyPassword } from "./passwords";
import { directory } from "./plugins/directory";
import { jobs } from "./plugins/jobs";
import { compression } from "./plugins/compression";
import { security, securityServerOptions } from "./plugins/security";
import { session } from "./plugins/session";
import { spa } from "./plugins/spa";
import type { QueueRegistry } from "./queue";
import { apiRoutes } from "./routes/api";
import { authRoutes } from "./routes/auth";
import { campaignRoutes } from "./routes/campaigns";
import { viewRoutes } from "./routes/views";
import { photoRoutes } from "./routes/photos";
import type { StatCache } from "./stat-cache";
import type { GatewayDb } from "./store/database";
import type { SessionStore } from "./store/sessions";

export interface GatewayOptions {
  db: GatewayDb;
  channels: readonly GatewayChannel[];
  sessions: SessionStore;
  throttle: LoginThrottle;
  queues: QueueRegistry;
  cache: StatCache;
  /** The built SPA (dist/); without it only /auth and /api are served. */
  staticDir?: string | undefined;
  /** Served over https: the cookie gets `Secure` and the `__Host-` prefix, and HSTS is sent. */
  secure: boolean;
  /** Where the gateway reports what went wrong on its side (never a token, never a body). */
  log?: (line: string) => void;
  /** Fastify's `trustProxy`: which proxies in front may name the client's address. */
  trustProxy?: boolean | string[];
  /** How a password is checked against its stored hash (scrypt unless a test holds it). */
  verifyPassword?: (password: string, stored: string) => Promise<boolean>;
  /** The subscriber directory; without it no /directory or /hooks routes. */
  directory?: DirectoryService | undefined;
  /** Jobs on segments: the wait after the service failed to answer one (default 5 s). */
  jobRetryMs?: number | undefined;
}

const API_BODY_LIMIT = 256 * 1024;

/**
 * The gateway: serves the SPA, signs staff in, and forwards each `/api/<group>/<method>` call
 * to the channel's backend with its token, after checking session, role and channel. Each
 * capability is a plugin (plugins/) or a group of routes (routes/).
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const log = options.log ?? ((line: string) => console.error(`[gateway] ${line}`));
  const channels = new ChannelAccess(options.channels);
  const app = Fastify({
    logger: false,
    bodyLimit: API_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    ...securityServerOptions,
  });

  await app.register(security, { secure: options.secure, log });
  await app.register(compression);
  await app.register(session, {
    db: options.db,
    sessions: options.sessions,
    secure: options.secure,
  });
  await app.register(authRoutes, {
    db: options.db,
    channels,
    throttle: options.throttle,
    verifyPassword: options.verifyPassword ?? verifyPassword,
  });
  const events = new ForwardEvents(log);
  await app.register(apiRoutes, {
    channels,
    queues: options.queues,
    cache: options.cache,
    log,
    events,
  });
  await app.register(photoRoutes, { channels });
  await app.register(campaignRoutes, { db: options.db, channels });
  await app.register(viewRoutes, { db: options.db, channels });
  await app.register(jobs, {
    db: options.db,
    channels: options.channels,
    access: channels,
    queues: options.queues,
    log,
    retryMs: options.jobRetryMs,
  });
  if (options.directory) {
    await app.register(directory, { service: options.directory, channels, events, log });
  }
  if (options.staticDir !== undefined && existsSync(join(options.staticDir, "index.html"))) {
    await app.register(spa, { root: options.staticDir });
  }
  return app;
}
