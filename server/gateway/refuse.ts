import type { FastifyReply } from "fastify";
import { failureOf } from "../../src/contract/errors";

/**
 * Every refusal of the gateway: an HTTP status, the service's failure body and no caching.
 * `code` is 0 unless the refusal means what one of the service's own codes means.
 */
export function refuse(reply: FastifyReply, status: number, message: string, code = 0) {
  return reply.code(status).header("cache-control", "no-store").send(failureOf(code, message));
}
