import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/channel-api/store/database";
import { type Assembled, assembleGateway } from "../../server/gateway/assemble";
import { DEMO_CHANNELS } from "../../server/gateway/config";
import { addAccount } from "../../server/gateway/store/accounts";
import { openGatewayDb } from "../../server/gateway/store/database";
import { DOCUMENT_ONLY_HEADERS } from "../../server/gateway/plugins/spa";
import { precompressDir } from "../../server/tools/precompress";
import { seedTestData } from "../support/seed";

const PASSWORD = "correct horse battery";
/** Text that compresses well and is far over the 1 KiB threshold. */
const filler = (label: string) =>
  Array.from({ length: 400 }, (_, i) => `${label}(${String(i)});`).join("\n");

let root: string;
let gateway: Assembled;
let app: FastifyInstance;
let cookie = "";

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "gateway-compression-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><title>Channel Desk</title>${"<p>shell</p>".repeat(200)}`,
  );
  writeFileSync(join(root, "assets", "index-abc123.js"), filler("console.log"));
  writeFileSync(join(root, "assets", "index-abc123.css"), filler(".row-").replace(/;/g, "{}"));
  await precompressDir(root);
  // Written after the build step: a file without copies, as if they had been deleted.
  writeFileSync(join(root, "assets", "lonely-def456.js"), filler("lonely"));
  writeFileSync(join(root, "assets", "tiny-0a1b2c.js"), "export{};");

  const db = openGatewayDb(":memory:");
  await addAccount(db, { username: "ada", role: "admin", channels: [], password: PASSWORD });
  gateway = await assembleGateway({
    db,
    env: {},
    log: () => undefined,
    channels: DEMO_CHANNELS,
    rateLimit: 1000,
    staticDir: root,
    openLocalDb: () => {
      const local = openDatabase(":memory:");
      seedTestData(local);
      return local;
    },
  });
  app = gateway.app;
  const login = await app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { "x-channel-desk": "1" },
    payload: { username: "ada", password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const setCookie = login.headers["set-cookie"];
  cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(";")[0] ?? "";
});

afterAll(async () => {
  await gateway.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
  app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

const file = (path: string) => readFileSync(join(root, path));

function decoded(answer: LightMyRequestResponse): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(answer.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return answer.body;
}

function expectSecurityHeaders(answer: LightMyRequestResponse) {
  expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("no-referrer");
}

/** A script or a style sheet: nosniff, and none of the headers that act on documents only. */
function expectAssetHeaders(answer: LightMyRequestResponse) {
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  for (const name of DOCUMENT_ONLY_HEADERS) expect(answer.headers[name], name).toBeUndefined();
}

describe("precompressed files", () => {
  it("sends the brotli copy to a browser that accepts br", async () => {
    const answer = await get("/assets/index-abc123.js", "gzip, deflate, br, zstd");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.rawPayload.equals(file("assets/index-abc123.js.br"))).toBe(true);
    expect(decoded(answer)).toBe(file("assets/index-abc123.js").toString());
    expectAssetHeaders(answer);
  });

  it("sends the gzip copy to a browser that accepts only gzip, and prefers by q-value", async () => {
    for (const accept of ["gzip", "br;q=0.5, gzip;q=1"]) {
      const answer = await get("/assets/index-abc123.css", accept);
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(answer.headers["content-type"]).toMatch(/^text\/css/);
      expect(answer.rawPayload.equals(file("assets/index-abc123.css.gz"))).toBe(true);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("sends the file itself when no encoding is accepted, still saying it varies", async () => {
    for (const accept of [undefined, "identity", "deflate"]) {
      const answer = await get("/assets/index-abc123.js", accept);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(answer.body).toBe(file("assets/index-abc123.js").toString());
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("answers HEAD with the headers of the encoded answer and no body", async () => {
    const answer = await get("/assets/index-abc123.js", "br", "HEAD");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.rawPayload.length).toBe(0);
  });

  it("compresses on the fly a file whose copies are missing, and not a tiny one", async () => {
    const lonely = await get("/assets/lonely-def456.js", "br, gzip");
    expect(lonely.statusCode).toBe(200);
    expect(lonely.headers["content-encoding"]).toBe("br");
    expect(lonely.headers.vary).toMatch(/accept-encoding/i);
    expect(lonely.headers.vary).not.toMatch(/accept-encoding.*accept-encoding/i);
    expect(decoded(lonely)).toBe(file("assets/lonely-def456.js").toString());
    expect(lonely.rawPayload.length).toBeLessThan(file("assets/lonely-def456.js").length / 4);
    expectAssetHeaders(lonely);

    const gz = await get("/assets/lonely-def456.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gz)).toBe(file("assets/lonely-def456.js").toString());
  });

  it("serves the page compressed, revalidated but never no-store (back/forward cache)", async () => {
    for (const path of ["/", "/c/1001/subscribers"]) {
      const answer = await get(path, "br");
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers["content-encoding"], path).toBe("br");
      expect(decoded(answer)).toContain("<title>Channel Desk</title>");
      expect(answer.headers["cache-control"], path).toBe("no-cache");
      expect(answer.headers.etag, path).toBeTruthy();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["permissions-policy"], path).toBe("unload=()");
      expectSecurityHeaders(answer);
    }
  });

  it("sends /index.html to the page, and the copies only in place of their files", async () => {
    const index = await app.inject({ method: "GET", url: "/index.html?x=1" });
    expect(index.statusCode).toBe(301);
    expect(index.headers.location).toBe("/?x=1");
    for (const path of ["/index.html.br", "/index.html.gz", "/assets/index-abc123.js.br"]) {
      const copy = await get(path, "br, gzip");
      expect(copy.statusCode, path).toBe(404);
      expect(copy.headers["content-encoding"], path).toBeUndefined();
    }
    // The file itself still goes as its brotli copy.
    const script = await get("/assets/index-abc123.js", "br");
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-encoding"]).toBe("br");
  });

  it("answers a revalidation of the page with 304", async () => {
    const first = await get("/c/1001/subscribers", "br");
    const again = await app.inject({
      method: "GET",
      url: "/c/1001/subscribers",
      headers: { "accept-encoding": "br", "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("gives the page a weak ETag, compared weakly, and the same Vary on 200 and 304", async () => {
    const etag = String((await get("/c/1001/subscribers", "br")).headers.etag);
    // The same HTML goes as brotli, gzip or plain: one validator for all is a weak one.
    expect(etag).toMatch(/^W\/"[\w-]+"$/u);
    const plain = await get("/c/1001/subscribers", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toBe(etag);
    const revalidate = (ifNoneMatch: string, acceptEncoding = "gzip") =>
      app.inject({
        method: "GET",
        url: "/c/1001/subscribers",
        headers: { "accept-encoding": acceptEncoding, "if-none-match": ifNoneMatch },
      });
    // As a cache may send it: strong, in a list, or any.
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
      const answer = await revalidate(ifNoneMatch);
      expect(answer.statusCode, ifNoneMatch).toBe(304);
      expect(answer.body, ifNoneMatch).toBe("");
      expect(answer.headers.etag, ifNoneMatch).toBe(etag);
      // RFC 9110, 15.4.5: the 304 carries the Vary the 200 would have had.
      expect(answer.headers.vary, ifNoneMatch).toMatch(/accept-encoding/iu);
      expect(answer.headers.vary, ifNoneMatch).toMatch(/cookie/iu);
    }
    const changed = await revalidate('W/"someOtherVersion"', "br");
    expect(changed.statusCode).toBe(200);
    expect(changed.headers["content-encoding"]).toBe("br");
    // Written once, not again by the compression plugin.
    expect(changed.headers.vary).not.toMatch(/accept-encoding.*accept-encoding/iu);
  });
});

describe("API answers", () => {
  const call = (count: number, acceptEncoding: string) =>
    app.inject({
      method: "POST",
      url: "/api/subscribers/get",
      headers: { "x-channel-desk": "1", cookie, "accept-encoding": acceptEncoding },
      payload: { group_id: 1001, count },
    });

  it("compresses a large answer, with its headers", async () => {
    const plain = await call(30, "identity");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const encoding of ["br", "gzip"]) {
      const answer = await call(30, encoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(plain.body));
      expectSecurityHeaders(answer);
    }
  });

  it("leaves a small answer as it is", async () => {
    const answer = await call(1, "br, gzip");
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(1024);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect((JSON.parse(answer.body) as { success: boolean }).success).toBe(true);
  });

  it("keeps refusals readable and uncompressed", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/api/subscribers/get",
      headers: { "accept-encoding": "br" },
      payload: { group_id: 1001 },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect((JSON.parse(answer.body) as { success: boolean }).success).toBe(false);
    expectSecurityHeaders(answer);
  });
});
