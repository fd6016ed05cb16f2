import type { FastifyReply } from "fastify";
import { failureOf } from "../../src/contract/errors";
import type { GatewayReason } from "../../src/contract/gateway-reasons";

export interface Refusal {
  status: number;
  /** English, for API clients and logs; people read the SPA's sentence for `reason`. */
  message: string;
  /** Stable, listed in src/contract/gateway-reasons.ts: the SPA translates it. */
  reason: GatewayReason;
  /** The values the SPA's sentence may name (minutes, a group id). */
  details?: Readonly<Record<string, string | number>>;
  /** 0 unless the refusal means what one of the service's own codes means. */
  code?: number;
}

/** Every refusal of the gateway: an HTTP status, the service's failure body and no caching. */
export function refuse(reply: FastifyReply, refusal: Refusal) {
  const { status, message, reason, details, code = 0 } = refusal;
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .send(failureOf(code, message, details === undefined ? { reason } : { reason, details }));
}
