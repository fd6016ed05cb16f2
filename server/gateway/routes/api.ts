import type { FastifyPluginCallback, FastifyReply } from "fastify";
import type * as z from "../../../src/contract/zod";
import { ErrorCode, failureOf } from "../../../src/contract/errors";
import { failureOfIssues } from "../../../src/contract/issue-failure";
import { findOperation, type OperationId, operations } from "../../../src/contract/operations";
import { mayCallWith } from "../../../src/contract/roles";
import type { ChannelAccess } from "../channel-access";
import type { GatewayChannel } from "../channels";
import { forward, type ForwardDeps } from "../forward";
import type { GatewaySession, SignedOut } from "../plugins/session";
import { type Refusal, refuse } from "../refuse";

export interface ApiOptions extends ForwardDeps {
  channels: ChannelAccess;
}

const SESSION_ENDED: SignedOut = {
  message: "Your session has ended: sign in again.",
  reason: "session-ended",
};

/** Calls one session may have waiting or on their way; a page needs far fewer. */
const MAX_CALLS_PER_SESSION = 100;
/** A group id as the contract takes it: a positive integer, or one written as digits. */
const GROUP_ID = /^[1-9]\d{0,15}$/;

/**
 * `POST /api/<group>/<method>`: resolve the channel, authorize the role, validate the fields
 * with the contract, then queue and forward the call with the channel's token.
 */
export const apiRoutes: FastifyPluginCallback<ApiOptions> = (app, options, done) => {
  /** Calls of each session waiting or on their way: one person cannot fill a channel's queue. */
  const callsInFlight = new Map<string, number>();

  /** The channel the body names, if this account may use it. */
  function resolveChannel(
    session: GatewaySession,
    body: Record<string, unknown>,
  ): GatewayChannel | Refusal {
    const groupField = body.group_id;
    if (groupField === undefined) {
      return {
        status: 400,
        message: "group_id is required",
        reason: "group-id-missing",
        code: ErrorCode.MissingParameter,
      };
    }
    const groupText =
      typeof groupField === "number" || typeof groupField === "string" ? String(groupField) : "";
    if (!GROUP_ID.test(groupText)) {
      return {
        status: 400,
        message: "group_id must be a positive integer",
        reason: "group-id-invalid",
        code: ErrorCode.InvalidValue,
      };
    }
    const channel = options.channels.find(session.account, Number(groupText));
    return (
      channel ?? {
        status: 403,
        message: `You have no access to channel ${JSON.stringify(groupField)}.`,
        reason: "no-channel-access",
        details: { group_id: groupText },
      }
    );
  }

  async function send(
    reply: FastifyReply,
    session: GatewaySession,
    channel: GatewayChannel,
    operation: OperationId,
    params: Record<string, unknown>,
  ) {
    const inFlight = callsInFlight.get(session.id) ?? 0;
    if (inFlight >= MAX_CALLS_PER_SESSION) {
      return refuse(reply, {
        status: 429,
        message: `Too many calls at once from this session (${String(inFlight)}); wait for some to finish.`,
        reason: "too-many-calls",
        details: { in_flight: inFlight },
        code: ErrorCode.TooManyRequests,
      });
    }
    // A browser that went away (closed tab, aborted fetch) takes its waiting call with it.
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.once("close", onClose);
    callsInFlight.set(session.id, inFlight + 1);
    try {
      return await forward(
        options,
        reply,
        channel,
        operation,
        params,
        gone.signal,
        session.account.username,
      );
    } finally {
      reply.raw.off("close", onClose);
      const left = (callsInFlight.get(session.id) ?? 1) - 1;
      if (left > 0) callsInFlight.set(session.id, left);
      else callsInFlight.delete(session.id);
    }
  }

  app.post<{ Params: { group: string; method: string } }>(
    "/api/:group/:method",
    { preHandler: app.requireSession(SESSION_ENDED) },
    async (request, reply) => {
      const session = request.session;
      if (!session) return refuse(reply, { status: 401, ...SESSION_ENDED });
      const { group, method } = request.params;
      const operation = findOperation(group, method);
      if (operation === undefined) {
        return refuse(reply, {
          status: 404,
          message: `unknown method ${group}/${method}`,
          reason: "not-found",
        });
      }
      const body: unknown = request.body ?? {};
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse(reply, {
          status: 400,
          message: "the body must be a JSON object",
          reason: "malformed-request",
          code: ErrorCode.InvalidValue,
        });
      }
      const channel = resolveChannel(session, body as Record<string, unknown>);
      if ("status" in channel) return refuse(reply, channel);
      const { group_id: _groupId, ...fields } = body as Record<string, unknown>;
      if (!mayCallWith(session.account.role, operation, fields)) {
        const role = session.account.role;
        return refuse(reply, {
          status: 403,
          message: `The ${role} role may not call ${operation}.`,
          reason: "role-refused",
          details: { role, operation },
        });
      }
      const parsed = (operations[operation].request as z.ZodMiniType).safeParse(fields);
      if (!parsed.success) {
        // The service's own answer to a bad field: HTTP 200 with its error code.
        const failure = failureOfIssues(parsed.error.issues);
        return reply
          .header("cache-control", "no-store")
          .send(failureOf(failure.code, failure.message));
      }
      return send(reply, session, channel, operation, parsed.data as Record<string, unknown>);
    },
  );
  done();
};
