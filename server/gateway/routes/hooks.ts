import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { hookEvent, hookEventFromFields } from "../../../src/contract/hooks";
import type { HookLimits } from "../directory/hook-limits";
import { refuseWith } from "../directory/refusal";
import type { DirectoryService } from "../directory/service";

export interface HookRoutesOptions {
  service: DirectoryService;
  limits: HookLimits;
  log: (line: string) => void;
}

/** A hook's payload is a few hundred bytes; a bigger body is not one. */
const HOOK_BODY_LIMIT = 64 * 1024;
const GROUP_ID = /^[1-9]\d{0,15}$/;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compared in constant time: the answer's timing tells nothing about the secret. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** A query or form as name/value pairs; of a repeated name the last value counts. */
function pairsOf(fields: unknown): [string, string][] {
  if (typeof fields !== "object" || fields === null) return [];
  return Object.entries(fields as Record<string, unknown>).flatMap(([key, value]) => {
    const last: unknown = Array.isArray(value) ? value.at(-1) : value;
    return typeof last === "string" ? [[key, last] as [string, string]] : [];
  });
}

/**
 * `/hooks/<group_id>/<secret>`: subscribe and unsubscribe events pushed by the service's
 * WebHook API (a GET query, a JSON POST or a form POST; src/contract/hooks.ts). It answers
 * 200 "ok" at once and applies the event right after; a wrong secret is refused like an unknown
 * path and logged without the body.
 */
export const hookRoutes: FastifyPluginCallback<HookRoutesOptions> = (app, options, done) => {
  // Forms are read here only: the rest of the gateway takes JSON alone.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: HOOK_BODY_LIMIT },
    (_request, body, parsed) => {
      parsed(null, hookEventFromFields(new URLSearchParams(body as string)));
    },
  );

  const handler = (
    request: FastifyRequest<{ Params: { group: string; secret: string } }>,
    reply: FastifyReply,
  ) => {
    const { group, secret } = request.params;
    const address = request.ip;
    if (options.limits.blocked(address)) {
      return refuseWith(
        reply,
        429,
        "too many wrong hook calls; try again later",
        "hook-rate-limited",
      );
    }
    const directory = GROUP_ID.test(group) ? options.service.get(Number(group)) : undefined;
    const expected = directory?.hookSecret;
    if (!directory || expected === undefined || !sameSecret(secret, expected)) {
      options.limits.wrongSecret(address);
      options.log(
        `hook refused: ${directory ? `wrong secret for channel ${group}` : "no such channel"} ` +
          `(${request.method} from ${address})`,
      );
      return refuseWith(reply, 404, "nothing here", "hook-refused");
    }
    if (!options.limits.takeCall(directory.groupId)) {
      return refuseWith(
        reply,
        429,
        "too many hook calls for this channel; send it again later",
        "hook-rate-limited",
      );
    }
    const raw: unknown =
      request.method === "GET" ? hookEventFromFields(pairsOf(request.query)) : request.body;
    const parsed = hookEvent.safeParse(raw);
    if (!parsed.success || parsed.data.group_id !== directory.groupId) {
      options.log(`hook for channel ${group}: not an event of this channel (body not logged)`);
      return refuseWith(
        reply,
        400,
        "not a subscribe or unsubscribe event of this channel",
        "hook-malformed",
      );
    }
    const event = parsed.data;
    setImmediate(() => {
      try {
        directory.applyHook(event);
      } catch (error) {
        options.log(
          `hook for channel ${group}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    return reply.code(200).header("cache-control", "no-store").type("text/plain").send("ok");
  };

  const config = { withoutCsrfHeader: true };
  app.get("/hooks/:group/:secret", { config }, handler);
  app.post("/hooks/:group/:secret", { config, bodyLimit: HOOK_BODY_LIMIT }, handler);
  done();
};
