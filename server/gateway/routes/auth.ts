import type { FastifyPluginCallback, FastifyReply, onRequestAsyncHookHandler } from "fastify";
import { ErrorCode } from "../../../src/contract/errors";
import {
  loginRequest,
  localeRequest,
  SESSION_PROBE_HEADER,
  type SessionResponse,
} from "../../../src/contract/session";
import type { ChannelAccess } from "../channel-access";
import type { AttemptStart, LoginThrottle } from "../login-throttle";
import { refuse } from "../refuse";
import type { SignedOut } from "../plugins/session";
import { type Account, findAccount, setAccountLocale } from "../store/accounts";
import type { GatewayDb } from "../store/database";

export interface AuthOptions {
  db: GatewayDb;
  channels: ChannelAccess;
  throttle: LoginThrottle;
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
}

export const AUTH_BODY_LIMIT = 8 * 1024;
/** Password checks running at once; more sign-ins at the same moment are refused for now. */
const MAX_PASSWORD_CHECKS = 8;

// A hash to compare against when the account does not exist, so a wrong name costs as long
// as a wrong password and timing does not tell which names exist.
const DUMMY_HASH =
  "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const NOT_SIGNED_IN: SignedOut = { message: "Not signed in.", reason: "not-signed-in" };

/** `POST /auth/login`, `POST /auth/logout`, `GET /auth/session`, `POST /auth/locale`. */
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
      // Always sent (null before any choice): it tells the SPA that this gateway remembers.
      locale: account.locale,
    };
  }

  app.post("/auth/login", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const parsed = loginRequest.safeParse(request.body);
    if (!parsed.success) {
      return refuse(reply, {
        status: 400,
        message: parsed.error.issues[0]?.message ?? "send username and password",
        reason: "login-invalid",
      });
    }
    const { username, password } = parsed.data;
    const start = options.throttle.begin(username, request.ip);
    if (start.kind === "refused") return refuseThrottled(reply, username, start);
    // Each check is deliberately slow scrypt work on libuv's small thread pool: a flood of
    // them must not starve file serving and everyone else. A refusal for load is no wrong
    // password, so it gives the attempt back.
    if (passwordChecks >= MAX_PASSWORD_CHECKS) {
      start.attempt.release();
      return refuse(reply, {
        status: 503,
        message: "Too many sign-ins at once: try again in a moment.",
        reason: "login-busy",
      });
    }
    const account = findAccount(options.db, username);
    passwordChecks += 1;
    let valid: boolean;
    try {
      valid = await options.verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    } catch (error) {
      start.attempt.release();
      throw error;
    } finally {
      passwordChecks -= 1;
    }
    if (!account || !valid) {
      start.attempt.fail();
      return refuse(reply, {
        status: 401,
        message: "Wrong user name or password.",
        reason: "login-wrong",
      });
    }
    start.attempt.succeed();
    const session = reply.startSession(account.username);
    return reply
      .header("cache-control", "no-store")
      .send(await sessionBody(account, session.expiresAt));
  });

  // Sign-out answers before Fastify reads the body: whatever comes with it (none, broken
  // JSON, a form, a file, an unknown or malformed type, too much) cannot keep a session
  // alive. The CSRF check has run by then: a page of another site cannot sign anyone out.
  const signOut: onRequestAsyncHookHandler = async (request, reply) => {
    reply.endSession();
    // A body small enough is read and dropped by Node, and the connection stays open;
    // a larger one (or one of unknown length) is not waited for.
    const length = Number(request.headers["content-length"] ?? 0);
    if (request.headers["transfer-encoding"] !== undefined || !(length <= AUTH_BODY_LIMIT)) {
      void reply.header("connection", "close");
    }
    await reply.code(204).send();
  };
  app.post("/auth/logout", { onRequest: signOut }, () => undefined);

  // The app's own check (SESSION_PROBE_HEADER) gets nobody signed in as an answer, not a 401
  // a browser logs as a failed request on every signed-out visit.
  app.get("/auth/session", { preHandler: app.findSession }, async (request, reply) => {
    void reply.header("cache-control", "no-store").header("vary", SESSION_PROBE_HEADER);
    if (!request.session) {
      if (request.headers[SESSION_PROBE_HEADER.toLowerCase()] === "1") {
        return reply.send({ signed_in: false });
      }
      return refuse(reply, { status: 401, ...NOT_SIGNED_IN });
    }
    return reply.send(await sessionBody(request.session.account, request.session.expiresAt));
  });

  // The account's interface language, so that it follows the person to another browser.
  app.post(
    "/auth/locale",
    { bodyLimit: AUTH_BODY_LIMIT, preHandler: app.requireSession(NOT_SIGNED_IN) },
    async (request, reply) => {
      if (!request.session) return refuse(reply, { status: 401, ...NOT_SIGNED_IN });
      const parsed = localeRequest.safeParse(request.body);
      if (!parsed.success) {
        return refuse(reply, {
          status: 400,
          message: `locale must be one of ${localeRequest.shape.locale.options.join(", ")}`,
          reason: "locale-invalid",
          code: ErrorCode.InvalidValue,
        });
      }
      setAccountLocale(options.db, request.session.account.username, parsed.data.locale);
      return reply.code(204).header("cache-control", "no-store").send();
    },
  );
  done();
};

function refuseThrottled(
  reply: FastifyReply,
  username: string,
  refused: Extract<AttemptStart, { kind: "refused" }>,
) {
  const minutes = Math.ceil(refused.retryAfterMs / 60_000);
  const seconds = Math.ceil(refused.retryAfterMs / 1000);
  const wait = `${String(minutes)} minute${minutes === 1 ? "" : "s"}`;
  void reply.header("retry-after", String(seconds));
  return refuse(
    reply,
    refused.reason === "locked"
      ? {
          status: 429,
          message: `Too many failed sign-ins for ${username}: try again in ${wait}.`,
          reason: "login-throttled",
          details: { minutes, retry_after_seconds: seconds },
        }
      : {
          status: 429,
          message: `Too many different user names tried from your address: try again in ${wait}.`,
          reason: "login-names-throttled",
          details: { minutes, retry_after_seconds: seconds },
        },
  );
}
