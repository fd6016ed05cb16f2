import type { FastifyReply } from "fastify";
import { ErrorCode } from "../../src/contract/errors";
import type { OperationId } from "../../src/contract/operations";
import { type BackendAnswer, BackendUnavailableError } from "./backends";
import type { GatewayChannel } from "./channels";
import type { ForwardEvents } from "./forward-events";
import { QueueOverloadedError, QueueTimeoutError, type QueueRegistry } from "./queue";
import { refuse } from "./refuse";
import type { StatCache } from "./stat-cache";

export interface ForwardDeps {
  queues: QueueRegistry;
  cache: StatCache;
  log: (line: string) => void;
  /** Told of every call answered with success (the directory listens). */
  events?: ForwardEvents;
}

/**
 * Sends a checked call to the channel's backend through its token's queue (or answers it from
 * the shared cache), and replies with the backend's answer, its token masked.
 */
export async function forward(
  deps: ForwardDeps,
  reply: FastifyReply,
  channel: GatewayChannel,
  operation: OperationId,
  params: Record<string, unknown>,
  signal: AbortSignal,
  username = "",
) {
  const cacheKey = deps.cache.keyFor(channel.groupId, operation, params, channel.timeZone);
  const cached = cacheKey === undefined ? undefined : deps.cache.get(cacheKey);
  if (cached !== undefined) {
    return reply.header("cache-control", "no-store").header("x-cache", "hit").send(cached);
  }
  let answer: BackendAnswer;
  try {
    answer = await deps.queues.for(channel.queueKey).run(
      () => channel.backend.send(operation, { ...params, ...channel.commonFields() }),
      (result) => isRateLimited(result.body),
      signal,
    );
  } catch (error) {
    if (signal.aborted) return reply;
    if (error instanceof QueueOverloadedError || error instanceof QueueTimeoutError) {
      return refuse(reply, {
        status: 503,
        message: `Channel ${String(channel.groupId)} is busy: ${error.message}`,
        reason: "channel-busy",
        details: { group_id: channel.groupId },
        code: ErrorCode.TooManyRequests,
      });
    }
    if (error instanceof BackendUnavailableError) {
      deps.log(`channel ${String(channel.groupId)}: ${error.message}`);
      return refuse(reply, {
        status: 502,
        message: `${error.message}; try again later.`,
        reason: "backend-unavailable",
        details: { group_id: channel.groupId },
      });
    }
    throw error;
  }
  const body = withoutToken(answer.body, channel.commonFields().access_token);
  if (answer.status === 200 && isSuccess(body)) {
    if (cacheKey !== undefined) deps.cache.set(cacheKey, body);
    deps.events?.emit({ channel, operation, params, body, username });
  }
  // Only the backend's 200 passes as it is: its 401 or 403 (a proxy in front of it, a
  // revoked token) must not read as "your session ended" or "your role may not" here.
  return reply
    .code(answer.status === 200 ? 200 : 502)
    .header("cache-control", "no-store")
    .send(body);
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
