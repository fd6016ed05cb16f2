import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fresh from "fresh";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import {
  LOCALE_COOKIE,
  pageAttributes,
  THEME_COOKIE,
  withPageAttributes,
} from "../../../src/lib/page-preferences";
import {
  matchRoute,
  preloadLinks,
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
} from "../route-preloads";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The page is revalidated (its ETag) at every load but may be kept: `no-store` on
 * the document would keep it out of the browser's back/forward cache. It holds no data of
 * the person signed in (that comes from /auth and /api, never cached), only the app's shell.
 */
export const PAGE_CACHE_CONTROL = "no-cache";

/**
 * Security headers that act on a document (what it may load, frame, open, send as referrer) and
 * mean nothing on a script or a style sheet: left off the built JS and CSS, whose first load
 * is some forty requests — about 0.6 kB each of headers a phone on a slow line would download
 * for nothing (issue 15). `nosniff` and the resource policy, which do act on them, stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

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
      // A route for each file dist/ holds when the gateway starts: files a new build adds are
      // served only after a restart (index.html too is read once). The catch-all route instead
      // checks each request's spelling against the folder, reading dist/ and dist/assets/ (some
      // 400 names) for every asset and every page: about 13 ms of the gateway's CPU for the
      // forty requests of a first load.
      wildcard: false,
      // No dotfiles, and no source maps (built "hidden" for error reports, not for visitors).
      dotfiles: "deny",
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      // No route of their own for the build's brotli and gzip copies (sent in place of their
      // file, never under their own names), the maps, nor index.html, which is never sent as
      // it is but made into each page (below).
      globIgnore: ["**/*.br", "**/*.gz", "**/*.map", "index.html"],
      setHeaders(reply, path) {
        // Vite names files under assets/ by their content: they never change, so cache them.
        // Everything else (favicon.svg, openapi.json) is revalidated at each use, so a new
        // version reaches everyone at their next load.
        const inDist = relative(root, path).split(sep);
        const immutable = inDist[0] === "assets";
        void reply.header("cache-control", immutable ? IMMUTABLE : PAGE_CACHE_CONTROL);
        if (immutable && /\.(?:js|css)(?:\.br|\.gz)?$/u.test(path)) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        }
      },
    });

    // index.html as built, read once when the gateway starts, as the routes' preloads are:
    // every page is made from it, and a new build is served after a restart.
    const index = await readFile(join(root, "index.html"), "utf8").catch(() => undefined);
    const routePages = index?.includes("</head>") ? await readRoutePages(root) : [];
    const pages = new Map<string, { html: string; etag: string }>();
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const route = matchRoute(routePages, request.url.split("?")[0] ?? "/");
      if (index === undefined) return reply.code(404).type("text/plain").send("Not found");
      // Whether a session came with it, for the shell (below); asked only for a page.
      await app.findSession.call(app, request, reply);
      // The language and the theme on <html>, from the person's cookies and languages, so no
      // script has to set them before the first paint (src/lib/page-preferences.ts).
      const attributes = {
        ...pageAttributes({
          localeCookie: request.cookies[LOCALE_COOKIE],
          themeCookie: request.cookies[THEME_COOKIE],
          acceptLanguage: request.headers["accept-language"],
        }),
        // No session (none, or one that has ended): the page will be the sign-in form.
        signedOut: request.session === null,
      };
      const key = `${route?.path ?? ""}|${attributes.lang}|${attributes.theme ?? ""}|${String(attributes.signedOut)}`;
      let page = pages.get(key);
      if (!page) {
        const withPreloads = route
          ? index.replace("</head>", `${preloadLinks(route.preload, attributes.lang)}  </head>`)
          : index;
        const html = withPageAttributes(withPreloads, attributes);
        page = { html, etag: etagOf(html) };
        pages.set(key, page);
      }
      void reply.header("cache-control", PAGE_CACHE_CONTROL);
      // accept-encoding too, which the compression plugin adds to a compressed answer: a 304
      // carries the Vary of the answer it stands for (RFC 9110, 15.4.5). In lower case, as the
      // plugin writes it, or it adds its own again.
      void reply.header("vary", "Cookie, Accept-Language, accept-encoding");
      void reply.header("etag", page.etag);
      // If-None-Match compares weakly, takes a list and `*` (RFC 9110, 13.1.2): `fresh`, as
      // the static files' plugin does it for the files.
      if (fresh(request.headers, { etag: page.etag })) return reply.code(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    };

    app.get("/", (request, reply) => sendPage(request, reply));
    // The build's own name for the page: the page, at its address, in the person's language.
    app.get("/index.html", (request, reply) => {
      const query = request.url.indexOf("?");
      return reply.redirect(query === -1 ? "/" : `/${request.url.slice(query)}`, 301);
    });

    // What no other route and no file answers: a page path answers with the app, which then
    // shows the page or its own "not found"; anything else is a 404 (the security plugin's).
    app.get("/*", async (request, reply) => {
      if (isPagePath(request)) return sendPage(request, reply);
      reply.callNotFound();
      return reply;
    });
  },
  { name: "spa", dependencies: ["security", "session"] },
);

interface RoutePage {
  path: string;
  preload: RoutePreload;
}

/**
 * Each route's preloads (written by the build: vite.config.ts, server/tools/route-preloads.ts),
 * for the `<link>`s put into the head of its page, so the browser asks for the page's chunks
 * and words while the entry downloads rather than after it has run. None when the build wrote
 * no preloads (a dist/ of an older build) or index.html has no head: every page is index.html.
 */
async function readRoutePages(root: string): Promise<RoutePage[]> {
  try {
    const preloads = JSON.parse(
      await readFile(join(root, ROUTE_PRELOADS_FILE), "utf8"),
    ) as RoutePreload[];
    return preloads.map((preload) => ({ path: preload.path, preload }));
  } catch {
    return [];
  }
}

/**
 * Weak: the page goes compressed (brotli, gzip) or not by the request's Accept-Encoding, the
 * same HTML in different bytes, and a strong validator would have to differ between them.
 */
function etagOf(html: string): string {
  return `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
}

/**
 * A GET of a path that names no file of the app's own: no extension, not an API path, and
 * written as the app writes its paths, with no empty segment ("//") and no segment of a dot
 * (`/.git/HEAD`, `/.well-known/…` are not pages: a 404, as the static files' rules answered
 * them before page paths had a route of their own).
 */
function isPagePath(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "/";
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !path.includes("//") &&
    !path.includes("/.") &&
    !path.startsWith("/api/") &&
    !path.startsWith("/auth/") &&
    !path.startsWith("/directory/") &&
    !path.startsWith("/hooks/") &&
    !path.startsWith("/assets/") &&
    !/\.[a-z0-9]+$/i.test(path)
  );
}
