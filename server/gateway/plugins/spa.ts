import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import {
  matchRoute,
  preloadLinks,
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
} from "../route-preloads";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The page is revalidated (ETag, Last-Modified) at every load but may be kept: `no-store` on
 * the document would keep it out of the browser's back/forward cache. It holds no data of
 * the person signed in (that comes from /auth and /api, never cached), only the app's shell.
 */
export const PAGE_CACHE_CONTROL = "no-cache";

export interface SpaOptions {
  /** The built SPA (dist/), holding index.html. */
  root: string;
}

/**
 * The built SPA: the files of `dist/` (hashed assets cached for a year, the rest revalidated),
 * and index.html for any other page path, so a reload of `/c/1001/subscribers` opens the app.
 * A file with a `.br` or `.gz` copy written by the build is sent as that copy to a browser
 * that accepts it (`Content-Encoding`, `Vary: Accept-Encoding`); the others are compressed on
 * the fly by the compression plugin.
 */
export const spa = fp<SpaOptions>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // No dotfiles, and no source maps (built "hidden" for error reports, not for visitors).
      dotfiles: "deny",
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(reply, path) {
        // Vite names files under assets/ by their content: they never change, so cache them.
        // Everything else, index.html included, is revalidated at each use, so a new version
        // reaches everyone at their next load.
        const inDist = relative(root, path).split(sep);
        const immutable = inDist[0] === "assets";
        void reply.header("cache-control", immutable ? IMMUTABLE : PAGE_CACHE_CONTROL);
      },
    });

    const routePages = await readRoutePages(root);
    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      void reply.header("cache-control", PAGE_CACHE_CONTROL);
      const page = matchRoute(routePages, request.url.split("?")[0] ?? "/");
      if (!page) return reply.sendFile("index.html", root);
      void reply.header("etag", page.etag);
      if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    };

    app.get("/", (request, reply) => sendPage(request, reply));

    // What no route and no file answers would be a 404 (the security plugin's); a page path
    // answers with the app instead, which then shows the page or its own "not found".
    app.addHook("preHandler", async (request, reply) => {
      if (request.is404 && isPagePath(request)) await sendPage(request, reply);
    });
  },
  { name: "spa", dependencies: ["security"] },
);

interface RoutePage {
  path: string;
  html: string;
  etag: string;
}

/**
 * index.html for each route of the app, with `<link>`s to what its first load fetches beside
 * the entry (written by the build: vite.config.ts, server/tools/route-preloads.ts), so the
 * browser asks for the page's chunks while the entry downloads rather than after it has run.
 * None when the build wrote no preloads (a dist/ of an older build): every page is index.html.
 */
async function readRoutePages(root: string): Promise<RoutePage[]> {
  let preloads: RoutePreload[];
  let index: string;
  try {
    preloads = JSON.parse(
      await readFile(join(root, ROUTE_PRELOADS_FILE), "utf8"),
    ) as RoutePreload[];
    index = await readFile(join(root, "index.html"), "utf8");
  } catch {
    return [];
  }
  if (!index.includes("</head>")) return [];
  return preloads.map((preload) => {
    const html = index.replace("</head>", `${preloadLinks(preload)}  </head>`);
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
    return { path: preload.path, html, etag };
  });
}

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
