import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { relative, sep } from "node:path";

export interface SpaOptions {
  /** The built SPA (dist/), holding index.html. */
  root: string;
}

/**
 * The built SPA: the files of `dist/` (hashed assets cached for a year, index.html never),
 * and index.html for any other page path, so a reload of `/c/1001/subscribers` opens the app.
 */
export const spa = fp<SpaOptions>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      // No dotfiles, and no source maps (built "hidden" for error reports, not for visitors).
      dotfiles: "deny",
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(reply, path) {
        // Vite names files under assets/ by their content: they never change, so cache them.
        // index.html is never cached, so a new version reaches everyone at their next load.
        const inDist = relative(root, path).split(sep);
        const immutable = inDist[0] === "assets";
        const page = inDist.length === 1 && inDist[0] === "index.html";
        void reply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : page ? "no-store" : "no-cache",
        );
      },
    });

    const sendPage = (reply: FastifyReply) =>
      reply.header("cache-control", "no-store").sendFile("index.html", root);

    app.get("/", (_request, reply) => sendPage(reply));

    // What no route and no file answers would be a 404 (the security plugin's); a page path
    // answers with the app instead, which then shows the page or its own "not found".
    app.addHook("preHandler", async (request, reply) => {
      if (request.is404 && isPagePath(request)) await sendPage(reply);
    });
  },
  { name: "spa", dependencies: ["security"] },
);

/** A GET of a path that names no file of the app's own: no extension, not an API path. */
function isPagePath(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "/";
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !path.startsWith("/api/") &&
    !path.startsWith("/auth/") &&
    !path.startsWith("/directory/") &&
    !path.startsWith("/hooks/") &&
    !path.startsWith("/assets/") &&
    !/\.[a-z0-9]+$/i.test(path)
  );
}
