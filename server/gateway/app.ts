import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type * as z from "zod";
import { ErrorCode, failureOf } from "../../src/contract/errors";
import { failureOfIssues } from "../../src/contract/issue-failure";
import { findOperation, type OperationId, operations } from "../../src/contract/operations";
import { mayCall } from "../../src/contract/roles";
import { CSRF_HEADER, loginRequest, type SessionResponse } from "../../src/contract/session";
import { verifyPassword } from "./passwords";
import { type BackendAnswer, BackendUnavailableError } from "./backends";
import type { GatewayChannel } from "./channels";
import type { LoginThrottle } from "./login-throttle";
import { QueueOverloadedError, QueueTimeoutError, type QueueRegistry } from "./queue";
import type { StatCache } from "./stat-cache";
import { type Account, findAccount } from "./store/accounts";
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
}

const API_BODY_LIMIT = 256 * 1024;
const AUTH_BODY_LIMIT = 8 * 1024;
/** Password checks running at once; more sign-ins at the same moment wait their turn. */
const MAX_PASSWORD_CHECKS = 8;
/** Calls one session may have waiting or on their way; a page needs far fewer. */
const MAX_CALLS_PER_SESSION = 100;
/** A group id as the contract takes it: a positive integer, or one written as digits. */
const GROUP_ID = /^[1-9]\d{0,15}$/;

/** The SPA's own script and styles only; images from anywhere over https (channel photos). */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "https:", "data:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** A URL too malformed to route: the usual refusal, with the headers helmet would add. */
function refuseBadUrl(_error: unknown, _request: unknown, reply: FastifyReply): void {
  void reply
    .code(400)
    .headers({
      "content-security-policy": cspHeader(),
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    })
    .send(failureOf(ErrorCode.InvalidValue, "the request URL is malformed"));
}

/** The policy as a header, for the few answers sent before helmet's hook runs. */
const cspHeader = () =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`,
    )
    .join("; ");

// A hash to compare against when the account does not exist, so a wrong name costs as long
// as a wrong password and timing does not tell which names exist.
const DUMMY_HASH =
  "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/**
 * The gateway: serves the SPA, signs staff in, and forwards each `/api/<group>/<method>` call
 * to the channel's backend with its token, after checking session, role and channel.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const log = options.log ?? ((line: string) => console.error(`[gateway] ${line}`));
  const cookieName = options.secure ? "__Host-channel-desk" : "channel-desk";
  const channels = new Map(options.channels.map((channel) => [channel.groupId, channel]));
  let passwordChecks = 0;
  /** Calls of each session waiting or on their way: one person cannot fill a channel's queue. */
  const callsInFlight = new Map<string, number>();
  const app = Fastify({
    logger: false,
    bodyLimit: API_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // A URL Fastify cannot even route (`/foo%`) still gets the JSON refusal and the headers.
    frameworkErrors: refuseBadUrl,
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
  });

  const refuse = (reply: FastifyReply, status: number, message: string, code = 0) =>
    reply.code(status).header("cache-control", "no-store").send(failureOf(code, message));

  // A cross-site form or image cannot set a custom header, so a POST without it is refused.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      if (request.headers[CSRF_HEADER.toLowerCase()] !== "1") {
        await refuse(reply, 403, `${request.method} needs the header ${CSRF_HEADER}: 1`);
      }
    }
  });

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) return refuse(reply, 413, "the request body is too large");
    if (status === 415) return refuse(reply, 415, "send the body as application/json");
    // The file server refuses dotfiles and maps with 403: to a visitor they do not exist.
    if (status === 403 || status === 404) return refuse(reply, 404, "nothing here");
    if (typeof status === "number" && status >= 400 && status < 500) {
      return refuse(reply, 400, "the request is malformed", ErrorCode.InvalidValue);
    }
    log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : "unknown"}`);
    return refuse(reply, 500, "internal error of the gateway");
  });

  function sessionOf(
    request: FastifyRequest,
  ): { id: string; account: Account; expiresAt: number } | undefined {
    const id = request.cookies[cookieName];
    if (id === undefined || id === "") return undefined;
    const session = options.sessions.touch(id);
    if (!session) return undefined;
    const account = findAccount(options.db, session.username);
    if (!account) return undefined;
    return { id, account, expiresAt: session.expiresAt };
  }

  function channelsOf(account: Account): GatewayChannel[] {
    return account.role === "admin"
      ? [...channels.values()]
      : account.channels.flatMap((groupId) => channels.get(groupId) ?? []);
  }

  async function sessionBody(account: Account, expiresAt: number): Promise<SessionResponse> {
    const described = await Promise.all(channelsOf(account).map((channel) => channel.describe()));
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
    const previous = request.cookies[cookieName];
    if (previous) options.sessions.end(previous);
    const session = options.sessions.create(account.username);
    void reply.setCookie(cookieName, session.id, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: options.secure,
    });
    return reply
      .header("cache-control", "no-store")
      .send(await sessionBody(account, session.expiresAt));
  });

  app.post("/auth/logout", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const id = request.cookies[cookieName];
    if (id) options.sessions.end(id);
    void reply.clearCookie(cookieName, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: options.secure,
    });
    return reply.code(204).send();
  });

  app.get("/auth/session", async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return refuse(reply, 401, "Not signed in.");
    return reply
      .header("cache-control", "no-store")
      .send(await sessionBody(session.account, session.expiresAt));
  });

  app.post<{ Params: { group: string; method: string } }>(
    "/api/:group/:method",
    async (request, reply) => {
      const session = sessionOf(request);
      if (!session) return refuse(reply, 401, "Your session has ended: sign in again.");
      const operation = findOperation(request.params.group, request.params.method);
      if (operation === undefined) {
        return refuse(
          reply,
          404,
          `unknown method ${request.params.group}/${request.params.method}`,
        );
      }
      const body: unknown = request.body ?? {};
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse(reply, 400, "the body must be a JSON object", ErrorCode.InvalidValue);
      }
      const { group_id: groupField, ...fields } = body as Record<string, unknown>;
      if (groupField === undefined) {
        return refuse(reply, 400, "group_id is required", ErrorCode.MissingParameter);
      }
      const groupText =
        typeof groupField === "number" || typeof groupField === "string" ? String(groupField) : "";
      if (!GROUP_ID.test(groupText)) {
        return refuse(reply, 400, "group_id must be a positive integer", ErrorCode.InvalidValue);
      }
      const channel = channels.get(Number(groupText));
      const { account } = session;
      if (!channel || !channelsOf(account).includes(channel)) {
        return refuse(reply, 403, `You have no access to channel ${JSON.stringify(groupField)}.`);
      }
      if (!mayCall(account.role, operation)) {
        return refuse(reply, 403, `The ${account.role} role may not call ${operation}.`);
      }
      const schema = operations[operation].request as z.ZodType;
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const failure = failureOfIssues(parsed.error.issues);
        return reply
          .header("cache-control", "no-store")
          .send(failureOf(failure.code, failure.message));
      }
      const params = parsed.data as Record<string, unknown>;
      const inFlight = callsInFlight.get(session.id) ?? 0;
      if (inFlight >= MAX_CALLS_PER_SESSION) {
        return refuse(
          reply,
          429,
          `Too many calls at once from this session (${String(inFlight)}); wait for some to finish.`,
          ErrorCode.TooManyRequests,
        );
      }
      // A browser that went away (closed tab, aborted fetch) takes its waiting call with it.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once("close", onClose);
      callsInFlight.set(session.id, inFlight + 1);
      try {
        return await forward(reply, channel, operation, params, gone.signal);
      } finally {
        reply.raw.off("close", onClose);
        const left = (callsInFlight.get(session.id) ?? 1) - 1;
        if (left > 0) callsInFlight.set(session.id, left);
        else callsInFlight.delete(session.id);
      }
    },
  );

  async function forward(
    reply: FastifyReply,
    channel: GatewayChannel,
    operation: OperationId,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ) {
    const cacheKey = options.cache.keyFor(channel.groupId, operation, params, channel.timeZone);
    const cached = cacheKey === undefined ? undefined : options.cache.get(cacheKey);
    if (cached !== undefined) {
      return reply.header("cache-control", "no-store").header("x-cache", "hit").send(cached);
    }
    let answer: BackendAnswer;
    try {
      answer = await options.queues.for(channel.queueKey).run(
        () => channel.backend.send(operation, { ...params, ...channel.commonFields() }),
        (result) => isRateLimited(result.body),
        signal,
      );
    } catch (error) {
      if (signal.aborted) return reply;
      if (error instanceof QueueOverloadedError || error instanceof QueueTimeoutError) {
        return refuse(
          reply,
          503,
          `Channel ${String(channel.groupId)} is busy: ${error.message}`,
          ErrorCode.TooManyRequests,
        );
      }
      if (error instanceof BackendUnavailableError) {
        log(`channel ${String(channel.groupId)}: ${error.message}`);
        return refuse(reply, 502, `${error.message}; try again later.`);
      }
      throw error;
    }
    const body = withoutToken(answer.body, channel.commonFields().access_token);
    if (cacheKey !== undefined && answer.status === 200 && isSuccess(body)) {
      options.cache.set(cacheKey, body);
    }
    // Only the backend's 200 passes as it is: its 401 or 403 (a proxy in front of it, a
    // revoked token) must not read as "your session ended" or "your role may not" here.
    return reply
      .code(answer.status === 200 ? 200 : 502)
      .header("cache-control", "no-store")
      .send(body);
  }

  if (options.staticDir !== undefined && existsSync(join(options.staticDir, "index.html"))) {
    const staticDir = options.staticDir;
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      cacheControl: false,
      // No dotfiles, and no source maps (built "hidden" for error reports, not for visitors).
      dotfiles: "deny",
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(staticReply, path) {
        // Vite names files under assets/ by their content: they never change, so cache them.
        // index.html is never cached, so a new version reaches everyone at their next load.
        const inDist = relative(staticDir, path).split(sep);
        const immutable = inDist[0] === "assets";
        const page = inDist.length === 1 && inDist[0] === "index.html";
        void staticReply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : page ? "no-store" : "no-cache",
        );
      },
    });
    app.get("/", (_request, reply) => reply.sendFile("index.html", staticDir));
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      const isPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !path.startsWith("/api/") &&
        !path.startsWith("/auth/") &&
        !path.startsWith("/assets/") &&
        !/\.[a-z0-9]+$/i.test(path);
      if (!isPage) return refuse(reply, 404, `nothing at ${request.method} ${path}`);
      return reply.header("cache-control", "no-store").sendFile("index.html", staticDir);
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      refuse(reply, 404, `nothing at ${request.method} ${request.url.split("?")[0] ?? "/"}`),
    );
  }

  return app;
}

function isRateLimited(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    (body as { error_code?: unknown }).error_code === ErrorCode.TooManyRequests
  );
}

function isSuccess(body: unknown): boolean {
  return (
    typeof body === "object" && body !== null && (body as { success?: unknown }).success === true
  );
}

/**
 * The answer as the backend gave it, except that a token it echoed (in an error message, say)
 * is masked: a token never reaches a browser.
 */
function withoutToken(body: unknown, token: string): unknown {
  const text = JSON.stringify(body);
  if (token === "" || !text.includes(token)) return body;
  return JSON.parse(text.split(token).join("[token]")) as unknown;
}
