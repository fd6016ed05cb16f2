import cookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { type Refusal, refuse } from "../refuse";
import { type Account, findAccount } from "../store/accounts";
import type { GatewayDb } from "../store/database";
import type { SessionStore } from "../store/sessions";

/** What a route says to a request without a session (HTTP 401). */
export type SignedOut = Pick<Refusal, "message" | "reason">;

/** The signed-in person of a request, once `requireSession` has found them. */
export interface GatewaySession {
  id: string;
  account: Account;
  expiresAt: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireSession`; null on routes that do not ask for one. */
    session: GatewaySession | null;
  }
  interface FastifyInstance {
    /** A preHandler that refuses with 401 and `signedOut` when nobody is signed in. */
    requireSession: (signedOut: SignedOut) => preHandlerAsyncHookHandler;
    /** A preHandler that only looks: `request.session` stays null when nobody is signed in. */
    findSession: preHandlerAsyncHookHandler;
  }
  interface FastifyReply {
    /** Signs the account in: ends the request's old session, sets the new cookie. */
    startSession: (username: string) => { id: string; expiresAt: number };
    /** Ends the request's session, if any, and clears the cookie. */
    endSession: () => void;
  }
}

export interface SessionOptions {
  db: GatewayDb;
  sessions: SessionStore;
  /** Served over https: the cookie gets `Secure` and the `__Host-` prefix. */
  secure: boolean;
}

/**
 * Sessions in an HttpOnly, SameSite=Strict cookie. The cookie's name and flags stay in here:
 * routes ask for a session (`requireSession`), start one or end one.
 */
export const session = fp<SessionOptions>(
  async (app, options) => {
    const cookieName = options.secure ? "__Host-channel-desk" : "channel-desk";
    const cookieOptions = {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: options.secure,
    } as const;

    await app.register(cookie);
    app.decorateRequest("session", null);

    function sessionOf(request: FastifyRequest): GatewaySession | null {
      const id = request.cookies[cookieName];
      if (id === undefined || id === "") return null;
      const record = options.sessions.touch(id);
      if (!record) return null;
      const account = findAccount(options.db, record.username);
      return account ? { id, account, expiresAt: record.expiresAt } : null;
    }

    app.decorate("requireSession", (signedOut: SignedOut) => {
      const requireSession: preHandlerAsyncHookHandler = async (request, reply) => {
        request.session = sessionOf(request);
        if (!request.session) await refuse(reply, { status: 401, ...signedOut });
      };
      return requireSession;
    });

    const findSession: preHandlerAsyncHookHandler = (request) => {
      request.session = sessionOf(request);
      return Promise.resolve();
    };
    app.decorate("findSession", findSession);

    app.decorateReply("startSession", function (this: FastifyReply, username: string) {
      const previous = this.request.cookies[cookieName];
      if (previous) options.sessions.end(previous);
      const started = options.sessions.create(username);
      void this.setCookie(cookieName, started.id, cookieOptions);
      return started;
    });

    app.decorateReply("endSession", function (this: FastifyReply) {
      const id = this.request.cookies[cookieName];
      if (id) options.sessions.end(id);
      void this.clearCookie(cookieName, cookieOptions);
    });
  },
  { name: "session" },
);
