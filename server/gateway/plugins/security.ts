import helmet from "@fastify/helmet";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode, failureOf } from "../../../src/contract/errors";
import { CSRF_HEADER } from "../../../src/contract/session";
import { clientErrorHandler, refuseConnect } from "../../shared/client-error";
import { refuse } from "../refuse";

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

/** The policy as a header, for the answers written before helmet's hook runs. */
const CSP_HEADER = Object.entries(CONTENT_SECURITY_POLICY)
  .filter((entry): entry is [string, string[]] => entry[1] !== null)
  .map(
    ([name, values]) =>
      `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`,
  )
  .join("; ");

/** A URL too malformed to route: the usual refusal, with the headers helmet would add. */
function refuseBadUrl(_error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(400)
    .headers({
      "content-security-policy": CSP_HEADER,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    })
    .send(
      failureOf(ErrorCode.InvalidValue, "the request URL is malformed", {
        reason: "malformed-request",
      }),
    );
}

/**
 * The options of `Fastify(...)` this plugin needs, for what happens before any plugin runs: a
 * URL that cannot be routed, and a request Node cannot read at all (431, 400, 408). Node's
 * own refusal of a request without a Host header has no body: the hook below answers it.
 */
export const securityServerOptions = {
  frameworkErrors: refuseBadUrl,
  clientErrorHandler: clientErrorHandler({ contentSecurityPolicy: CSP_HEADER }),
  http: { requireHostHeader: false },
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes calls from other servers, which cannot send the CSRF header. */
    withoutCsrfHeader?: boolean;
  }
}

export interface SecurityOptions {
  /** Served over https: HSTS is sent. */
  secure: boolean;
  /** Where errors on the gateway's side are reported (never a body, never a token). */
  log: (line: string) => void;
}

/**
 * Headers on every answer (CSP, nosniff, no referrer), the CSRF check, and the one shape of
 * every refusal: errors and unknown paths answer `{success: false, error_code, error_message}`.
 */
export const security = fp<SecurityOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      referrerPolicy: { policy: "no-referrer" },
      strictTransportSecurity: options.secure ? { maxAge: 31_536_000 } : false,
      crossOriginEmbedderPolicy: false,
    });

    app.server.on("connect", refuseConnect({ contentSecurityPolicy: CSP_HEADER }));

    app.addHook("onRequest", async (request, reply) => {
      // No `unload` handler may run here (ours or a library's): one would keep every page out
      // of the browser's back/forward cache.
      void reply.header("permissions-policy", "unload=()");
      if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
        await refuse(reply, {
          status: 400,
          message: "the request has no Host header",
          reason: "malformed-request",
          code: ErrorCode.InvalidValue,
        });
        return;
      }
      // A cross-site form or image cannot set a custom header, so a POST without it is refused.
      // Routes called by other servers, never by a browser with a session (the WebHook route),
      // say so in their config.
      if (
        request.method !== "GET" &&
        request.method !== "HEAD" &&
        request.routeOptions.config.withoutCsrfHeader !== true
      ) {
        if (request.headers[CSRF_HEADER.toLowerCase()] !== "1") {
          await refuse(reply, {
            status: 403,
            message: `${request.method} needs the header ${CSRF_HEADER}: 1`,
            reason: "csrf-header-missing",
          });
        }
      }
    });

    app.setErrorHandler((error, request, reply) => {
      // The browser went away while a compressed answer streamed (a page left mid-load):
      // nobody is there to answer, and nothing went wrong on the gateway's side.
      if ((error as { code?: unknown }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      keepConnectionIfRead(request, reply);
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 413) {
        return refuse(reply, {
          status: 413,
          message: "the request body is too large",
          reason: "body-too-large",
        });
      }
      if (status === 415) {
        return refuse(reply, {
          status: 415,
          message: "send the body as application/json",
          reason: "unsupported-media-type",
        });
      }
      // The file server refuses dotfiles and maps with 403: to a visitor they do not exist.
      if (status === 403 || status === 404) {
        return refuse(reply, { status: 404, message: "nothing here", reason: "not-found" });
      }
      if (typeof status === "number" && status >= 400 && status < 500) {
        return refuse(reply, {
          status: 400,
          message: "the request is malformed",
          reason: "malformed-request",
          code: ErrorCode.InvalidValue,
        });
      }
      options.log(
        `internal error: ${error instanceof Error ? (error.stack ?? error.message) : "unknown"}`,
      );
      return refuse(reply, {
        status: 500,
        message: "internal error of the gateway",
        reason: "gateway-failure",
      });
    });

    app.setNotFoundHandler((request, reply) =>
      refuse(reply, {
        status: 404,
        message: `nothing at ${request.method} ${request.url.split("?")[0] ?? "/"}`,
        reason: "not-found",
      }),
    );
  },
  { name: "security" },
);

/**
 * Fastify closes the connection after any body it could not parse. Where the whole body was
 * read (broken JSON, say) the connection is as good as before, and the next request may use
 * it; where it was not (too large, an unknown type), the rest of it must not be read as the
 * next request, so the answer says `Connection: close`.
 */
function keepConnectionIfRead(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) void reply.header("connection", "close");
  else if (reply.raw.shouldKeepAlive) void reply.header("connection", "keep-alive");
}
