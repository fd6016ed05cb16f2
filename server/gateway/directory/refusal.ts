import type { FastifyReply } from "fastify";
import type { DirectoryReason } from "../../../src/contract/directory";
import { failureOf } from "../../../src/contract/errors";

/**
 * A refusal of the directory or hook routes: the usual failure body, plus a stable `reason`
 * (and the `details` its sentence names) so the SPA can say it in the person's language.
 */
export function refuseWith(
  reply: FastifyReply,
  status: number,
  message: string,
  reason: DirectoryReason,
  details?: Record<string, string | number>,
  code = 0,
) {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .send({ ...failureOf(code, message), reason, ...(details ? { details } : {}) });
}
