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

const INDEX = `<!doctype html><html><head><title>Channel Desk</title>
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
};
const routes = [
  { name: "list", path: "/c/:groupId/list", module: "@/features/list/list-page" },
  { name: "count", path: "/c/:groupId/list/count", module: "@/features/list/count-page" },
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
      },
      {
        path: "/c/:groupId/list/count",
        modules: ["/assets/count-page-c1.js", "/assets/schemas-s1.js", "/assets/table-t1.js"],
        styles: ["/assets/table-t1.css"],
      },
    ]);
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
    expect(other.body).toBe(INDEX);
  });
});
