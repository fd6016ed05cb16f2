import type { FastifyInstance } from "fastify";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/channel-api/store/database";
import { type Assembled, assembleGateway } from "../../server/gateway/assemble";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { matchRoute, ROUTE_PRELOADS_FILE } from "../../server/gateway/route-preloads";
import { openGatewayDb } from "../../server/gateway/store/database";
import { routePreloads } from "../../server/tools/route-preloads";
import type { Manifest } from "../../bench/bundle-report";
import { seedTestData } from "../support/seed";

const INDEX = `<!doctype html><html lang="en"><head><title>Channel Desk</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
  </head><body><div id="root"></div></body></html>`;

/** A build's manifest: the entry, two pages with a shared chunk, and the schemas' chunk. */
const manifest: Manifest = {
  "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_react-r1.js"] },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "src/features/list/list-page.tsx": {
    file: "assets/list-page-l1.js",
    isDynamicEntry: true,
    imports: ["_react-r1.js", "_table-t1.js"],
    css: ["assets/list-page-l1.css"],
  },
  "src/features/list/count-page.tsx": {
    file: "assets/count-page-c1.js",
    isDynamicEntry: true,
    imports: ["_table-t1.js"],
  },
  "_table-t1.js": { file: "assets/table-t1.js", css: ["assets/table-t1.css"] },
  "src/api/schemas.ts": { file: "assets/schemas-s1.js", isDynamicEntry: true },
  "src/locales/en.po": { file: "assets/en-shared.js", isDynamicEntry: true },
  "src/locales/ru.po": { file: "assets/ru-shared.js", isDynamicEntry: true },
  "src/features/list/locales/en.po": { file: "assets/en-list.js", isDynamicEntry: true },
  "src/features/list/locales/ru.po": { file: "assets/ru-list.js", isDynamicEntry: true },
  "src/locales/csv/en.po": { file: "assets/en-csv.js", isDynamicEntry: true },
  "src/locales/csv/ru.po": { file: "assets/ru-csv.js", isDynamicEntry: true },
};
const routes = [
  { name: "list", path: "/c/:groupId/list", module: "@/features/list/list-page" },
  {
    name: "count",
    path: "/c/:groupId/list/count",
    module: "@/features/list/count-page",
    // A group of shared code whose catalog the page loads with its code (src/app/pages.ts).
    catalogs: ["csv"],
  },
];

describe("routePreloads (build)", () => {
  it("names each route's chunks and styles beyond the entry, with the schemas", () => {
    const sorted = routePreloads(manifest, routes, ["src/api/schemas.ts"]).map((route) => ({
      ...route,
      modules: route.modules.toSorted(),
      styles: route.styles.toSorted(),
    }));
    expect(sorted).toEqual([
      {
        path: "/c/:groupId/list",
        modules: ["/assets/list-page-l1.js", "/assets/schemas-s1.js", "/assets/table-t1.js"],
        styles: ["/assets/list-page-l1.css", "/assets/table-t1.css"],
        catalogs: {
          en: ["/assets/en-list.js", "/assets/en-shared.js"],
          ru: ["/assets/ru-list.js", "/assets/ru-shared.js"],
        },
      },
      {
        path: "/c/:groupId/list/count",
        modules: ["/assets/count-page-c1.js", "/assets/schemas-s1.js", "/assets/table-t1.js"],
        styles: ["/assets/table-t1.css"],
        catalogs: {
          en: ["/assets/en-csv.js", "/assets/en-list.js", "/assets/en-shared.js"],
          ru: ["/assets/ru-csv.js", "/assets/ru-list.js", "/assets/ru-shared.js"],
        },
      },
    ]);
  });
});

describe("routePreloads with a second entry", () => {
  it("leaves out a chunk another entry already imports, though the manifest keys it twice", () => {
    // A chunk that a second entry imports: Vite's manifest names it by its module and by its
    // file, and the entries' closure reaches it by the second key.
    const withBoot: Manifest = {
      ...manifest,
      "src/boot/boot.ts": { file: "assets/boot-b1.js", isEntry: true, imports: ["_schemas-s1.js"] },
      "_schemas-s1.js": { file: "assets/schemas-s1.js" },
    };
    const [list] = routePreloads(withBoot, routes, ["src/api/schemas.ts"]);
    expect(list?.modules.toSorted()).toEqual(["/assets/list-page-l1.js", "/assets/table-t1.js"]);
  });
});

describe("matchRoute", () => {
  const patterns = [
    { path: "/c/:groupId/subscribers/:recordId" },
    { path: "/c/:groupId/subscribers/count" },
    { path: "/c/:groupId" },
    { path: "/sign-in" },
  ];
  it("takes fixed segments before parameters, and needs every segment", () => {
    expect(matchRoute(patterns, "/c/1001/subscribers/count")?.path).toBe(
      "/c/:groupId/subscribers/count",
    );
    expect(matchRoute(patterns, "/c/1001/subscribers/7")?.path).toBe(
      "/c/:groupId/subscribers/:recordId",
    );
    expect(matchRoute(patterns, "/c/1001/")?.path).toBe("/c/:groupId");
    expect(matchRoute(patterns, "/sign-in")?.path).toBe("/sign-in");
    expect(matchRoute(patterns, "/c")).toBeUndefined();
    expect(matchRoute(patterns, "/c/1001/nothing/here/at-all")).toBeUndefined();
  });
});

describe("the gateway's pages with their preloads", () => {
  let root: string;
  let gateway: Assembled;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "gateway-preloads-"));
    mkdirSync(join(root, ".vite"));
    writeFileSync(join(root, "index.html"), INDEX);
    writeFileSync(
      join(root, ROUTE_PRELOADS_FILE),
      JSON.stringify(routePreloads(manifest, routes, ["src/api/schemas.ts"])),
    );
    gateway = await assembleGateway({
      db: openGatewayDb(":memory:"),
      env: {},
      log: () => undefined,
      channels: DEMO_CHANNELS,
      staticDir: root,
      openLocalDb: () => {
        const local = openDatabase(":memory:");
        seedTestData(local);
        return local;
      },
    });
    app = gateway.app;
  });

  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("puts a route's chunks and styles into the head of its page", async () => {
    const page = await app.inject({ method: "GET", url: "/c/1001/list?q=ann" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/list-page-l1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/schemas-s1.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/list-page-l1.css">',
    );
    expect(head).not.toContain("count-page");
    expect(page.body).toContain('<div id="root"></div>');
  });

  it("answers 304 to its own ETag, and another route's page has another", async () => {
    const first = await app.inject({ method: "GET", url: "/c/1001/list" });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: "/c/1001/list",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    const count = await app.inject({ method: "GET", url: "/c/1001/list/count" });
    expect(count.headers.etag).not.toBe(etag);
    expect(count.body).toContain("/assets/count-page-c1.js");
  });

  it("sends index.html as built to a path no route matches", async () => {
    const other = await app.inject({ method: "GET", url: "/somewhere/else" });
    expect(other.statusCode).toBe(200);
    // Asked with no session: the shell says so (data-signed-out), the page is otherwise as built.
    expect(other.body).toBe(INDEX.replace('<html lang="en">', '<html lang="en" data-signed-out>'));
  });

  it("paints <html> in the remembered language and theme, else the browser's languages", async () => {
    const chosen = await app.inject({
      method: "GET",
      url: "/c/1001/list",
      headers: { cookie: "cd_locale=ru; cd_theme=dark", "accept-language": "en-GB,en;q=0.9" },
    });
    expect(chosen.body).toMatch(
      /^<!doctype html><html lang="ru" data-theme="dark" data-signed-out><head>/u,
    );
    // The words of the page's language are asked for with its code, and only those.
    expect(chosen.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ru-list.js">',
    );
    expect(chosen.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ru-shared.js">',
    );
    expect(chosen.body).not.toContain("/assets/en-");
    expect(chosen.headers.vary).toMatch(/Cookie/u);
    expect(chosen.headers.vary).toMatch(/Accept-Language/u);

    const browser = await app.inject({
      method: "GET",
      url: "/somewhere/else",
      headers: { "accept-language": "de-DE, ru;q=0.8, en;q=0.5" },
    });
    expect(browser.body).toMatch(/^<!doctype html><html lang="ru" data-signed-out><head>/u);

    // Whatever a cookie says that is not a language or a theme of the interface is ignored.
    const forged = await app.inject({
      method: "GET",
      url: "/c/1001/list",
      headers: { cookie: 'cd_locale="><script>; cd_theme=<b>' },
    });
    expect(forged.body).toMatch(/^<!doctype html><html lang="en" data-signed-out><head>/u);

    // Each variant has its own ETag: a cached page in one language is never reused for another.
    expect(chosen.headers.etag).not.toBe(forged.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: "/c/1001/list",
      headers: {
        cookie: "cd_locale=ru; cd_theme=dark",
        "if-none-match": String(chosen.headers.etag),
      },
    });
    expect(again.statusCode).toBe(304);
  });
});
