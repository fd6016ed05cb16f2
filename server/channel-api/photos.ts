import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../src/contract/errors";
import { initials } from "../../src/lib/initials";
import { LOCAL_PHOTO_PREFIX, parseLocalPhotoPath } from "../../src/lib/local-photo";
import { avatarSvg } from "./demo/avatar";
import { failureBody } from "./http/failure";
import type { Db } from "./store/database";

/** A day: a person's name (so their initials) may change, the picture follows within a day. */
const PHOTO_CACHE_CONTROL = "private, max-age=86400";

/** The initials and style of the picture a path names, or undefined when nobody has it. */
function photoOf(db: Db, path: string): { initials: string; style: number } | undefined {
  const photo = parseLocalPhotoPath(path);
  if (!photo) return undefined;
  if (photo.kind === "channel") {
    const name = db.prepare("SELECT name FROM channels WHERE id = ?").pluck().get(photo.groupId);
    return typeof name === "string"
      ? { initials: initials(name), style: photo.groupId }
      : undefined;
  }
  const row = db
    .prepare(
      "SELECT first_name, last_name FROM subscribers WHERE channel_id = ? AND user_id = ? LIMIT 1",
    )
    .get(photo.groupId, photo.userId) as { first_name: string; last_name: string } | undefined;
  if (!row) return undefined;
  return { initials: initials(`${row.first_name} ${row.last_name}`), style: photo.style };
}

/**
 * `GET /local-photos/…`: the pictures the demo's photo addresses name, drawn here from the
 * person's or channel's initials, so the demo loads no image from another host.
 */
export function registerPhotoRoutes(app: FastifyInstance, db: Db): void {
  app.get(`${LOCAL_PHOTO_PREFIX}*`, (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const photo = photoOf(db, path);
    if (!photo) {
      void reply.code(404).send(failureBody(ErrorCode.Unknown, `no photo at ${path}`));
      return;
    }
    void reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", PHOTO_CACHE_CONTROL)
      .header("x-content-type-options", "nosniff")
      .send(avatarSvg(photo.initials, photo.style));
  });
}
