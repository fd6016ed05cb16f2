import "../shared/zod-english";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type * as z from "../../src/contract/zod";
import { API_VERSION } from "../../src/contract/common";
import { ErrorCode } from "../../src/contract/errors";
import { findOperation, operations } from "../../src/contract/operations";
import { bodyFieldsOf, queryFields, registerBodyParsers } from "./http/body-parsers";
import { type Fields, coerceFields } from "./http/fields";
import { ApiFailure, failureBody, failureFromIssues } from "./http/failure";
import { RateLimiter } from "./http/rate-limit";
import type { ChannelRow, Context } from "./operations/context";
import { handlers } from "./operations";
import { registerPhotoRoutes } from "./photos";
import type { Db } from "./store/database";
import { statement } from "./store/statements";
import { clientErrorHandler } from "../shared/client-error";

export interface ChannelApiOptions {
  db: Db;
  /** Requests per second per token; 0 turns the limit off. */
  rateLimit: number;
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
  /** Unix seconds; tests pin it. */
  now?: () => number;
  /** Where unexpected errors are reported (never to the client). */
  onInternalError?: (error: unknown) => void;
}

const BODY_LIMIT = 1024 * 1024;

/**
 * The local Channel API: `POST /api/<group>/<method>` for every operation of the contract,
 * accepting the encodings and field spellings real clients use, answering every refusal with
 * `{success: false, error_code, error_message}`.
 */
export function buildChannelApi(options: ChannelApiOptions): FastifyInstance {
  const bodyLimit = options.bodyLimit ?? BODY_LIMIT;
  const app = Fastify({
    logger: false,
    bodyLimit,
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(),
  });
  const limiter = new RateLimiter(options.rateLimit);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const reportInternal =
    options.onInternalError ??
    ((error: unknown) => {
      console.error("[channel-api] internal error:", error instanceof Error ? error.stack : error);
    });

  registerBodyParsers(app);

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send(
        failureBody(ErrorCode.Unknown, `no such method: ${request.method} ${pathOf(request.url)}`),
      );
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiFailure) {
      void reply.code(error.status).send(failureBody(error.code, error.message));
      return;
    }
    const status = statusOf(error);
    if (status === 413) {
      void reply
        .code(413)
        .send(failureBody(ErrorCode.Unknown, `the body is larger than ${String(bodyLimit)} bytes`));
    } else if (status === 415) {
      void reply
        .code(415)
        .send(
          failureBody(
            ErrorCode.Unknown,
            "unsupported content type: send application/json, " +
              "application/x-www-form-urlencoded or multipart/form-data",
          ),
        );
    } else if (status !== undefined && status >= 400 && status < 500) {
      void reply.code(400).send(failureBody(ErrorCode.InvalidValue, "the request is malformed"));
    } else {
      reportInternal(error);
      void reply.code(500).send(failureBody(ErrorCode.Unknown, "internal error"));
    }
  });

  app.post<{ Params: { group: string; method: string } }>(
    "/api/:group/:method",
    (request, reply) => {
      const op = findOperation(request.params.group, request.params.method);
      if (op === undefined) {
        void reply
          .code(404)
          .send(
            failureBody(
              ErrorCode.Unknown,
              `unknown method ${request.params.group}/${request.params.method}`,
            ),
          );
        return;
      }
      const fields = { ...queryFields(request.url), ...bodyFieldsOf(request.body) };
      const channel = authenticate(options.db, fields, request, limiter);
      const schema = operations[op].request as unknown as z.ZodMiniObject;
      const parsed = schema.safeParse(coerceFields(schema.shape, fields));
      if (!parsed.success) throw failureFromIssues(parsed.error.issues);
      const ctx: Context = { db: options.db, channel, now };
      const handler = handlers[op] as (ctx: Context, params: unknown) => unknown;
      return handler(ctx, parsed.data);
    },
  );

  registerPhotoRoutes(app, options.db);
  return app;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  return typeof error.statusCode === "number" ? error.statusCode : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

function bearer(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Checks the common fields in the order a caller can act on: a token (1, 13), the rate limit
 * for that token (9), the version (1, 12), the channel (1, 12) and that the token belongs to
 * it (14).
 */
function authenticate(
  db: Db,
  fields: Fields,
  request: FastifyRequest,
  limiter: RateLimiter,
): ChannelRow {
  const token = text(fields.access_token) ?? bearer(request.headers.authorization);
  if (token === undefined || token === "") {
    throw new ApiFailure(ErrorCode.MissingParameter, "access_token is required");
  }
  const channel = statement(
    db,
    `SELECT c.id, c.kind, c.name, c.photo, c.external_id, c.workspace_id, c.time_zone
       FROM tokens t JOIN channels c ON c.id = t.channel_id WHERE t.token = ?`,
  ).get(token) as ChannelRow | undefined;
  if (!channel) throw new ApiFailure(ErrorCode.TokenNotFound, "access_token: token not found");
  if (!limiter.take(token)) {
    throw new ApiFailure(ErrorCode.TooManyRequests, "too many requests per second for this token");
  }

  const version = text(fields.v);
  if (version === undefined) throw new ApiFailure(ErrorCode.MissingParameter, "v is required");
  if (!/^\s*2(\.0*)?\s*$/.test(version)) {
    throw new ApiFailure(ErrorCode.InvalidValue, `v must be ${String(API_VERSION)}`);
  }

  const groupText = text(fields.group_id ?? fields.vk_group_id);
  if (groupText === undefined || groupText === "") {
    throw new ApiFailure(ErrorCode.MissingParameter, "group_id is required");
  }
  if (!/^\s*\d+\s*$/.test(groupText)) {
    throw new ApiFailure(ErrorCode.InvalidValue, "group_id must be a positive integer");
  }
  if (Number(groupText) !== channel.id) {
    throw new ApiFailure(ErrorCode.InvalidToken, "access_token: the token is for another channel");
  }
  return channel;
}
