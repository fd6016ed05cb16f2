import type { FastifyPluginCallback } from "fastify";
import { loginRequest, type SessionResponse } from "../../../src/contract/session";
import type { ChannelAccess } from "../channel-access";
import type { LoginThrottle } from "../login-throttle";
import { refuse } from "../refuse";
import { verifyPassword } from "../passwords";
import { type Account, findAccount } from "../store/accounts";
import type { GatewayDb } from "../store/database";

export interface AuthOptions {
  db: GatewayDb;
  channels: ChannelAccess;
  throttle: LoginThrottle;
}

export const AUTH_BODY_LIMIT = 8 * 1024;
/** Password checks running at once; more sign-ins at the same moment wait their turn. */
const MAX_PASSWORD_CHECKS = 8;

// A hash to compare against when the account does not exist, so a wrong name costs as long
// as a wrong password and timing does not tell which names exist.
const DUMMY_HASH =
  "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** `POST /auth/login`, `POST /auth/logout`, `GET /auth/session`. */
export const authRoutes: FastifyPluginCallback<AuthOptions> = (app, options, done) => {
  let passwordChecks = 0;

  async function sessionBody(account: Account, expiresAt: number): Promise<SessionResponse> {
    const described = await Promise.all(
      options.channels.of(account).map((channel) => channel.describe()),
    );
    return {
      username: account.username,
      role: account.role,
      channels: described.filter((channel) => channel !== undefined),
      expires_at: new Date(expiresAt).toISOString(),
    };
  }

  app.post("/auth/login", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const parsed = loginRequest.safeParse(request.body);
    if (!parsed.success) {
      return refuse(reply, 400, parsed.error.issues[0]?.message ?? "send username and password");
    }
    const { username, password } = parsed.data;
    const wait = options.throttle.attempt(username, request.ip);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      void reply.header("retry-after", String(Math.ceil(wait / 1000)));
      return refuse(
        reply,
        429,
        `Too many failed sign-ins for ${username}: try again in ${String(minutes)} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    // Each check is deliberately slow scrypt work on libuv's small thread pool: a flood of
    // them (random names are never locked) must not starve file serving and everyone else.
    if (passwordChecks >= MAX_PASSWORD_CHECKS) {
      return refuse(reply, 503, "Too many sign-ins at once: try again in a moment.");
    }
    const account = findAccount(options.db, username);
    passwordChecks += 1;
    let valid: boolean;
    try {
      valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    } finally {
      passwordChecks -= 1;
    }
    if (!account || !valid) return refuse(reply, 401, "Wrong user name or password.");
    options.throttle.succeed(username, request.ip);
    const session = reply.startSession(account.username);
    return reply
      .header("cache-control", "no-store")
      .send(await sessionBody(account, session.expiresAt));
  });

  app.post("/auth/logout", { bodyLimit: AUTH_BODY_LIMIT }, async (_request, reply) => {
    reply.endSession();
    return reply.code(204).send();
  });

  app.get(
    "/auth/session",
    { preHandler: app.requireSession("Not signed in.") },
    async (request, reply) => {
      if (!request.session) return refuse(reply, 401, "Not signed in.");
      return reply
        .header("cache-control", "no-store")
        .send(await sessionBody(request.session.account, request.session.expiresAt));
    },
  );
  done();
};
