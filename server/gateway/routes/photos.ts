import type { FastifyPluginCallback } from "fastify";
import { LOCAL_PHOTO_PREFIX, parseLocalPhotoPath } from "../../../src/lib/local-photo";
import type { ChannelAccess } from "../channel-access";
import { refuse } from "../refuse";

export interface PhotoOptions {
  channels: ChannelAccess;
}

/**
 * `GET /local-photos/…`: the pictures the local Channel API draws for its demo people and
 * channels, same-origin (the CSP's `img-src 'self'`), for a signed-in person who may see the
 * channel. A channel of the production service has none: its photos are the service's own
 * addresses, which the browser loads from their host as before.
 */
const NO_SUCH_PHOTO = {
  status: 404,
  message: "No such photo.",
  reason: "not-found",
  details: { path: LOCAL_PHOTO_PREFIX },
} as const;

export const photoRoutes: FastifyPluginCallback<PhotoOptions> = (app, options, done) => {
  app.get(
    `${LOCAL_PHOTO_PREFIX}*`,
    {
      preHandler: app.requireSession({
        message: "Sign in to see photos.",
        reason: "not-signed-in",
      }),
    },
    async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const photo = parseLocalPhotoPath(path);
      const account = request.session?.account;
      const channel = photo && account && options.channels.find(account, photo.groupId);
      if (!channel?.backend.photo) return refuse(reply, NO_SUCH_PHOTO);
      const answer = await channel.backend.photo(path);
      if (answer.status !== 200) return refuse(reply, NO_SUCH_PHOTO);
      return reply
        .header("content-type", answer.contentType)
        .header("cache-control", answer.cacheControl)
        .send(answer.body);
    },
  );
  done();
};
