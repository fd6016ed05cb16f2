import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGatewayReason } from "../../src/contract/gateway-reasons";
import { sessionResponse } from "../../src/contract/session";
import { openGatewayDb } from "../../server/gateway/store/database";
import { Browser, type RunningGateway, startGateway } from "../support/gateway";

const PASSWORD = "correct horse battery";
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({
    accounts: [
      { username: "ann", role: "admin", channels: [1001], password: PASSWORD },
      { username: "bob", role: "support", channels: [1001], password: PASSWORD },
    ],
  });
});

afterAll(async () => {
  await gateway.close();
});

async function signedIn(username: string): Promise<Browser> {
  const browser = new Browser(gateway.url);
  expect((await browser.login(username, PASSWORD)).status).toBe(200);
  return browser;
}

describe("the account's language", () => {
  it("is null before any choice, and follows the person to another browser", async () => {
    const first = await signedIn("ann");
    const before = sessionResponse.parse((await first.request("GET", "/auth/session")).body);
    expect(before.locale).toBeNull();

    const saved = await first.request("POST", "/auth/locale", { locale: "ru" });
    expect(saved.status).toBe(204);
    expect(saved.headers.get("cache-control")).toBe("no-store");
    expect(sessionResponse.parse((await first.request("GET", "/auth/session")).body).locale).toBe(
      "ru",
    );

    // Another browser: the sign-in answer already carries it, before any page asks.
    const other = new Browser(gateway.url);
    const login = await other.login("ann", PASSWORD);
    expect(sessionResponse.parse(login.body).locale).toBe("ru");
    // Another account keeps its own.
    const bob = await signedIn("bob");
    expect(sessionResponse.parse((await bob.request("GET", "/auth/session")).body).locale).toBe(
      null,
    );
  });

  it("refuses a language the interface does not speak, with a reason, and keeps the old one", async () => {
    const browser = await signedIn("ann");
    expect((await browser.request("POST", "/auth/locale", { locale: "en" })).status).toBe(204);
    for (const body of [{ locale: "de" }, { locale: 1 }, {}, ["ru"], { locale: "RU" }]) {
      const answer = await browser.request("POST", "/auth/locale", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error_code: 12,
        reason: "locale-invalid",
      });
      expect(String(answer.body.error_message)).toMatch(/en, ru/);
    }
    expect(sessionResponse.parse((await browser.request("GET", "/auth/session")).body).locale).toBe(
      "en",
    );
  });

  it("is saved only with the app's header and a session", async () => {
    const browser = await signedIn("ann");
    const forged = await browser.request("POST", "/auth/locale", { locale: "ru" }, {});
    expect(forged.status).toBe(403);
    expect(forged.body.reason).toBe("csrf-header-missing");
    const stranger = await new Browser(gateway.url).request("POST", "/auth/locale", {
      locale: "ru",
    });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toMatchObject({ success: false, reason: "not-signed-in" });
    for (const answer of [forged, stranger]) {
      expect(isGatewayReason(answer.body.reason)).toBe(true);
    }
  });
});

describe("the gateway's store", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "gateway-locale-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("adds the locale column to a database of the version before, keeping its accounts", () => {
    const path = join(dir, "old.db");
    const old = new Database(path);
    old.exec(`
      CREATE TABLE accounts (username TEXT PRIMARY KEY, role TEXT NOT NULL, channels TEXT NOT NULL,
        password_hash TEXT NOT NULL, created_at INTEGER NOT NULL,
        password_changed_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE sessions (digest TEXT PRIMARY KEY, username TEXT NOT NULL, created_at INTEGER,
        last_seen_at INTEGER, expires_at INTEGER) WITHOUT ROWID;
      INSERT INTO accounts VALUES ('ann', 'admin', '[1001]', 'x', 1, 1);
      PRAGMA user_version = 1;
    `);
    old.close();
    const db = openGatewayDb(path);
    try {
      // 2 adds the locale; 3 (the subscriber directory's tables), 4 (campaign labels), 5 (the
      // directory's Russian name order), 6 (saved views) and 7 (jobs on segments) follow.
      expect(db.pragma("user_version", { simple: true })).toBe(7);
      expect(db.prepare("SELECT username, locale FROM accounts").all()).toEqual([
        { username: "ann", locale: null },
      ]);
    } finally {
      db.close();
    }
  });
});
