import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChannelApi } from "../../server/channel-api/app";
import { avatarSvg } from "../../server/channel-api/demo/avatar";
import { generateDemo } from "../../server/channel-api/demo/generate";
import { type Db, openDatabase } from "../../server/channel-api/store/database";
import { migrations } from "../../server/channel-api/store/migrations";
import { openSqlite } from "../../server/shared/sqlite";
import { parseLocalPhotoPath } from "../../src/lib/local-photo";
import { safeImageUrl } from "../../src/lib/safe-url";
import { Browser, type RunningGateway, startGateway } from "../support/gateway";
import { seedTestData, tgUserId } from "../support/seed";

describe("avatarSvg", () => {
  it("draws the same bytes for the same initials and style, and escapes the text", () => {
    expect(avatarSvg("AB", 3)).toBe(avatarSvg("AB", 3));
    expect(avatarSvg("AB", 3)).not.toBe(avatarSvg("AB", 4));
    expect(avatarSvg("AB", 3)).not.toBe(avatarSvg("AB", 13));
    expect(avatarSvg("ЮЯ", 0)).toContain(">ЮЯ</text>");
    const hostile = avatarSvg(`<&"'`, 0);
    expect(hostile).toContain("&lt;&amp;&quot;&apos;");
    expect(hostile).not.toContain(`<&`);
  });
});

describe("demo photos", () => {
  let db: Db;
  let api: FastifyInstance;

  beforeAll(() => {
    db = openDatabase(":memory:");
    generateDemo(db, { subscribers: 300, seed: 7, now: Date.UTC(2026, 2, 15, 12) });
    api = buildChannelApi({ db, rateLimit: 0 });
  });
  afterAll(async () => {
    await api.close();
    db.close();
  });

  it("point at no other host: every photo is a local path the app will show", () => {
    const photos = db
      .prepare("SELECT photo FROM subscribers UNION ALL SELECT photo FROM channels")
      .pluck()
      .all() as string[];
    const shown = photos.filter((photo) => photo !== "");
    expect(shown.length).toBeGreaterThan(photos.length / 2);
    for (const photo of shown) {
      expect(parseLocalPhotoPath(photo), photo).toBeDefined();
      expect(safeImageUrl(photo)).toBe(photo);
    }
  });

  it("are drawn by the local Channel API with the person's initials", async () => {
    const person = db
      .prepare("SELECT first_name, last_name, photo FROM subscribers WHERE photo <> '' LIMIT 1")
      .get() as { first_name: string; last_name: string; photo: string };
    const answer = await api.inject({ method: "GET", url: person.photo });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(answer.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const first = Array.from(person.first_name)[0]?.toLocaleUpperCase() ?? "";
    expect(answer.body).toContain(`>${first}`);
    const again = await api.inject({ method: "GET", url: person.photo });
    expect(again.body).toBe(answer.body);

    const channel = await api.inject({ method: "GET", url: "/local-photos/1001.svg" });
    expect(channel.statusCode).toBe(200);
    expect(channel.body).toContain(">CC</text>");
  });

  it("answer 404 with the failure body for nobody's photo or a malformed path", async () => {
    for (const url of [
      "/local-photos/1001/1-3.svg",
      "/local-photos/4242.svg",
      "/local-photos/1001/abc.svg",
      "/local-photos/",
    ]) {
      const answer = await api.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
      expect((JSON.parse(answer.body) as { success: boolean }).success).toBe(false);
    }
  });
});

describe("migration of an older demo database", () => {
  let dir = "";
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("turns the stock photo hosts into local photos and leaves other addresses alone", () => {
    dir = mkdtempSync(join(tmpdir(), "channel-api-"));
    const path = join(dir, "old.sqlite");
    // The database as it was just before the photo migration (later ones follow it).
    const photos = migrations.findIndex((sql) => sql.includes("'/local-photos/'"));
    expect(photos).toBeGreaterThan(0);
    const old = openSqlite(path, migrations.slice(0, photos), { what: "db", hint: "" });
    seedTestData(old);
    old.exec(`
      UPDATE subscribers SET photo = 'https://i.pravatar.cc/100?img=1' WHERE user_id = ${String(tgUserId(1))};
      UPDATE subscribers SET photo = 'https://i.pravatar.cc/200?img=70' WHERE user_id = ${String(tgUserId(2))};
      UPDATE subscribers SET photo = 'https://cdn.example.org/p.jpg' WHERE user_id = ${String(tgUserId(3))};
      UPDATE channels SET photo = 'https://picsum.photos/seed/coffee-club-tg/200' WHERE id = 1001;
    `);
    old.close();

    const db = openDatabase(path);
    try {
      const photoOf = (n: number) =>
        db.prepare("SELECT photo FROM subscribers WHERE user_id = ?").pluck().get(tgUserId(n));
      expect(photoOf(1)).toBe(`/local-photos/1001/${String(tgUserId(1))}-0.svg`);
      expect(photoOf(2)).toBe(`/local-photos/1001/${String(tgUserId(2))}-69.svg`);
      expect(photoOf(3)).toBe("https://cdn.example.org/p.jpg");
      expect(db.prepare("SELECT photo FROM channels WHERE id = 1001").pluck().get()).toBe(
        "/local-photos/1001.svg",
      );
    } finally {
      db.close();
    }
  });
});

describe("photos through the gateway", () => {
  let gateway: RunningGateway;
  const PASSWORD = "correct horse battery";
  const photo = `/local-photos/1001/${String(tgUserId(1))}-5.svg`;

  beforeAll(async () => {
    gateway = await startGateway({
      accounts: [
        { username: "sam", role: "support", channels: [1001], password: PASSWORD },
        { username: "vera", role: "support", channels: [1002], password: PASSWORD },
      ],
      rateLimit: 1000,
    });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("are served same-origin to a person who may see the channel, with the CSP", async () => {
    const sam = new Browser(gateway.url);
    expect((await sam.login("sam", PASSWORD)).status).toBe(200);
    const answer = await sam.request("GET", photo);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.text).toMatch(/^<svg /);
    expect(answer.headers.get("content-security-policy")).toContain("img-src 'self'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are refused to a signed-out visitor and to a person of another channel", async () => {
    const nobody = await new Browser(gateway.url).request("GET", photo);
    expect(nobody.status).toBe(401);
    const vera = new Browser(gateway.url);
    await vera.login("vera", PASSWORD);
    const other = await vera.request("GET", photo);
    expect(other.status).toBe(404);
    expect(other.body.success).toBe(false);
    const unknown = await vera.request("GET", "/local-photos/1002/1-3.svg");
    expect(unknown.status).toBe(404);
  });
});
