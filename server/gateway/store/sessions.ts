import { createHash, randomBytes } from "node:crypto";
import type { GatewayDb } from "./database";

/**
 * Server-side sessions. The browser holds a random 256-bit id in an HttpOnly cookie; the
 * database holds its SHA-256 digest. A session ends after `idleMs` without use, `maxMs` after
 * sign-in however busy it is (a stolen cookie does not live for ever), at sign-out, when its
 * account is removed or its password changes.
 */
export interface SessionRecord {
  username: string;
  expiresAt: number;
}

const digest = (id: string) => createHash("sha256").update(id).digest("base64url");

export class SessionStore {
  constructor(
    private readonly db: GatewayDb,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxMs: number = Number.POSITIVE_INFINITY,
  ) {}

  /** The next expiry of a session made at `createdAt`: idle limit, capped by its lifetime. */
  private expiryAt(at: number, createdAt: number): number {
    return Math.min(at + this.idleMs, createdAt + this.maxMs);
  }

  create(username: string): { id: string; expiresAt: number } {
    const id = randomBytes(32).toString("base64url");
    const at = this.now();
    const expiresAt = this.expiryAt(at, at);
    this.db
      .prepare(
        `INSERT INTO sessions (digest, username, created_at, last_seen_at, expires_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(digest(id), username, at, at, expiresAt);
    return { id, expiresAt };
  }

  /** The live session of an id, its expiry pushed forward (at most once a minute). */
  touch(id: string): SessionRecord | undefined {
    const key = digest(id);
    const at = this.now();
    const row = this.db
      .prepare(
        "SELECT username, created_at, last_seen_at, expires_at FROM sessions WHERE digest = ?",
      )
      .get(key) as
      | { username: string; created_at: number; last_seen_at: number; expires_at: number }
      | undefined;
    if (!row) return undefined;
    if (row.expires_at <= at) {
      this.db.prepare("DELETE FROM sessions WHERE digest = ?").run(key);
      return undefined;
    }
    if (at - row.last_seen_at < 60_000)
      return { username: row.username, expiresAt: row.expires_at };
    const expiresAt = this.expiryAt(at, row.created_at);
    this.db
      .prepare("UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE digest = ?")
      .run(at, expiresAt, key);
    return { username: row.username, expiresAt };
  }

  end(id: string): void {
    this.db.prepare("DELETE FROM sessions WHERE digest = ?").run(digest(id));
  }

  /** Drops expired sessions; run now and then so the table does not grow without end. */
  sweep(): number {
    return this.db.prepare("DELETE FROM sessions WHERE expires_at <= ?").run(this.now()).changes;
  }
}
